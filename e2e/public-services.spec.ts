import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The server refuses a contact form sent within 3 seconds of being shown (the too-fast check). */
const MIN_FILL_TIME_MS = 3000;

async function fillContactForm(page: Page, email: string) {
  // The footer has a newsletter form with its own e-mail field: the contact form is the one in the main content.
  const form = page.getByRole("main");
  await form.getByLabel("Naam", { exact: true }).fill("Sanne de Vries");
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Bedrijfsnaam").fill("De Vries Ontwerp");
  await form.getByLabel("Waar gaat je vraag over?").selectOption({ label: "Hulp bij Balans" });
  await form.getByLabel("Onderwerp").fill("Btw-aangifte voorbereiden");
  await form
    .getByLabel("Bericht")
    .fill("Kan ik mijn btw-aangifte over het derde kwartaal met Balans voorbereiden?");
}

test.describe("contact form", () => {
  test("sends a message and confirms it on screen", async ({ page, checkAccessibility }) => {
    await page.goto("/support/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Neem contact op" })).toBeVisible();
    await checkAccessibility(page, "contact");

    // Validation in Dutch before anything is sent.
    await page.getByRole("button", { name: "Bericht versturen" }).click();
    await expect(page.getByText("Naam is verplicht")).toBeVisible();
    await expect(page.getByText("E-mailadres is verplicht")).toBeVisible();
    await expect(page.getByText("Bericht is verplicht")).toBeVisible();

    const shownAt = Date.now();
    await fillContactForm(page, "sanne.e2e@example.nl");
    await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - shownAt)));
    await page.getByRole("button", { name: "Bericht versturen" }).click();

    const confirmation = page.getByRole("status").filter({ hasText: "Bericht verzonden" });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText("sanne.e2e@example.nl");
    await expect(confirmation).toContainText(/BAL-[0-9A-F]{8}/);
    await expect(confirmation).toBeFocused();
    await checkAccessibility(page, "contact sent");

    // The visitor's confirmation e-mail is in the outbox.
    const mail = await page.request.get("/api/test/outbox?recipient=sanne.e2e@example.nl");
    expect(((await mail.json()) as { subject: string }).subject).toMatch(/^We hebben je bericht ontvangen/);
  });

  test("refuses a message whose hidden honeypot field was filled in", async ({ page }) => {
    await page.goto("/support/contact");
    const shownAt = Date.now();
    await fillContactForm(page, "bot.e2e@example.nl");
    // What a form-filling bot does: it fills every input, including the one people never see.
    await page
      .getByRole("main")
      .locator('input[name="website"]')
      .fill("http://spam.example", { force: true });
    await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - shownAt)));
    await page.getByRole("button", { name: "Bericht versturen" }).click();

    await expect(page.getByRole("alert")).toHaveText(
      "Je bericht kon niet worden verzonden. Probeer het opnieuw of mail ons op support@balans.nl.",
    );
    await expect(page.getByRole("button", { name: "Bericht versturen" })).toBeVisible();
    expect((await page.request.get("/api/test/outbox?recipient=bot.e2e@example.nl")).status()).toBe(404);
  });
});

test("newsletter: sign up, confirm through the e-mailed link, then unsubscribe", async ({
  page,
  checkAccessibility,
}) => {
  const email = `nieuwsbrief.${Date.now()}@example.nl`;
  await page.goto("/support");
  // The sign-up sits in the footer of every public page.
  const signup = page.getByRole("contentinfo").getByRole("form", { name: "Aanmelden voor de nieuwsbrief" });
  await signup.getByLabel("E-mailadres voor de nieuwsbrief").fill(email);
  await signup.getByRole("button", { name: "Aanmelden" }).click();
  // Consent is required and never pre-ticked.
  await expect(page.getByText("Geef toestemming om je de nieuwsbrief te mogen sturen")).toBeVisible();
  await signup.getByRole("checkbox").check();
  await signup.getByRole("button", { name: "Aanmelden" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bijna klaar!" })).toBeVisible();

  const mail = (await (await page.request.get(`/api/test/outbox?recipient=${email}`)).json()) as {
    text: string;
  };
  const confirmUrl = /https?:\/\/\S+\/nieuwsbrief\/bevestigen\?token=\S+/.exec(mail.text)![0];
  const unsubscribeUrl = /https?:\/\/\S+\/nieuwsbrief\/afmelden\?token=\S+/.exec(mail.text)![0];

  await page.goto(new URL(confirmUrl).pathname + new URL(confirmUrl).search);
  await expect(page.getByRole("heading", { level: 1, name: "Aanmelding bevestigd" })).toBeVisible();
  await expect(page.getByText("Je aanmelding is bevestigd.")).toBeVisible();
  await checkAccessibility(page, "newsletter confirmed");

  // The link works once.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dat is niet gelukt" })).toBeVisible();

  await page.goto(new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search);
  await expect(page.getByRole("heading", { level: 1, name: "Je bent afgemeld" })).toBeVisible();
});

test("search from the support page, with suggestions, to highlighted results", async ({
  page,
  checkAccessibility,
}) => {
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "Hoe kunnen we je helpen?" })).toBeVisible();
  await checkAccessibility(page, "support");

  const box = page.getByRole("combobox", { name: "Zoeken in Balans" });
  await box.fill("btw");
  const suggestions = page.getByRole("listbox", { name: "Zoeksuggesties" });
  await expect(suggestions.getByRole("option").first()).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  // Escape closes the list; Enter searches for what was typed.
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.press("Enter");

  await expect(page).toHaveURL(/\/zoeken\?q=btw$/);
  const results = page.getByRole("list").filter({ has: page.locator("mark") });
  await expect(results.getByRole("listitem").first()).toBeVisible();
  await expect(page.locator("mark").first()).toHaveText(/btw/i);
  await expect(page.getByRole("status")).toContainText("voor ‘btw’");
  await checkAccessibility(page, "search results");

  // A suggestion picked with the keyboard searches for it.
  const resultsBox = page.getByRole("combobox", { name: "Zoeken in Balans" });
  await resultsBox.fill("btw");
  await expect(page.getByRole("option").first()).toBeVisible();
  await resultsBox.press("ArrowDown");
  const picked = await page.getByRole("option", { selected: true }).textContent();
  await resultsBox.press("Enter");
  await expect(page).toHaveURL(`/zoeken?${new URLSearchParams({ q: picked!.trim() })}`);
});

test("the status page shows live health with the database latency", async ({ page, checkAccessibility }) => {
  await page.goto("/support/status");
  await expect(page.getByRole("heading", { level: 2, name: "Alle systemen werken" })).toBeVisible();
  await expect(page.getByTestId("database-latency")).toHaveText(/^\d+(,\d+)? ms$/);
  await expect(page.getByText("0.1.0")).toBeVisible();
  await expect(page.getByRole("table", { name: "Laatste uitvoering per achtergrondtaak" })).toContainText(
    "Verlopen sessies opruimen",
  );
  await checkAccessibility(page, "status");
});
