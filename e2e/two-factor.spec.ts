import { Secret, TOTP } from "otpauth";
import { expect, test, toasts } from "./fixtures";

const SHOTS = "test-results/screenshots";

test("two-factor sign-in: set up with an app, sign in with a recovery code, switch it off", async ({
  page,
  user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/app/settings?tab=password");
  const card = page.getByRole("region", { name: "Tweestapsverificatie" });
  await card.getByRole("button", { name: "Tweestapsverificatie instellen" }).click();

  const passwordForm = card.getByRole("form", { name: "Tweestapsverificatie instellen" });
  await passwordForm.getByLabel("Huidig wachtwoord").fill("niet-mijn-wachtwoord");
  await passwordForm.getByRole("button", { name: "Verder" }).click();
  await expect(passwordForm.getByText("Huidig wachtwoord is onjuist")).toBeVisible();
  await passwordForm.getByLabel("Huidig wachtwoord").fill(user.password);
  await passwordForm.getByRole("button", { name: "Verder" }).click();

  const scan = card.getByRole("form", { name: "Authenticator-app koppelen" });
  await expect(scan.getByRole("img", { name: /QR-code/ })).toBeVisible();
  const secret = (await scan.locator("code").innerText()).replace(/\s/g, "");
  await scan.screenshot({ path: `${SHOTS}/two-factor-scan-390.png` });
  await scan.getByLabel("Verificatiecode").fill("000000");
  await scan.getByRole("button", { name: "Aanzetten" }).click();
  await expect(scan.getByText(/Deze code klopt niet/)).toBeVisible();
  await scan.getByLabel("Verificatiecode").fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await scan.getByRole("button", { name: "Aanzetten" }).click();

  const codes = card.getByRole("list", { name: "Herstelcodes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allInnerTexts();
  await card.screenshot({ path: `${SHOTS}/two-factor-codes-390.png` });
  await card.getByRole("button", { name: "Ik heb ze bewaard" }).click();
  await expect(card.getByText("Tweestapsverificatie staat aan.")).toBeVisible();

  // Signing in now asks a code after the password.
  await page.request.post("/api/logout");
  await page.goto("/inloggen");
  const login = page.getByRole("tabpanel", { name: "Inloggen" });
  await login.getByLabel("Gebruikersnaam of e-mailadres").fill(user.username);
  await login.getByLabel("Wachtwoord", { exact: true }).fill(user.password);
  await login.getByRole("button", { name: "Inloggen" }).click();
  const step = login.getByRole("form", { name: "Verificatiecode" });
  await step.getByLabel("Verificatiecode").fill("123456");
  await step.getByRole("button", { name: "Inloggen" }).click();
  await expect(step.getByText(/Deze code klopt niet/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/two-factor-sign-in-390.png`, fullPage: true });
  await step.getByLabel("Verificatiecode").fill(recovery[0]!);
  await step.getByRole("button", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(toasts(page).getByText("Succesvol ingelogd")).toBeVisible();

  // Switching it off asks the password and a code.
  await page.goto("/app/settings?tab=password");
  await card.getByRole("button", { name: "Uitzetten" }).click();
  const off = card.getByRole("form", { name: "Tweestapsverificatie uitzetten" });
  await off.getByLabel("Huidig wachtwoord").fill(user.password);
  await off.getByLabel("Verificatiecode").fill(recovery[0]!);
  await off.getByRole("button", { name: "Uitzetten" }).click();
  await expect(off.getByText(/Deze code klopt niet/)).toBeVisible();
  await off.getByLabel("Verificatiecode").fill(recovery[1]!);
  await off.getByRole("button", { name: "Uitzetten" }).click();
  await expect(toasts(page).getByText("Tweestapsverificatie staat uit")).toBeVisible();
  await expect(card.getByRole("button", { name: "Tweestapsverificatie instellen" })).toBeVisible();
});
