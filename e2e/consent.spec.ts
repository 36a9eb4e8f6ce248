import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "@playwright/test";
import { CONSENT_KEY_COOKIE } from "../src/shared/consent";
import { expect, test, toasts } from "./fixtures";

/** The cookies besides the essential, HttpOnly key that binds a consent to this browser (needs no consent). */
const cookiesBesidesConsentKey = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => !(cookie.name === CONSENT_KEY_COOKIE && cookie.httpOnly));

// A real first visit: no consent stored beforehand.
test.use({ preConsent: false });

const banner = (page: Page) =>
  page.getByRole("dialog", { name: /Balans gebruikt cookies|Kies welke cookies/ });
const privacyDialog = (page: Page) => page.getByRole("dialog", { name: "Privacy- en cookie-instellingen" });

const storedConsent = (page: Page) =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem("balans_consent");
    return raw === null ? null : JSON.parse(raw);
  });

async function openPrivacySettings(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-instellingen" }).click();
  await expect(privacyDialog(page)).toBeVisible();
}

test.describe("cookie consent", () => {
  test("a first visit shows the banner and sets no cookie and no tracking script before a choice", async ({
    page,
    context,
    checkAccessibility,
  }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    for (const name of ["Accepteer alles", "Alleen essentieel", "Aanpassen"]) {
      await expect(banner(page).getByRole("button", { name })).toBeVisible();
    }
    await expect(banner(page).getByRole("link", { name: "cookiebeleid" })).toHaveAttribute(
      "href",
      "/legal/cookiebeleid",
    );
    await expect(banner(page).getByRole("link", { name: "privacybeleid" })).toHaveAttribute(
      "href",
      "/legal/privacy",
    );
    expect(await cookiesBesidesConsentKey(context)).toEqual([]);
    expect(await storedConsent(page)).toBeNull();
    expect(await page.locator("script[data-provider]").count()).toBe(0);
    await checkAccessibility(page, "banner, simple view");

    // Escape never counts as a choice.
    await page.keyboard.press("Escape");
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole("button", { name: "Aanpassen" }).click();
    await expect(banner(page).getByRole("button", { name: "Alleen essentiële cookies" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Alles accepteren" })).toBeVisible();
    // Nothing is pre-ticked; essential is on and cannot be switched off.
    await expect(banner(page).getByRole("switch", { name: /Essentiële cookies/ })).toBeChecked();
    await expect(banner(page).getByRole("switch", { name: /Essentiële cookies/ })).toBeDisabled();
    for (const name of ["Functionele cookies", "Analytische cookies", "Marketingcookies"]) {
      await expect(banner(page).getByRole("switch", { name })).not.toBeChecked();
    }
    await checkAccessibility(page, "banner, detailed view");
    await page.keyboard.press("Escape");
    await expect(banner(page).getByRole("button", { name: "Accepteer alles" })).toBeVisible();
    expect(await storedConsent(page)).toBeNull();
  });

  test("'Alleen essentieel' hides the banner, is stored locally and on the server, and survives a reload", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Alleen essentieel" }).click();
    await expect(banner(page)).toBeHidden();
    const record = await storedConsent(page);
    expect(record).toMatchObject({
      status: { essential: true, functional: false, analytics: false, marketing: false },
      version: "1.0.0",
      method: "banner",
    });

    const sessionId = await page.evaluate(() => window.localStorage.getItem("balans_consent_session_id"));
    await expect
      .poll(async () => (await page.request.get(`/api/consent?sessionId=${sessionId}`)).status())
      .toBe(200);
    const server = await (await page.request.get(`/api/consent?sessionId=${sessionId}`)).json();
    expect(server).toMatchObject({
      essential: true,
      analytics: false,
      consentMethod: "banner",
      policyVersion: "1.0.0",
    });

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(banner(page)).toBeHidden();
    expect(await cookiesBesidesConsentKey(context)).toEqual([]);
    // The stored consent is bound to this browser by a key scripts cannot read.
    expect((await context.cookies()).find((cookie) => cookie.name === CONSENT_KEY_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });
  });

  test("before a choice, the privacy dialog replaces the banner; closing it without a choice brings the banner back", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => window.privacySettings!.show());
    await expect(privacyDialog(page)).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(privacyDialog(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    expect(await storedConsent(page)).toBeNull();
  });

  test("the privacy dialog has four tabs: preferences, cookies, history and data", async ({
    page,
    checkAccessibility,
  }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Alleen essentieel" }).click();
    await openPrivacySettings(page);
    const dialog = privacyDialog(page);
    await expect(dialog.getByRole("tab")).toHaveText(["Voorkeuren", "Cookies", "Geschiedenis", "Gegevens"]);

    await expect(dialog.getByText("Altijd actief")).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Essentiële cookies" })).toBeDisabled();
    await expect(dialog.getByRole("switch", { name: "Analytische cookies" })).not.toBeChecked();
    await checkAccessibility(page, "privacy dialog, preferences");

    await dialog.getByRole("tab", { name: "Cookies" }).click();
    await expect(dialog.getByText("Alles in orde")).toBeVisible();
    await expect(dialog.getByText("balans_session").first()).toBeVisible();
    await checkAccessibility(page, "privacy dialog, cookies");

    await dialog.getByRole("tab", { name: "Geschiedenis" }).click();
    await expect(dialog.getByText("Via de cookiebanner")).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Auditlog" }).getByRole("listitem")).toHaveCount(4);
    await checkAccessibility(page, "privacy dialog, history");

    await dialog.getByRole("tab", { name: "Gegevens" }).click();
    await expect(dialog.getByText("1.0.0", { exact: true })).toBeVisible();
    for (const name of ["Privacybeleid", "Cookiebeleid", "Contact"]) {
      await expect(dialog.getByRole("link", { name })).toBeVisible();
    }
    await checkAccessibility(page, "privacy dialog, data");

    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download mijn gegevens" }).click();
    expect((await download).suggestedFilename()).toMatch(/^balans-cookievoorkeuren-\d{4}-\d\d-\d\d\.json$/);
    await expect(toasts(page).getByText("Gegevens gedownload")).toBeVisible();

    await dialog.getByLabel("E-mailadres").fill("bezoeker@voorbeeld.nl");
    await dialog.getByRole("button", { name: "Verzoek versturen" }).click();
    await expect(toasts(page).getByText("Verzoek ontvangen")).toBeVisible();

    // The global handle of spec §2.4.
    await page.evaluate(() => window.privacySettings!.hide());
    await expect(dialog).toBeHidden();
    await page.evaluate(() => window.privacySettings!.show());
    await expect(dialog).toBeVisible();
  });

  test("switching analytics on and off writes history and audit lines and removes its cookies", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Alleen essentieel" }).click();
    await openPrivacySettings(page);
    const dialog = privacyDialog(page);

    await dialog.getByRole("switch", { name: "Analytische cookies" }).click();
    await expect(toasts(page).getByText("Cookies ingeschakeld")).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Analytische cookies" })).toBeChecked();
    // What an analytics script would set once allowed, and a marketing cookie that was never allowed.
    await context.addCookies([
      { name: "_ga", value: "GA1.1.123", url: page.url() },
      { name: "_fbp", value: "fb.1.123", url: page.url() },
    ]);
    await dialog.getByRole("tab", { name: "Cookies" }).click();
    await expect(dialog.getByText("Cookies zonder toestemming gevonden")).toBeVisible();
    await expect(dialog.getByRole("alert")).toContainText("_fbp");

    await dialog.getByRole("tab", { name: "Voorkeuren" }).click();
    await dialog.getByRole("switch", { name: "Analytische cookies" }).click();
    await expect(toasts(page).getByText("Cookies uitgeschakeld")).toBeVisible();
    await expect
      .poll(async () => (await cookiesBesidesConsentKey(context)).map((cookie) => cookie.name))
      .toEqual([]);

    await dialog.getByRole("tab", { name: "Geschiedenis" }).click();
    const changes = dialog.getByRole("list").first().getByRole("listitem");
    await expect(changes).toHaveCount(3);
    await expect(changes.first()).toContainText("Via de privacy-instellingen");
    await expect(changes.first()).toContainText("Toegestaan: Essentiële cookies");
    await expect(changes.nth(1)).toContainText("Analytische cookies");
    const audit = dialog.getByRole("list", { name: "Auditlog" }).getByRole("listitem");
    await expect(audit.first()).toContainText("Ingetrokken: Analytische cookies");
    await expect(audit.nth(1)).toContainText("Ingeschakeld: Analytische cookies");
  });

  test("'Vergeet mijn voorkeuren' resets everything and brings the banner back", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Accepteer alles" }).click();
    await expect(banner(page)).toBeHidden();
    expect((await storedConsent(page)).status.marketing).toBe(true);

    await openPrivacySettings(page);
    await privacyDialog(page).getByRole("tab", { name: "Gegevens" }).click();
    await privacyDialog(page).getByRole("button", { name: "Vergeet mijn voorkeuren" }).click();
    await expect(toasts(page).getByText("Consent gereset")).toBeVisible();
    await expect(privacyDialog(page)).toBeHidden();
    await expect(banner(page)).toBeVisible();
    expect(await storedConsent(page)).toBeNull();
    expect(
      await page.evaluate(() =>
        Object.keys(window.localStorage).filter((key) => key.startsWith("balans_consent")),
      ),
    ).toEqual([]);
  });

  test("the cookie policy page renders the stored policy with its inventory", async ({ page }) => {
    await page.goto("/legal/cookiebeleid");
    await expect(page.getByRole("heading", { level: 1, name: "Cookiebeleid" })).toBeVisible();
    await expect(page.getByText("Versie 1.0.0")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Analytische cookies" })).toBeVisible();
    await expect(page.getByRole("table").getByText("_gid", { exact: true })).toBeVisible();
  });

  test("signed in: the choice is attached to the account, the user menu opens the dialog, all data downloads as JSON", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await checkAccessibility(page, "banner in the app");
    await banner(page).getByRole("button", { name: "Alleen essentieel" }).click();
    await expect(banner(page)).toBeHidden();

    await expect
      .poll(async () => {
        const exported = await (await page.request.get("/api/privacy/export")).json();
        return exported.cookieConsents.length;
      })
      .toBe(1);

    await page.getByRole("button", { name: /^Gebruikersmenu/ }).click();
    await page.getByRole("menuitem", { name: "Privacy-instellingen" }).click();
    await expect(privacyDialog(page)).toBeVisible();
    await privacyDialog(page).getByRole("tab", { name: "Gegevens" }).click();
    const download = page.waitForEvent("download");
    await privacyDialog(page).getByRole("link", { name: "Alle accountgegevens (JSON)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^balans-gegevens-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await readFile(await file.path(), "utf8"));
    expect(data.profile.username).toBe(user.username);
    expect(data.cookieConsents[0]).toMatchObject({
      essential: true,
      analytics: false,
      consentMethod: "banner",
    });

    // The same download from the settings screen.
    await page.keyboard.press("Escape");
    await page.goto("/app/settings");
    await expect(page.getByRole("link", { name: "Download al mijn gegevens" })).toHaveAttribute(
      "href",
      "/api/privacy/export",
    );
  });
});
