import { expect, test, toasts, uniqueUsername } from "./fixtures";

// Issue 10, GDPR requests: erasure asked in the privacy dialog, confirmed from the e-mail (read in the outbox,
// as a user without a mail server would), carried out with the fiscal records kept and the account closed.
test("erasure: request → confirmation link in the outbox → confirm → account closed, books kept", async ({
  page,
  checkAccessibility,
}) => {
  const username = uniqueUsername("wissen");
  const email = `${username}@voorbeeld.nl`;
  const password = "e2e-wachtwoord";
  const registered = await page.request.post("/api/register", {
    data: { username, password, email, firstName: "Wim", acceptTerms: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const booked = await page.request.post("/api/transactions", {
    data: {
      type: "income",
      amount: "100.00",
      vatRate: "21",
      description: "Advies",
      date: "2026-03-02",
      status: "completed",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Privacy-instellingen" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Gegevens" }).click();
  await dialog.getByRole("radio", { name: "Verwijdering van mijn gegevens" }).check();
  await expect(dialog.getByText("Je bevestigt de verwijdering met een link in je e-mail.")).toBeVisible();
  await expect(dialog.getByLabel("E-mailadres")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Verzoek versturen" }).click();
  await expect(
    toasts(page).getByText("Bevestig de verwijdering met de link in de e-mail die we je hebben gestuurd."),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  // Nothing is erased yet: the request waits for the link.
  await page.reload();
  const outbox = page.getByRole("list", { name: "Verzonden e-mail" });
  const message = outbox.getByRole("listitem").filter({ hasText: "verwijdering van mijn gegevens" });
  await message.getByText("Bericht lezen").click();
  await expect(message.getByText("zeven jaar bewaren")).toBeVisible();
  await checkAccessibility(page, "settings outbox with an opened message");
  await message.getByRole("link", { name: /\/api\/gdpr-requests\/verify\?token=/ }).click();

  await expect(page.getByText("Dit kan niet ongedaan worden gemaakt.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Verwijdering bevestigen" }).click();
  await expect(page.getByText("Je gegevens zijn verwijderd.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bewaard tot en met 31-12-2033" })).toBeVisible();
  await expect(page.getByText("verzonden facturen en creditnota's")).toBeVisible();

  // The account is closed: the session ended and the password no longer signs in.
  expect((await page.request.get("/api/user")).status()).toBe(401);
  const login = await page.request.post("/api/login", { data: { username, password } });
  expect(login.status()).toBe(401);
});
