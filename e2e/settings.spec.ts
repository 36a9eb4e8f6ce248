import { expect, test, toasts } from "./fixtures";

// Issue 6, Settings: the company data that invoices print, the profile and the password.
test.describe("settings (Instellingen)", () => {
  test("company data: every message under its field → saved normalised and kept after a reload", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    await page.goto("/app/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Instellingen" })).toBeVisible();
    const form = page.getByRole("form", { name: "Bedrijfsgegevens" });
    // Registration already asked for the company name.
    await expect(form.getByLabel("Handelsnaam")).toHaveValue("Eva Ontwerp");

    await form.getByLabel("Postcode").fill("12ab");
    await form.getByLabel("KvK-nummer").fill("123");
    await form.getByLabel("Btw-id").fill("NL123456788B01");
    await form.getByLabel("IBAN").fill("NL91ABNA0417164301");
    await form.getByLabel("BIC").fill("ABN");
    await form.getByLabel("E-mailadres").fill("factuur@");
    await form.getByLabel("Website").fill("geen site");
    await form.getByLabel("Standaard betalingstermijn (dagen)").fill("400");
    await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
    for (const message of [
      "Ongeldige postcode. Formaat: 1234 AB",
      "Ongeldig KvK-nummer. Moet 8 cijfers zijn",
      "Ongeldig BTW-nummer. Formaat: NL123456789B01",
      "Ongeldig IBAN",
      "Ongeldige BIC. Formaat: 8 of 11 tekens, bijvoorbeeld ABNANL2A",
      "Ongeldig e-mailadres",
      "Ongeldig webadres. Bijvoorbeeld www.voorbeeld.nl",
      "Betalingstermijn moet een heel getal van 0 tot en met 365 dagen zijn",
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await checkAccessibility(page, "company form with errors");

    await form.getByLabel(/^Adres/).fill("Keizersgracht 12");
    await form.getByLabel("Postcode").fill("1015cj");
    await form.getByLabel("Plaats").fill("Amsterdam");
    await form.getByLabel("KvK-nummer").fill("12345678");
    await form.getByLabel("Btw-id").fill("nl000099998b57");
    await form.getByLabel("IBAN").fill("nl91abna0417164300");
    await form.getByLabel("BIC").fill("abnanl2a");
    await form.getByLabel("E-mailadres").fill("factuur@eva.nl");
    await form.getByLabel("Website").fill("www.eva.nl");
    await form.getByLabel("Standaard betalingstermijn (dagen)").fill("14");
    await form.getByLabel("Voettekst op facturen").fill("Graag betalen binnen 14 dagen.");
    await form.getByLabel("KOR vanaf").fill("2026-10-01");
    await form.getByLabel("KOR tot en met").fill("2026-09-30");
    await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
    await expect(form.getByText("De einddatum van de KOR ligt vóór de startdatum")).toBeVisible();
    await form.getByLabel("KOR tot en met").fill("");
    await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
    await expect(toasts(page).getByText("Bedrijfsgegevens opgeslagen")).toBeVisible();

    await page.reload();
    await expect(form.getByLabel("Postcode")).toHaveValue("1015 CJ");
    await expect(form.getByLabel("KvK-nummer")).toHaveValue("1234 5678");
    await expect(form.getByLabel("Btw-id")).toHaveValue("NL 000.099.998.B57");
    await expect(form.getByLabel("IBAN")).toHaveValue("NL91 ABNA 0417 1643 00");
    await expect(form.getByLabel("BIC")).toHaveValue("ABNANL2A");
    await expect(form.getByLabel("Standaard betalingstermijn (dagen)")).toHaveValue("14");
    await expect(form.getByLabel("KOR vanaf")).toHaveValue("2026-10-01");
    await expect(form.getByLabel("KOR tot en met")).toHaveValue("");
    await checkAccessibility(page, "company form saved");
  });

  test("profile and password: a wrong current password is refused, the new one signs in", async ({
    page,
    user,
  }) => {
    await page.goto("/app/settings");
    await page.getByRole("tab", { name: "Profiel" }).click();
    const profile = page.getByRole("form", { name: "Profiel" });
    await expect(profile.getByLabel("Voornaam")).toHaveValue("Eva");
    await profile.getByLabel("Achternaam").fill("Jansen");
    await profile.getByLabel("E-mailadres").fill("eva@");
    await profile.getByRole("button", { name: "Profiel opslaan" }).click();
    await expect(profile.getByText("Ongeldig e-mailadres", { exact: true })).toBeVisible();
    await profile.getByLabel("E-mailadres").fill(`${user.username}@Eva.nl`);
    await profile.getByRole("button", { name: "Profiel opslaan" }).click();
    await expect(toasts(page).getByText("Profiel opgeslagen")).toBeVisible();
    await expect(profile.getByLabel("E-mailadres")).toHaveValue(`${user.username}@eva.nl`);

    await page.getByRole("tab", { name: "Wachtwoord" }).click();
    const password = page.getByRole("form", { name: "Wachtwoord wijzigen" });
    await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await expect(password.getByText("Huidig wachtwoord is vereist", { exact: true })).toBeVisible();
    await expect(
      password.getByText("Wachtwoord moet minimaal 6 karakters zijn", { exact: true }),
    ).toBeVisible();

    await password.getByLabel("Huidig wachtwoord").fill("niet-het-wachtwoord");
    await password.getByLabel("Nieuw wachtwoord", { exact: true }).fill("nieuw-geheim");
    await password.getByLabel("Herhaal nieuw wachtwoord").fill("nieuw-geheim");
    await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await expect(password.getByText("Huidig wachtwoord is onjuist", { exact: true })).toBeVisible();

    await password.getByLabel("Huidig wachtwoord").fill(user.password);
    await password.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await expect(toasts(page).getByText("Wachtwoord gewijzigd")).toBeVisible();
    await expect(password.getByLabel("Huidig wachtwoord")).toHaveValue("");

    // Still signed in here, on the new session.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Instellingen" })).toBeVisible();
    const login = await page.request.post("/api/login", {
      data: { username: user.username, password: "nieuw-geheim" },
    });
    expect(login.status()).toBe(200);
  });
});

