import type { Page } from "@playwright/test";
import { BLOG_ARTICLES } from "../src/shared/content/blog-index";
import { expect, test } from "./fixtures";

const article = BLOG_ARTICLES[0]!;

/** Every public page of the site, with its title and main heading. */
const PAGES: { path: string; title: string; heading: string | RegExp }[] = [
  {
    path: "/",
    title: "Balans — Eenvoudig boekhouden voor iedereen",
    heading: "Eenvoudig boekhouden voor iedereen",
  },
  { path: "/functionaliteiten", title: "Functionaliteiten — Balans", heading: /Alles voor je administratie/ },
  { path: "/prijzen", title: "Prijzen — Balans", heading: "Eén abonnement, alles inbegrepen" },
  { path: "/koppelingen", title: "Koppelingen — Balans", heading: /Je bank en je klanten/ },
  {
    path: "/online-boekhouden-zzp",
    title: "Online boekhouden voor zzp'ers — Balans",
    heading: "Online boekhouden voor zzp'ers",
  },
  {
    path: "/facturatie-zzp",
    title: "Facturatie voor zzp'ers — Balans",
    heading: /Facturen maken en versturen/,
  },
  {
    path: "/bonnetjes-scannen",
    title: "Bonnetjes en uitgaven bijhouden — Balans",
    heading: "Bonnetjes en uitgaven bijhouden",
  },
  {
    path: "/btw-aangifte",
    title: "Btw-aangifte voor zzp'ers — Balans",
    heading: "Btw-aangifte zonder stress",
  },
  { path: "/over", title: "Over Balans — Balans", heading: /Boekhouden zonder gedoe/ },
  { path: "/blog", title: "Blog — Balans", heading: "Blog" },
  {
    path: `/blog/category/${article.category.slug}`,
    title: `${article.category.name} — Blog — Balans`,
    heading: article.category.name,
  },
  {
    path: `/blog/tag/${article.tags[0]!.slug}`,
    title: `Artikelen over ${article.tags[0]!.name} — Blog — Balans`,
    heading: `#${article.tags[0]!.name}`,
  },
  { path: `/blog/${article.slug}`, title: `${article.title} — Balans`, heading: article.title },
  { path: "/support/faq", title: "Veelgestelde vragen — Balans", heading: "Veelgestelde vragen" },
  {
    path: "/legal/algemene-voorwaarden",
    title: "Algemene voorwaarden — Balans",
    heading: "Algemene voorwaarden",
  },
  { path: "/legal/privacy", title: "Privacyverklaring — Balans", heading: "Privacyverklaring" },
  {
    path: "/legal/verwerkersovereenkomst",
    title: "Verwerkersovereenkomst — Balans",
    heading: "Verwerkersovereenkomst",
  },
  { path: "/legal/cookiebeleid", title: "Cookiebeleid — Balans", heading: "Cookiebeleid" },
];

