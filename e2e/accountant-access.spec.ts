import type { Page } from "@playwright/test";
import { businessDate } from "../src/shared/dates";
import { ADMINISTRATION_MESSAGES } from "../src/shared/schemas/administrations";
import { expect, expectNoOverflow, mailedToken, test, toasts, uniqueUsername } from "./fixtures";

const SHOTS = "/tmp/access";
const JOB_SHOTS = "/tmp/shots/jobs";

/** Registers and confirms an account in this page's browser context, as the user fixture does. */
async function registerConfirmed(page: Page, companyName: string): Promise<{ email: string }> {
  const username = uniqueUsername("acc");
  const email = `${username}@kantoor.nl`;
  const response = await page.request.post("/api/register", {
    data: { username, password: "e2e-wachtwoord", email, firstName: "Jan", companyName, acceptTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  const confirmed = await page.request.post("/api/email-confirmation", {
    data: { token: await mailedToken(page, email, "/e-mail-bevestigen") },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { email };
}

test.describe("Accountant access", () => {
  test("the owner invites an accountant, who works in the books until the owner revokes", async ({
    page,
    user,
    browser,
    baseURL,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    const year = Number(businessDate(new Date()).slice(0, 4));
    const accountantContext = await browser.newContext({ baseURL });
    const accountantPage = await accountantContext.newPage();
    const accountant = await registerConfirmed(accountantPage, "Kantoor Jansen");

    // The owner invites by e-mail, with a role.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/settings?tab=access");
    await expect(page.getByText("Nog niemand heeft toegang")).toBeVisible();
    await expect(page.getByText("Nog niets gelogd")).toBeVisible();
    const form = page.getByRole("form", { name: "Iemand uitnodigen" });
    await form.getByLabel("E-mailadres").fill("geen-adres");
    await form.getByRole("button", { name: "Uitnodigen" }).click();
    await expect(form.getByText("Vul een geldig e-mailadres in")).toBeVisible();
    await form.getByLabel("E-mailadres").fill(accountant.email);
    await form.getByLabel("Rol").selectOption({ label: "Accountant" });
    await form.getByRole("button", { name: "Uitnodigen" }).click();
    await expect(toasts(page).getByText("Uitnodiging verstuurd")).toBeVisible();
    const members = page.getByRole("list", { name: "Toegang" });
    await expect(members.getByRole("listitem", { name: accountant.email })).toContainText("Uitgenodigd");
    await checkAccessibility(page, "Settings → Toegang");

    // The accountant opens the mailed link and accepts; the app opens the owner's administration.
    const token = await mailedToken(accountantPage, accountant.email, "/uitnodiging");
    await accountantPage.goto(`/uitnodiging?token=${token}`);
    await expect(accountantPage.getByRole("heading", { name: "Uitnodiging van Eva Ontwerp" })).toBeVisible();
    // A browser of its own: the cookie question comes first, as for any visitor.
    await accountantPage.getByRole("button", { name: "Alleen essentieel" }).click();
    await accountantPage.screenshot({ path: `${SHOTS}-invitation-1280.png` });
    await accountantPage.getByRole("button", { name: "Uitnodiging aannemen" }).click();
    await expect(accountantPage).toHaveURL(/\/app\/dashboard$/);
    const bar = accountantPage.getByTestId("administration-bar");
    await expect(bar).toContainText("Je werkt in de administratie van Eva Ontwerp (Accountant)");

    // The used link does not work twice.
    await accountantPage.goto(`/uitnodiging?token=${token}`);
    await expect(accountantPage.getByRole("alert")).toContainText("bestaat niet of is al gebruikt");

    // The accountant downloads the year's audit file and makes a memoriaal entry in the owner's books.
    const xaf = await accountantPage.request.get(`/api/exports/xaf?year=${year}`);
    expect(xaf.status(), await xaf.text()).toBe(200);
    expect(await xaf.text()).toContain("http://www.auditfiles.nl/XAF/3.2");
    await accountantPage.goto("/app/memoriaal");
    await accountantPage.getByRole("button", { name: "Nieuwe boeking" }).click();
    const dialog = accountantPage.getByRole("dialog", { name: "Nieuwe memoriaalboeking" });
    await dialog.getByLabel("Datum").fill(`${year}-01-15`);
    await dialog.getByLabel("Omschrijving", { exact: true }).fill("Correctie van de accountant");
    await dialog.getByLabel("Rekening regel 1").selectOption({ label: "4200 Kantoorkosten" });
    await dialog.getByLabel("Debet regel 1").fill("12,50");
    await dialog.getByLabel("Rekening regel 2").selectOption({ label: "4590 Algemene kosten" });
    await dialog.getByLabel("Credit regel 2").fill("12,50");
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(toasts(accountantPage).getByText("Memoriaalboeking toegevoegd")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Other writes are refused with a Dutch text.
    const refused = await accountantPage.request.post("/api/clients", { data: { name: "Niet toegestaan" } });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Als accountant kun je in deze administratie alleen");
    await accountantPage.screenshot({ path: `${SHOTS}-accountant-1280.png` });
    await accountantPage.setViewportSize({ width: 390, height: 844 });
    await expect(bar).toBeVisible();
    await expectNoOverflow(accountantPage);
    await accountantPage.screenshot({ path: `${SHOTS}-accountant-390.png` });
    await accountantPage.setViewportSize({ width: 1280, height: 800 });

    // The owner sees the entry in their own books and every request in the log, then revokes at once.
    await page.goto("/app/memoriaal");
    await expect(page.getByRole("table", { name: "Memoriaalboekingen" })).toContainText(
      "Correctie van de accountant",
    );
    await page.goto("/app/settings?tab=access");
    const log = page.getByRole("list", { name: "Toegangslog" });
    await expect(log).toContainText(`GET /api/exports/xaf?year=${year}`);
    await expect(log).toContainText("POST /api/memorial-entries");
    await expect(log).toContainText("403");
    await page.screenshot({ path: `${SHOTS}-owner-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}-owner-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The user menu names the accountant, who is signed in, and beneath it whose administration is open.
    const userMenu = accountantPage.getByRole("button", { name: "Gebruikersmenu van Jan", exact: true });
    await expect(userMenu).toContainText("Jan");
    await userMenu.click();
    const menu = accountantPage.getByRole("menu");
    await expect(menu).toContainText(accountant.email);
    await expect(menu).toContainText("In de administratie van Eva Ontwerp (Accountant)");
    await expect(menu).not.toContainText(user.email);
    // So does the sidebar's foot: the accountant, in the owner's administration.
    await expect(accountantPage.getByText("In Eva Ontwerp", { exact: true })).toBeVisible();
    await accountantPage.screenshot({ path: `${JOB_SHOTS}/member-user-menu-1280.png` });
    await accountantPage.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    // Settings offers the accountant only the tabs a member may use here; the owner's own explain themselves.
    await accountantPage.goto("/app/settings");
    const tabs = accountantPage.getByRole("tablist");
    await expect(tabs.getByRole("tab", { name: "Bedrijf" })).toHaveAttribute("aria-selected", "true");
    await expect(tabs.getByRole("tab", { name: "Bankrekeningen" })).toBeVisible();
    for (const ownerOnly of ["Profiel", "Wachtwoord", "API-sleutels", "Toegang"]) {
      await expect(tabs.getByRole("tab", { name: ownerOnly })).toHaveCount(0);
    }
    await expect(accountantPage.getByRole("note")).toHaveCount(0);
    await accountantPage.goto("/app/settings?tab=access");
    const note = accountantPage
      .getByRole("note")
      .filter({ hasText: "Deze instellingen horen bij een eigen account" });
    await expect(note).toContainText("Je werkt in de administratie van Eva Ontwerp (Accountant)");
    await expect(tabs.getByRole("tab", { name: "Bedrijf" })).toHaveAttribute("aria-selected", "true");
    // Nothing on the page was refused.
    await expect(accountantPage.getByText(ADMINISTRATION_MESSAGES.ownerOnly)).toHaveCount(0);
    await checkAccessibility(accountantPage, "Settings of a member");
    await accountantPage.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(accountantPage);
    await accountantPage.screenshot({ path: `${JOB_SHOTS}/member-settings-390.png` });
    await accountantPage.setViewportSize({ width: 1280, height: 800 });
    await accountantPage.screenshot({ path: `${JOB_SHOTS}/member-settings-1280.png` });

    // The owner revokes.
    await members.getByRole("button", { name: `Toegang van ${accountant.email} intrekken` }).click();
    await page
      .getByRole("alertdialog", { name: "Toegang intrekken?" })
      .getByRole("button", { name: "Intrekken" })
      .click();
    await expect(toasts(page).getByText("Toegang ingetrokken")).toBeVisible();
    await expect(page.getByText("Nog niemand heeft toegang")).toBeVisible();

    // The accountant's next request is in their own administration: no bar, no owner's entry.
    await accountantPage.goto("/app/memoriaal");
    await expect(accountantPage.getByText("Nog geen memoriaalboekingen")).toBeVisible();
    await expect(accountantPage.getByTestId("administration-bar")).toBeHidden();
    const xafAfter = await accountantPage.request.get(`/api/administrations`);
    expect(((await xafAfter.json()) as unknown[]).length).toBe(1);
    await accountantContext.close();
  });
});