// Issue 6, the logo on invoices: uploaded in the company data, checked on type and size, removable.
test("company logo: upload with preview, a wrong file refused in Dutch, removed", async ({ page, user }) => {
  expect(user.id).toBeTruthy();
  await page.goto("/app/settings");
  const form = page.getByRole("form", { name: "Bedrijfsgegevens" });
  await expect(
    form.getByText("Sla eerst de bedrijfsgegevens op, daarna kun je een logo toevoegen."),
  ).toBeVisible();
  await expect(form.getByRole("button", { name: "Logo kiezen" })).toBeDisabled();
  await form.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
  await expect(toasts(page).getByText("Bedrijfsgegevens opgeslagen")).toBeVisible();

  const logo = form.getByLabel("Logo uploaden");
  await logo.setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" ' +
        'fill="#1d4ed8"/><circle cx="40" cy="40" r="24" fill="#facc15"/><script>alert(1)</script></svg>',
    ),
  });
  await expect(toasts(page).getByText("Logo opgeslagen")).toBeVisible();
  const preview = form.getByRole("img", { name: "Huidig logo" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
  if (process.env.E2E_SCREENSHOT_DIR) {
    await form.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/settings-logo.png` });
  }

  await logo.setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(toasts(page).getByText("Alleen PNG, JPEG of SVG")).toBeVisible();
  await logo.setInputFiles({ name: "groot.png", mimeType: "image/png", buffer: Buffer.alloc(513 * 1024) });
  await expect(toasts(page).getByText("Het logo mag maximaal 512 KB zijn")).toBeVisible();

  await form.getByRole("button", { name: "Logo verwijderen" }).click();
  await expect(toasts(page).getByText("Logo verwijderd")).toBeVisible();
  await expect(form.getByText("Geen logo")).toBeVisible();
});
