import { expect, test, toasts, uniqueUsername } from "./fixtures";

test.describe("sign-up, session and sign-out", () => {
  test("register → dashboard → reload keeps the session → logout → the app sends to /inloggen", async ({
    page,
  }) => {
    const username = uniqueUsername("nieuw");
    await page.goto("/aanmelden");
    await expect(page.getByRole("tab", { name: "Registreren" })).toHaveAttribute("aria-selected", "true");

    const form = page.getByRole("tabpanel", { name: "Registreren" });
    await form.getByLabel("Gebruikersnaam").fill(username);
    await form.getByLabel("E-mailadres").fill(`${username}@voorbeeld.nl`);
    await form.getByLabel("Wachtwoord", { exact: true }).fill("geheim-wachtwoord");
    await form.getByLabel("Voornaam").fill("Fenna");
    await form.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(
      form.getByText(
        "Ga akkoord met de algemene voorwaarden en het privacybeleid om een account aan te maken",
      ),
    ).toBeVisible();
    await expect(form.getByRole("link", { name: "algemene voorwaarden" })).toHaveAttribute(
      "href",
      "/legal/algemene-voorwaarden",
    );
    await form.getByLabel(/Ik ga akkoord met de algemene voorwaarden/).check();
    await form.getByRole("button", { name: "Account aanmaken" }).click();

    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(toasts(page).getByText("Account succesvol aangemaakt")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await page.getByRole("button", { name: "Uitloggen" }).first().click();
    await expect(toasts(page).getByText("Je bent succesvol uitgelogd.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/app/transactions");
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test("logging in shows the welcome toast and lands in the app", async ({ page, user }) => {
    await page.request.post("/api/logout");
    await page.goto("/inloggen");
    const form = page.getByRole("tabpanel", { name: "Inloggen" });
    await form.getByLabel("Gebruikersnaam").fill(user.username);
    await form.getByLabel("Wachtwoord", { exact: true }).fill(user.password);
    await form.getByRole("button", { name: "Inloggen" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(toasts(page).getByText("Succesvol ingelogd")).toBeVisible();
    await expect(toasts(page).getByText(`Welkom terug, ${user.firstName}!`)).toBeVisible();
  });

  test("a wrong password shows 'Inloggen mislukt' with the server's message", async ({ page, user }) => {
    await page.request.post("/api/logout");
    await page.goto("/inloggen");
    const form = page.getByRole("tabpanel", { name: "Inloggen" });
    await form.getByLabel("Gebruikersnaam").fill(user.username);
    await form.getByLabel("Wachtwoord", { exact: true }).fill("helemaal-fout");
    await form.getByRole("button", { name: "Inloggen" }).click();
    await expect(toasts(page).getByText("Inloggen mislukt")).toBeVisible();
    await expect(toasts(page).getByText("Onjuiste gebruikersnaam of wachtwoord")).toBeVisible();
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test("a session that ends while working shows 'Niet geautoriseerd' and goes to sign in", async ({
    page,
    user,
  }) => {
    expect(user.username).toBeTruthy();
    await page.goto("/app/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Klanten" })).toBeVisible();
    // The session ends elsewhere (signed out on another device, expired): the next request answers 401.
    await page.request.post("/api/logout");
    await page.getByPlaceholder(/Zoek op naam/).fill("bakker");
    // One look at the toast: it shows for half a second before the page goes to sign in.
    await expect(toasts(page)).toContainText(
      /Niet geautoriseerd\s*Je bent uitgelogd\. Opnieuw inloggen\.\.\./,
    );
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test("a signed-in visit to /inloggen or /aanmelden goes to the app", async ({ page, user }) => {
    expect(user.username).toBeTruthy();
    await page.goto("/inloggen");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto("/aanmelden");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });
});

test.describe("validation messages of spec §5", () => {
  test("login: username and password are required", async ({ page }) => {
    await page.goto("/inloggen");
    const form = page.getByRole("tabpanel", { name: "Inloggen" });
    await form.getByRole("button", { name: "Inloggen" }).click();
    await expect(form.getByText("Gebruikersnaam is vereist")).toBeVisible();
    await expect(form.getByText("Wachtwoord is vereist")).toBeVisible();
    await expect(form.getByLabel("Gebruikersnaam")).toHaveAttribute("aria-invalid", "true");
  });

  test("register: username length, e-mail and password length", async ({ page }) => {
    await page.goto("/aanmelden");
    const form = page.getByRole("tabpanel", { name: "Registreren" });
    await form.getByLabel("Gebruikersnaam").fill("ab");
    await form.getByLabel("E-mailadres").fill("geen-adres");
    await form.getByLabel("Wachtwoord", { exact: true }).fill("12345");
    await form.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(form.getByText("Gebruikersnaam moet minimaal 3 karakters zijn")).toBeVisible();
    await expect(form.getByText("Ongeldig e-mailadres")).toBeVisible();
    await expect(form.getByText("Wachtwoord moet minimaal 6 karakters zijn")).toBeVisible();
  });

  test("register: a taken username shows the server's message under the field", async ({ page, user }) => {
    await page.request.post("/api/logout");
    await page.goto("/aanmelden");
    const form = page.getByRole("tabpanel", { name: "Registreren" });
    await form.getByLabel("Gebruikersnaam").fill(user.username.toUpperCase());
    await form.getByLabel("E-mailadres").fill(`ander_${user.email}`);
    await form.getByLabel("Wachtwoord", { exact: true }).fill("geheim-wachtwoord");
    await form.getByLabel(/Ik ga akkoord met de algemene voorwaarden/).check();
    await form.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(toasts(page).getByText("Registratie mislukt")).toBeVisible();
    await expect(form.getByText("Deze gebruikersnaam is al in gebruik")).toBeVisible();
  });

  test("one password toggle serves both tabs", async ({ page }) => {
    await page.goto("/inloggen");
    const login = page.getByRole("tabpanel", { name: "Inloggen" });
    await expect(login.getByLabel("Wachtwoord", { exact: true })).toHaveAttribute("type", "password");
    await login.getByRole("button", { name: "Wachtwoord tonen" }).click();
    await expect(login.getByLabel("Wachtwoord", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("tab", { name: "Registreren" }).click();
    const register = page.getByRole("tabpanel", { name: "Registreren" });
    await expect(register.getByLabel("Wachtwoord", { exact: true })).toHaveAttribute("type", "text");
  });
});

test.describe("routing", () => {
  test("an unknown path shows 'Page Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found")).toBeVisible();
  });

  test("an unknown /app path shows 'Page Not Found' inside the app", async ({ page, user }) => {
    expect(user.username).toBeTruthy();
    await page.goto("/app/bestaat-niet");
    await expect(page.getByText("Page Not Found")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
  });

  test("/app redirects to the dashboard; every navigation entry leads to its screen", async ({
    page,
    user,
  }) => {
    expect(user.username).toBeTruthy();
    await page.goto("/app");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    const screens: Array<[string, RegExp, string]> = [
      ["Bank", /\/app\/transactions$/, "Transacties"],
      ["Afschriften", /\/app\/bank$/, "Afschriften"],
      ["Verkoopfacturen", /\/app\/invoices$/, "Verkoopfacturen"],
      ["Inkoopfacturen", /\/app\/purchase-invoices$/, "Inkoopfacturen"],
      ["Relaties", /\/app\/clients$/, "Klanten"],
      ["Uren", /\/app\/time-tracking$/, "Uren"],
      ["Rapporten", /\/app\/reports$/, "Rapporten"],
      ["Belastingen", /\/app\/taxes$/, "Belastingen"],
      ["Instellingen", /\/app\/settings$/, "Instellingen"],
      ["Dashboard", /\/app\/dashboard$/, "Dashboard"],
    ];
    const sidebar = page.getByRole("navigation", { name: /hoofdmenu|navigatie/i }).first();
    for (const [label, url, title] of screens) {
      await sidebar.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // The tab says where the user is, after moving between screens too.
      await expect(page).toHaveTitle(`${title} — Balans`);
      await expect(sidebar.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });
});

test.describe("accessibility", () => {
  test("the sign-in page has no serious axe violations", async ({ page, checkAccessibility }) => {
    await page.goto("/inloggen");
    await expect(page.getByRole("tab", { name: "Inloggen" })).toBeVisible();
    await checkAccessibility(page, "/inloggen");
    await page.getByRole("tab", { name: "Registreren" }).click();
    await checkAccessibility(page, "/aanmelden");
  });

  test("the app shell has no serious axe violations, on desktop and with the mobile menu open", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await checkAccessibility(page, "app shell");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: /menu openen/i }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await checkAccessibility(page, "mobile menu");
  });
});