/** Collects requests to this server that failed or answered with an error status. */
function watchFailedRequests(page: Page): string[] {
  const failures: string[] = [];
  page.on("requestfailed", (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.url()}: ${response.status()}`);
  });
  return failures;
}

test.describe("public site", () => {
  for (const { path, title, heading } of PAGES) {
    test(`${path} is served prerendered, hydrates and passes axe`, async ({ page, checkAccessibility }) => {
      const failures = watchFailedRequests(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // The title and the content are in the HTML the server sends, before any script runs.
      const html = await response!.text();
      expect(html).toContain(`<title>${title.replaceAll("&", "&amp;")}</title>`);
      expect(html).toContain('<html lang="nl-NL"');
      expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+" \/>/);
      expect(html).toContain('<meta property="og:image:width" content="1200" />');

      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} Balans`);
      await page.waitForLoadState("networkidle");
      await checkAccessibility(page, path);
      expect(failures).toEqual([]);
    });
  }

  test("pages are hydrated: links navigate in the page, and the title follows", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("main").getByRole("link", { name: "Bekijk prijzen" }).click();
    await expect(page).toHaveURL("/prijzen");
    await expect(page).toHaveTitle("Prijzen — Balans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eén abonnement, alles inbegrepen");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("a link into the app loads the app's own build; back returns to the page", async ({ page }) => {
    await page.goto("/prijzen");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("banner").getByRole("link", { name: "Start gratis" }).click();
    await expect(page).toHaveURL("/aanmelden");
    await expect(page.getByRole("button", { name: "Account aanmaken" })).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
    // Back on the public page it came from.
    await page.goBack();
    await expect(page).toHaveURL("/prijzen");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eén abonnement, alles inbegrepen");
  });

  test("an unknown article is a 404 with 'Page Not Found'", async ({ page }) => {
    const response = await page.goto("/blog/bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });

  test("the header dropdowns work with the keyboard alone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const product = page.getByRole("button", { name: "Product" });
    const oplossingen = page.getByRole("button", { name: "Oplossingen" });

    // Skip link first, then the logo, then the first menu button.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Naar inhoud" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(product).toBeFocused();
    await expect(product).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Enter");
    await expect(product).toHaveAttribute("aria-expanded", "true");
    const productMenu = page.locator(`#${await product.getAttribute("aria-controls")}`);
    await expect(productMenu.getByRole("link", { name: /Functionaliteiten/ })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(productMenu.getByRole("link", { name: /Functionaliteiten/ })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(product).toHaveAttribute("aria-expanded", "false");
    await expect(productMenu).toBeHidden();
    await expect(product).toBeFocused();

    // Space opens the next one; opening a menu closes the other; a click outside closes it.
    await page.keyboard.press("Tab");
    await expect(oplossingen).toBeFocused();
    await page.keyboard.press("Space");
    await expect(oplossingen).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(oplossingen).toHaveAttribute("aria-expanded", "false");

    // ArrowDown opens and moves into the menu; Enter on a link navigates and closes the menu.
    await oplossingen.focus();
    await page.keyboard.press("ArrowDown");
    const header = page.getByRole("banner");
    const facturatie = header.getByRole("link", { name: /^Facturatie/ });
    await expect(header.getByRole("link", { name: /^Online boekhouden/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(facturatie).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/facturatie-zzp");
    await expect(oplossingen).toHaveAttribute("aria-expanded", "false");
  });

  test("the mobile menu mirrors the header and works with the keyboard", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Product" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Mobiel menu" });
    for (const name of [
      "Functionaliteiten",
      "Koppelingen",
      "Facturatie",
      "Btw-aangifte",
      "Prijzen",
      "Blog",
      "Over",
    ]) {
      await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: /^Functionaliteiten/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/functionaliteiten");
    await expect(menu).toBeHidden();
  });

  test("an article has its reading time, related posts and structured data", async ({ page }) => {
    const response = await page.goto(`/blog/${article.slug}`);
    const html = await response!.text();
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('<meta property="og:type" content="article" />');
    await expect(page.getByText(`${article.readingMinutes} min lezen`).first()).toBeVisible();
    const related = page.getByRole("region", { name: "Lees ook" });
    await expect(related.getByRole("article")).toHaveCount(3);
    await related.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page).not.toHaveURL(`/blog/${article.slug}`);
  });

  test("an image that cannot load shows 'Afbeelding niet beschikbaar'", async ({ page }) => {
    await page.route("**/images/blog/**", (route) => route.abort());
    await page.goto("/blog");
    await expect(page.getByText("Afbeelding niet beschikbaar").first()).toBeVisible();
  });

  test("the FAQ is searchable on the page and opens like an accordion", async ({ page }) => {
    const response = await page.goto("/support/faq");
    expect(await response!.text()).toContain('"@type":"FAQPage"');
    const search = page.getByRole("searchbox", { name: "Zoek in de veelgestelde vragen" });
    await search.fill("creditnota");
    await expect(page.getByRole("main").getByText(/\d+ vragen? gevonden/)).toBeVisible();
    const question = page.getByRole("button", { name: "Hoe corrigeer ik een factuur die al verstuurd is?" });
    await expect(question).toBeVisible();
    await expect(page.getByRole("button", { name: "Wat kost Balans?" })).toBeHidden();
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByRole("region", { name: "Hoe corrigeer ik een factuur die al verstuurd is?" }),
    ).toContainText("creditnota");
    await search.fill("xyzzy");
    await expect(page.getByText("Geen vragen gevonden voor ‘xyzzy’")).toBeVisible();
  });

  test("a link to one question (as the site search gives) opens it", async ({ page }) => {
    await page.goto("/support/faq#kor");
    const question = page.getByRole("button", { name: /kleineondernemersregeling \(KOR\)/ });
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(question).toBeInViewport();
  });

  test("sitemap.xml lists the pages and robots.txt keeps crawlers out of the app", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const { path } of PAGES) expect(sitemap).toContain(`${path === "/" ? "/" : path}</loc>`);
    // Pages reached only from a search or an e-mail link stay out of the sitemap and out of the index.
    for (const path of ["/zoeken", "/nieuwsbrief/bevestigen", "/nieuwsbrief/afmelden"]) {
      expect(sitemap).not.toContain(`${path}</loc>`);
      expect(await (await request.get(path)).text()).toContain('<meta name="robots" content="noindex" />');
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /app");
    expect(robots).toContain("Disallow: /api");
  });
});

test.describe("a signed-in visitor on the public site", () => {
  test("is led back into the app, and asked before a demo replaces the session", async ({ page, user }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Naar de app" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Inloggen" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Start gratis" })).toHaveCount(0);

    await page.getByRole("button", { name: "Probeer Demo" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("alert")).toContainText("Je bent ingelogd");
    await expect(dialog.getByRole("button", { name: "Uitloggen en demo starten" })).toBeVisible();
    await dialog.getByRole("button", { name: "Annuleren" }).click();

    await header.getByRole("link", { name: "Naar de app" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("a visitor who is not signed in sees 'Inloggen' and 'Start gratis'", async ({ page }) => {
    await page.goto("/functionaliteiten");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Start gratis" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Naar de app" })).toHaveCount(0);
  });
});

test("the KOR article's long title stays within a 390 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/blog/kleineondernemersregeling-kor");
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toContainText("kleineondernemersregeling");
  const box = (await title.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/screenshots/kor-article-390.png" });
});

test("the home page's structured data describes the product without self-published ratings", async ({
  page,
}) => {
  await page.goto("/");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = blocks.map((block) => (JSON.parse(block) as { "@type": string })["@type"]);
  expect(types).toContain("SoftwareApplication");
  for (const block of blocks) {
    expect(block).not.toMatch(/AggregateRating|"Review"|ratingValue/);
  }
});
