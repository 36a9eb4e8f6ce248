import { AMOUNT_AMBIGUOUS_MESSAGE } from "../src/shared/schemas/amount";
import { expect, test, toasts } from "./fixtures";

type Booked = { amount: string; amountIncludingVat: string; description: string };

// Issue 22 defect 1: one amount field for the whole app. A browser with an English locale once read "12,50" in a
// number field as 1250; every amount is now text, read by the schemas' shared parser, the same in any locale.
for (const locale of ["en-US", "nl-NL"] as const) {
  test.describe(`amounts typed in a ${locale} browser`, () => {
    test.use({ locale });

    test("12,50 is twelve euros fifty, 1.000 is refused as unclear, 1234.5 is written back as 1.234,50", async ({
      page,
      user,
    }) => {
      await page.goto("/app/transactions");
      const quick = page.getByRole("form", { name: "Snel toevoegen" });
      const amount = quick.getByLabel("Bedrag excl. BTW");
      await expect(amount).toHaveAttribute("inputmode", "decimal");
      await amount.fill("12,50");
      await expect(quick.getByText("€ 15,13")).toBeVisible();

      // "1.000" is a thousand in one country and one euro in another: refused, and nothing is booked.
      await amount.fill("1.000");
      await quick.getByLabel("Beschrijving").fill("Vergaderruimte");
      await quick.getByRole("button", { name: "Toevoegen" }).click();
      await expect(toasts(page).getByText(AMOUNT_AMBIGUOUS_MESSAGE)).toBeVisible();
      const none = await page.request.get("/api/transactions");
      expect(await none.json(), user.username).toEqual([]);

      await amount.fill("1234.5");
      await amount.press("Tab");
      await expect(amount).toHaveValue("1.234,50");
      await quick.getByRole("button", { name: "Toevoegen" }).click();
      await expect(toasts(page).getByText("Transactie snel toegevoegd!")).toBeVisible();

      // The full form takes the euro sign and thousands too.
      await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Nieuwe transactie" });
      await dialog.getByLabel("Bedrag excl. BTW").fill("€ 1.000,00");
      await expect(dialog.getByText("€ 1.210,00")).toBeVisible();
      await dialog.getByLabel("Beschrijving").fill("Laptop");
      await dialog.getByRole("button", { name: "Transactie aanmaken" }).click();
      await expect(dialog).toBeHidden();

      const booked = (await (await page.request.get("/api/transactions")).json()) as Booked[];
      expect(
        booked.map(({ description, amount, amountIncludingVat }) => [
          description,
          amount,
          amountIncludingVat,
        ]),
      ).toEqual(
        expect.arrayContaining([
          ["Vergaderruimte", "1234.50", "1493.75"],
          ["Laptop", "1000.00", "1210.00"],
        ]),
      );
      expect(booked).toHaveLength(2);
    });

    test("an opening balance of 1.000,50 is taken as a thousand euros fifty", async ({
      page,
      user: _user,
    }) => {
      await page.goto("/app/settings");
      await page.getByRole("tab", { name: "Bankrekeningen" }).click();
      await page.getByRole("button", { name: "Rekening toevoegen" }).click();
      const form = page.getByRole("form", { name: "Nieuwe rekening" });
      await form.getByLabel("Naam").fill("Spaarrekening");
      await form.getByLabel("Beginsaldo").fill("1.000,50");
      await form.getByRole("button", { name: "Opslaan" }).click();
      await expect(toasts(page).getByText("Rekening toegevoegd")).toBeVisible();
      const saved = page.getByRole("list", { name: "Bankrekeningen" }).getByRole("listitem", {
        name: "Spaarrekening",
      });
      await expect(saved.getByText("Beginsaldo € 1.000,50")).toBeVisible();
    });
  });
}

// Issue 22 defect 8: receipts are entered including VAT and booked to the cent; the choice follows the account.
test("a receipt typed including VAT is booked to the cent, and the choice is remembered", async ({
  page,
  user,
}) => {
  await page.goto("/app/transactions");
  const quick = page.getByRole("form", { name: "Snel toevoegen" });
  await expect(quick.getByLabel("Bedrag excl. BTW")).toBeVisible();
  await page.getByRole("switch", { name: "Bedragen incl. BTW invoeren" }).click();
  await quick.getByLabel("Bedrag incl. BTW").fill("35,00");
  await expect(quick.getByText("Waarvan BTW")).toBeVisible();
  await expect(quick.getByText("€ 6,07")).toBeVisible();
  await quick.getByLabel("Beschrijving").fill("Lunch met klant");
  await quick.getByRole("button", { name: "Toevoegen" }).click();
  await expect(toasts(page).getByText("Transactie snel toegevoegd!")).toBeVisible();

  // Remembered with the account: after a reload the dialog takes amounts including VAT too.
  await page.reload();
  await expect(page.getByRole("switch", { name: "Bedragen incl. BTW invoeren" })).toBeChecked();
  await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe transactie" });
  await dialog.getByLabel("Bedrag incl. BTW").fill("8,50");
  await expect(dialog.getByText("(BTW € 1,48, excl. BTW € 7,02)")).toBeVisible();
  await expect(dialog.getByText("€ 8,50", { exact: true })).toBeVisible();
  await dialog.getByLabel("Beschrijving").fill("Parkeren");
  await dialog.getByRole("button", { name: "Transactie aanmaken" }).click();
  await expect(dialog).toBeHidden();

  const booked = (await (await page.request.get("/api/transactions")).json()) as Array<
    Booked & { vatAmount: string }
  >;
  expect(
    booked.map(({ description, amount, vatAmount, amountIncludingVat }) => [
      description,
      amount,
      vatAmount,
      amountIncludingVat,
    ]),
    user.username,
  ).toEqual(
    expect.arrayContaining([
      ["Lunch met klant", "28.93", "6.07", "35.00"],
      ["Parkeren", "7.02", "1.48", "8.50"],
    ]),
  );

  // Back to the specification's entry excluding VAT: the field then shows the same booking without VAT.
  await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
  await dialog.getByLabel("Bedrag incl. BTW").fill("121,00");
  await dialog.getByRole("switch", { name: "Bedragen incl. BTW invoeren" }).click();
  await expect(dialog.getByLabel("Bedrag excl. BTW")).toHaveValue("100,00");
  await page.keyboard.press("Escape");

  // Editing only the receipt's description, now shown excluding VAT, keeps its total to the cent.
  await page.getByRole("button", { name: "Bewerken: Lunch met klant" }).click();
  const edit = page.getByRole("dialog", { name: "Transactie bewerken" });
  await expect(edit.getByLabel("Bedrag excl. BTW")).toHaveValue("28,93");
  await edit.getByLabel("Beschrijving").fill("Lunch met klant De Korenschoof");
  await edit.getByRole("button", { name: "Transactie bijwerken" }).click();
  await expect(edit).toBeHidden();
  const edited = (await (await page.request.get("/api/transactions")).json()) as Booked[];
  expect(edited.find((row) => row.description === "Lunch met klant De Korenschoof")).toMatchObject({
    amount: "28.93",
    amountIncludingVat: "35.00",
  });
  await expect(
    page.getByRole("form", { name: "Snel toevoegen" }).getByLabel("Bedrag excl. BTW"),
  ).toBeVisible();
});
