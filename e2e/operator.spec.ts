import type { Page } from "@playwright/test";
import { expect, test, toasts, uniqueUsername } from "./fixtures";

/** The server refuses a contact form sent within 3 seconds of being shown (the too-fast check). */
const MIN_FILL_TIME_MS = 3000;

/** An operator made as `npm run operator:create` makes one (through the browser tests' helper route). */
async function createOperator(page: Page): Promise<{ email: string; password: string }> {
  const email = `${uniqueUsername("beheer")}@balans.nl`;
  const response = await page.request.post("/api/test/operator", { data: { email } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { email: string; password: string };
}

async function sendContactMessage(page: Page, subject: string, email: string) {
  await page.goto("/support/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Neem contact op" })).toBeVisible();
  const shownAt = Date.now();
  const form = page.getByRole("main");
  await form.getByLabel("Naam", { exact: true }).fill("Noor Jansen");
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Waar gaat je vraag over?").selectOption({ label: "Hulp bij Balans" });
  await form.getByLabel("Onderwerp").fill(subject);
  await form.getByLabel("Bericht").fill("Kan ik de btw-aangifte per maand doen in plaats van per kwartaal?");
  // A second more than the check asks: the form's clock starts when its page has loaded, later on a busy machine.
  await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 1500 - (Date.now() - shownAt)));
  await page.getByRole("button", { name: "Bericht versturen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bericht verzonden" })).toBeVisible();
}

test("an operator signs in, reads a contact message from the public form and answers it", async ({
  page,
  checkAccessibility,
}) => {
  const subject = `Btw per maand ${Date.now().toString(36)}`;
  const sender = `${uniqueUsername("noor")}@voorbeeld.nl`;
  await sendContactMessage(page, subject, sender);

  const operator = await createOperator(page);
  // The visitor's browser was signed out: the operator signs in in it.
  const office = page;
  await office.goto("/beheer");
  await expect(office).toHaveURL(/\/beheer\/inloggen$/);
  await expect(office.getByRole("heading", { level: 1, name: "Beheer" })).toBeVisible();
  await checkAccessibility(office, "operator sign-in");

  // Wrong password: a Dutch message, still on the sign-in page.
  await office.getByLabel("E-mailadres").fill(operator.email);
  await office.getByLabel("Wachtwoord").fill("niet-het-wachtwoord");
  await office.getByRole("button", { name: "Inloggen" }).click();
  await expect(toasts(office)).toContainText("Onjuiste gebruikersnaam of wachtwoord");

  await office.getByLabel("Wachtwoord").fill(operator.password);
  await office.getByRole("button", { name: "Inloggen" }).click();
  await expect(office.getByRole("heading", { level: 1, name: "Contactberichten" })).toBeVisible();

  const message = office.getByRole("article", { name: `${subject} van Noor Jansen` });
  await expect(message).toContainText("Nieuw");
  await expect(message).toContainText(sender);
  await office.screenshot({ path: "/tmp/operator-contact.png", fullPage: true });
  await checkAccessibility(office, "contact messages");

  await message.getByRole("button", { name: "Beantwoorden" }).click();
  await message.getByRole("button", { name: "Verstuur antwoord" }).click();
  await expect(message.getByText("Schrijf een antwoord")).toBeVisible();
  await message
    .getByLabel("Antwoord aan Noor Jansen")
    .fill("Ja: kies in Instellingen een aangifte per maand.");
  await message.getByRole("button", { name: "Verstuur antwoord" }).click();
  await expect(toasts(office)).toContainText("Antwoord verstuurd");
  await expect(message).toContainText("Beantwoord");
  await expect(message).toContainText("Antwoord van " + operator.email);
  await expect(message.getByRole("button", { name: "Beantwoorden" })).toHaveCount(0);

  // The sender got the answer by mail.
  const mail = await office.request.get(`/api/test/outbox?recipient=${encodeURIComponent(sender)}`);
  const answer = (await mail.json()) as { subject: string; text: string };
  expect(answer.subject).toMatch(new RegExp(`^Re: ${subject} \\(BAL-`));
  expect(answer.text).toContain("Ja: kies in Instellingen een aangifte per maand.");

  // The other screens, with their empty states where there is nothing yet.
  await office.getByRole("link", { name: "Functies" }).click();
  await expect(office.getByRole("heading", { level: 1, name: "Functies" })).toBeVisible();
  await expect(office.getByText("Geen feature flags", { exact: true })).toBeVisible();
  await office.getByRole("link", { name: "Privacy" }).click();
  await expect(office.getByRole("heading", { level: 1, name: "Privacyverzoeken" })).toBeVisible();
  await office.getByRole("link", { name: "Taken" }).click();
  await expect(office.getByRole("heading", { level: 1, name: "Taken" })).toBeVisible();
  await office.screenshot({ path: "/tmp/operator-jobs.png", fullPage: true });

  // The customer app does not exist for an operator: it lands in the back office.
  await office.goto("/app/dashboard");
  await expect(office).toHaveURL(/\/beheer$/);
  await expect(office.getByRole("heading", { level: 1, name: "Contactberichten" })).toBeVisible();

  await office.setViewportSize({ width: 390, height: 844 });
  await office.goto("/beheer");
  await expect(message).toContainText("Beantwoord");
  await office.screenshot({ path: "/tmp/operator-contact-390.png", fullPage: true });

  await office.getByRole("button", { name: "Uitloggen" }).click();
  await expect(office).toHaveURL(/\/beheer\/inloggen$/);
  await office.screenshot({ path: "/tmp/operator-login-390.png" });
});

test("a customer finds no back office", async ({ page, user }) => {
  expect(user.id).toBeTruthy();
  for (const path of ["/beheer", "/beheer/inloggen", "/beheer/functies"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  }
  const api = await page.request.get("/api/operator/contact-messages");
  expect(api.status()).toBe(404);
});

test("the footer and the legal pages name the company behind Balans", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Balans B.V.");
  // This build sets no KvK number or btw-id (COMPANY_*): none is made up.
  await expect(footer).not.toContainText("KvK");
  for (const path of ["/legal/algemene-voorwaarden", "/legal/privacy"]) {
    await page.goto(path);
    const details = page.getByRole("region", { name: "Wie is Balans?" });
    await expect(details).toContainText("Balans B.V.");
    await expect(details).toContainText("Utrecht");
    await expect(details).toContainText("support@balans.nl");
  }
  await page.screenshot({ path: "/tmp/operator-privacy-desktop.png", fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/legal/algemene-voorwaarden");
  await page.getByRole("region", { name: "Wie is Balans?" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/operator-terms-390.png" });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: "/tmp/operator-footer-390.png" });
});
