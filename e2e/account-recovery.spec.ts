import { expect, mailedToken, test, toasts, uniqueUsername } from "./fixtures";

const SHOTS = "test-results/screenshots";

test.describe("a forgotten password", () => {
  test("is recovered by e-mail: link, new password, signed in here and out elsewhere, sign-in with the address", async ({
    page,
    user,
    browser,
  }) => {
    // Another browser signed in to the same account: it is signed out by the reset.
    const elsewhere = await browser.newContext();
    const signedIn = await elsewhere.request.post(`${test.info().project.use.baseURL}/api/login`, {
      data: { username: user.username, password: user.password },
    });
    expect(signedIn.status()).toBe(200);

    await page.request.post("/api/logout");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/inloggen");
    await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
    await expect(page).toHaveURL(/\/wachtwoord-vergeten$/);
    await expect(page.getByRole("heading", { level: 1, name: "Wachtwoord vergeten?" })).toBeVisible();

    const form = page.getByRole("form", { name: "Wachtwoord vergeten" });
    await form.getByRole("button", { name: "Stuur link" }).click();
    await expect(form.getByText("Vul je e-mailadres in")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/recovery-request-error-390.png`, fullPage: true });

    await form.getByLabel("E-mailadres").fill(user.email.toUpperCase());
    await form.getByRole("button", { name: "Stuur link" }).click();
    await expect(
      page.getByRole("status").getByText(/Als er een account met dit e-mailadres is/),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/recovery-request-sent-390.png`, fullPage: true });

    const token = await mailedToken(page, user.email, "/wachtwoord-herstellen");
    await page.goto(`/wachtwoord-herstellen?token=${token}`);
    const reset = page.getByRole("form", { name: "Nieuw wachtwoord instellen" });
    await reset.getByLabel("Nieuw wachtwoord", { exact: true }).fill("welkom01");
    await reset.getByLabel("Herhaal nieuw wachtwoord").fill("welkom01");
    await reset.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(reset.getByText(/Dit wachtwoord is te bekend/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/recovery-reset-common-390.png`, fullPage: true });

    await reset.getByLabel("Nieuw wachtwoord", { exact: true }).fill("herfst-in-de-polder");
    await reset.getByLabel("Herhaal nieuw wachtwoord").fill("herfst-in-de-polder");
    await reset.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(toasts(page).getByText("Wachtwoord gewijzigd")).toBeVisible();

    const other = await elsewhere.request.get(`${test.info().project.use.baseURL}/api/user`);
    expect(other.status()).toBe(401);
    await elsewhere.close();

    // The link worked once.
    await page.goto(`/wachtwoord-herstellen?token=${token}`);
    await expect(page.getByRole("alert").getByText("Deze link is ongeldig of al gebruikt.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Vraag een nieuwe link aan" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/recovery-reset-used-390.png`, fullPage: true });

    // Sign in with the e-mail address and the new password.
    await page.request.post("/api/logout");
    await page.goto("/inloggen");
    const login = page.getByRole("tabpanel", { name: "Inloggen" });
    await login.getByLabel("Gebruikersnaam of e-mailadres").fill(user.email);
    await login.getByLabel("Wachtwoord", { exact: true }).fill("herfst-in-de-polder");
    await login.getByRole("button", { name: "Inloggen" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test("a link without a token says so and offers a new one", async ({ page }) => {
    await page.goto("/wachtwoord-herstellen");
    await expect(page.getByRole("alert").getByText("Deze link is ongeldig of al gebruikt.")).toBeVisible();
    await page.getByRole("link", { name: "Vraag een nieuwe link aan" }).click();
    await expect(page).toHaveURL(/\/wachtwoord-vergeten$/);
  });
});

test.describe("the e-mail address", () => {
  test("is asked at sign-up and confirmed through its link; until then a banner asks", async ({ page }) => {
    const username = uniqueUsername("bevestig");
    const email = `${username}@voorbeeld.nl`;
    await page.goto("/aanmelden");
    const form = page.getByRole("tabpanel", { name: "Registreren" });
    await form.getByLabel("Gebruikersnaam").fill(username);
    await form.getByLabel("Wachtwoord", { exact: true }).fill("lente-aan-zee");
    await form.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(
      form.getByText("Vul je e-mailadres in, zodat je je wachtwoord altijd kunt herstellen"),
    ).toBeVisible();
    await form.getByLabel("E-mailadres").fill(email);
    await form.getByLabel(/Ik ga akkoord met de algemene voorwaarden/).check();
    await form.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    const banner = page.getByRole("region", { name: "E-mailadres" });
    await expect(banner.getByText(email)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/email-banner-390.png` });
    await banner.getByRole("button", { name: "Stuur opnieuw" }).click();
    await expect(toasts(page).getByText("Bevestigingslink verstuurd")).toBeVisible();

    await page.goto(`/e-mail-bevestigen?token=${await mailedToken(page, email, "/e-mail-bevestigen")}`);
    await expect(page.getByRole("status").getByText(email)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/email-confirmed-390.png`, fullPage: true });
    await page.getByRole("link", { name: "Naar Balans" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("region", { name: "E-mailadres" })).toHaveCount(0);
  });
});
