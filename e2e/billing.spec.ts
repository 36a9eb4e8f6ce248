import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { expect, saveCompanyData, test as base, toasts } from "./fixtures";

const SHOTS = process.env.BILLING_SHOTS ?? "test-results/screenshots";
/** The local double of Mollie's API that playwright.config.ts starts beside the server. */
const MOLLIE_DOUBLE_URL = `https://127.0.0.1:${Number(process.env.E2E_PORT ?? 3999) + 1000}`;
/** Where the provider sends the payer back: the server's own address, as it has no PUBLIC_URL in the tests. */
const RETURN_BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3999)}`;
/** BILLING_MOLLIE_API_KEY and BILLING_ADMINISTRATION_USERNAME of the server in playwright.config.ts. */
const BILLING_KEY = "test_e2eBillingKey00000000000000000000";
const BILLER = "balans_facturatie";
const READ_ONLY_TEXT =
  "Je proefperiode is afgelopen. Start een abonnement om weer te boeken; je gegevens blijven bewaard.";

/**
 * The provider's hosted checkout is another site by nature: this journey visits the double's checkout page, so
 * the guard against third-party requests allows that one origin here (and nothing else).
 */
const test = base.extend<{ guardPage: void }>({
  // An override keeps the fixture's own options: it still runs for every test.
  guardPage: async ({ page, baseURL }, use) => {
    const problems: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      const isOwn =
        url.startsWith(baseURL!) || url.startsWith(MOLLIE_DOUBLE_URL) || url.startsWith(RETURN_BASE);
      if (!isOwn && !url.startsWith("data:") && !url.startsWith("blob:")) {
        problems.push(`third-party request: ${url}`);
      }
    });
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(`console.error: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await use();
    expect(problems, "the page logged errors").toEqual([]);
  },
});
test.use({ ignoreHTTPSErrors: true });

/** The account whose books issue Balans's invoices, with complete company data; made once per run. */
async function ensureBiller(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const registered = await page.request.post("/api/register", {
    data: {
      username: BILLER,
      password: "e2e-wachtwoord",
      email: `${BILLER}@voorbeeld.nl`,
      firstName: "Balans",
      companyName: "Balans B.V.",
      acceptTerms: true,
    },
  });
  if (registered.status() === 201) await saveCompanyData(page);
  await context.close();
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/billing-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("Trial and subscription", () => {
  test("the trial banner, read-only after the trial, subscribing at the checkout, cancelling", async ({
    page,
    user,
    browser,
    checkAccessibility,
  }) => {
    const double = await playwrightRequest.newContext({
      baseURL: MOLLIE_DOUBLE_URL,
      ignoreHTTPSErrors: true,
    });
    expect((await double.post("/_double/keys", { data: { key: BILLING_KEY } })).status()).toBe(200);
    await ensureBiller(browser);

    // A new account: fourteen days, shown calmly above every screen.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/app/dashboard");
    const trial = page.getByRole("region", { name: "Proefperiode" });
    await expect(trial).toContainText("Je proefperiode loopt nog 14 dagen, tot en met");
    await checkAccessibility(page, "trial banner");
    await shoot(page, "trial");

    // The trial ends (the server is told so; the clock itself cannot move in another process).
    const ended = await page.request.post("/api/test/billing/end-trial", {
      data: { username: user.username },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    await page.goto("/app/clients");
    const readOnly = page.getByRole("region", { name: "Abonnement" });
    await expect(readOnly).toContainText("Je proefperiode is afgelopen.");
    await page.getByRole("button", { name: "Klant toevoegen" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe klant" });
    await dialog.getByLabel("Naam", { exact: true }).fill("Bakkerij De Korenschoof");
    await dialog.getByRole("button", { name: "Klant toevoegen" }).click();
    // The client form keeps its own (spec) toast; the banner above says why, and the API answers the reason.
    await expect(toasts(page).getByText("Kon klant niet toevoegen")).toBeVisible();
    await dialog.getByRole("button", { name: "Annuleren" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Begin met het toevoegen van je eerste klant")).toBeVisible();
    const refused = await page.request.post("/api/clients", { data: { name: "Bakkerij De Korenschoof" } });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(READ_ONLY_TEXT);
    await checkAccessibility(page, "read-only banner");
    await shoot(page, "read-only");

    // Settings → Abonnement → 'Abonnement starten' → the provider's checkout → back, active.
    await readOnly.getByRole("link", { name: "Abonnement starten" }).click();
    await expect(page).toHaveURL(/tab=subscription/);
    const card = page.getByRole("tabpanel", { name: "Abonnement" });
    await expect(card).toContainText("per maand excl. btw");
    await expect(card).toContainText("Alleen-lezen");
    await checkAccessibility(page, "subscription tab, read-only");
    await shoot(page, "settings-read-only");
    await card.getByRole("button", { name: "Abonnement starten" }).click();
    await expect(page).toHaveURL(new RegExp(`^${MOLLIE_DOUBLE_URL}/checkout/tr_`));
    await expect(page.getByText("€ 26.62")).toBeVisible();
    await page.getByRole("button", { name: "Betalen" }).click();

    // Back at Balans's address (localhost here, the cookie's host is 127.0.0.1): the same screen, signed in.
    await expect(page).toHaveURL(`${RETURN_BASE}/app/settings?tab=subscription`);
    await page.goto("/app/settings?tab=subscription");
    await expect(card.getByText("Actief", { exact: true })).toBeVisible();
    await expect(card).toContainText("daarna wordt het elke maand verlengd");
    await expect(readOnly).toBeHidden();
    await expect(card.getByRole("link", { name: /^Factuur .* downloaden$/ })).toBeVisible();
    const subscriptions = (await (await double.get("/_double/subscriptions")).json()) as Array<{
      status: string;
      interval: string;
    }>;
    expect(subscriptions.filter((subscription) => subscription.status === "active").length).toBeGreaterThan(
      0,
    );
    await checkAccessibility(page, "subscription tab, active");
    await shoot(page, "active");

    // Writing works again.
    const client = await page.request.post("/api/clients", { data: { name: "Bakkerij De Korenschoof" } });
    expect(client.status(), await client.text()).toBe(201);

    // 'Opzeggen': cancelled at the provider, active until the paid month ends.
    await card.getByRole("button", { name: "Opzeggen" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Abonnement opzeggen?" });
    await confirm.getByRole("button", { name: "Opzeggen" }).click();
    await expect(toasts(page).getByText("Abonnement opgezegd")).toBeVisible();
    await expect(card.getByText("Opgezegd", { exact: true })).toBeVisible();
    await expect(card).toContainText("Je kunt boeken tot en met");
    await expect(card.getByRole("button", { name: "Abonnement starten" })).toBeVisible();
    const after = (await (await double.get("/_double/subscriptions")).json()) as Array<{ status: string }>;
    expect(after.some((subscription) => subscription.status === "canceled")).toBe(true);
    await shoot(page, "cancelled");
    await double.dispose();
  });
});
