import { expect, test, toasts } from "./fixtures";

/** Today in Amsterdam, as the app books quick entries. */
function todayInAmsterdam(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
}

function shiftMonths(isoDate: string, months: number): string {
  const [year, month] = isoDate.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, 15));
  return date.toISOString().slice(0, 10);
}

const dutch = (isoDate: string) => isoDate.split("-").reverse().join("-");

test.describe("transactions", () => {
  test("quick add → edit in the dialog → filter (kept in the URL) → delete", async ({
    page,
    user: _user,
    checkAccessibility,
  }) => {
    await page.goto("/app/transactions");
    await expect(page.getByRole("heading", { level: 1, name: "Transacties" })).toBeVisible();
    await expect(
      page.getByText("Geen transacties gevonden. Maak je eerste transactie om te beginnen."),
    ).toBeVisible();
    await checkAccessibility(page, "empty transactions screen");

    const quick = page.getByRole("form", { name: "Snel toevoegen" });
    // Missing amount and description: the specification's message.
    await quick.getByRole("button", { name: "Toevoegen" }).click();
    await expect(toasts(page).getByText("Vul bedrag en beschrijving in")).toBeVisible();

    await quick.getByLabel("Bedrag excl. BTW").fill("100");
    await expect(quick.getByText("€ 121,00")).toBeVisible();
    await quick.getByLabel("Beschrijving").fill("Treinkaartje Utrecht");
    await quick.getByLabel("Beschrijving").press("Enter");
    await expect(toasts(page).getByText("Transactie snel toegevoegd!")).toBeVisible();

    const table = page.getByRole("table", { name: "Transacties" });
    const row = table.getByRole("row", { name: /Treinkaartje Utrecht/ });
    await expect(row).toContainText("€ -121,00");
    await expect(row).toContainText("Uitgaven");
    await expect(row).toContainText("Voltooid");
    await expect(row).toContainText(dutch(todayInAmsterdam()));

    // Edit in the full dialog: income, 9 %, pending.
    await row.getByRole("button", { name: "Bewerken: Treinkaartje Utrecht" }).click();
    const dialog = page.getByRole("dialog", { name: "Transactie bewerken" });
    await dialog.getByLabel("Type").selectOption("income");
    await dialog.getByLabel("Bedrag excl. BTW").fill("");
    await dialog.getByRole("button", { name: "Transactie bijwerken" }).click();
    await expect(dialog.getByText("Bedrag is verplicht")).toBeVisible();
    await checkAccessibility(page, "edit dialog with a validation error");
    await dialog.getByLabel("Bedrag excl. BTW").fill("250.50");
    await dialog.getByLabel("BTW percentage").selectOption("9");
    await expect(dialog.getByText("€ 273,05")).toBeVisible();
    await dialog.getByLabel("Beschrijving").fill("Factuur 2026-001");
    await dialog.getByLabel("Status").selectOption("pending");
    await dialog.getByRole("button", { name: "Transactie bijwerken" }).click();
    await expect(toasts(page).getByText("Transactie succesvol bijgewerkt")).toBeVisible();
    const edited = table.getByRole("row", { name: /Factuur 2026-001/ });
    await expect(edited).toContainText("€ +273,05");
    await expect(edited).toContainText("In behandeling");
    await expect(edited).toContainText("Inkomsten");
    await checkAccessibility(page, "filled transactions list");

    // A second transaction through the dialog, then filter on type.
    await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
    const create = page.getByRole("dialog", { name: "Nieuwe transactie" });
    await create.getByLabel("Bedrag excl. BTW").fill("40");
    await create.getByLabel("Beschrijving").fill("Kantoorartikelen");
    await create.getByRole("button", { name: "Transactie aanmaken" }).click();
    await expect(toasts(page).getByText("Transactie succesvol aangemaakt")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(3);

    const filters = page.getByRole("region", { name: "Filters" });
    await filters.getByLabel("Type").selectOption("income");
    await expect(page).toHaveURL(/type=income/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("definition").filter({ hasText: "€ 273,05" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Filters" }).getByLabel("Type")).toHaveValue("income");
    await expect(table.getByRole("row", { name: /Kantoorartikelen/ })).toHaveCount(0);
    await expect(table.getByRole("row", { name: /Factuur 2026-001/ })).toBeVisible();

    // The top bar's search lands here as ?search=.
    await page.goto("/app/transactions?search=kantoor");
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(page.getByText("Zoekterm:")).toBeVisible();

    await table.getByRole("button", { name: "Verwijderen: Kantoorartikelen" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByText("Weet je zeker dat je deze transactie wilt verwijderen?")).toBeVisible();
    await confirm.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toasts(page).getByText("Transactie succesvol verwijderd")).toBeVisible();
    await expect(
      page.getByText("Geen transacties gevonden. Maak je eerste transactie om te beginnen."),
    ).toBeVisible();
  });

  test("import a CSV with good and bad rows and read the result", async ({
    page,
    user: _user,
    checkAccessibility,
  }) => {
    await page.goto("/app/transactions");
    await page.getByRole("button", { name: "Importeer CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "CSV importeren" });

    await dialog.getByLabel("CSV-bestand").setInputFiles({
      name: "notities.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("geen csv"),
    });
    await expect(dialog.getByRole("alert")).toHaveText("Ongeldige bestand: Selecteer een CSV bestand");
    // The toast shows too (outside the modal, so not in the accessibility tree while the dialog is open).
    await expect(
      page.locator("ol > li").getByText("Selecteer een CSV bestand", { exact: true }),
    ).toBeVisible();

    const csv = [
      "Datum;Bedrag;Omschrijving;BTW;Categorie",
      '05-01-2026;"1.210,00";Factuur januari;21;Omzet',
      "06-01-2026;-12,50;Parkeren;0;Reiskosten",
      "07-01-2026;abc;Kapot bedrag;21;",
      '2026-01-08;"€ -3,50";"Koffie; met melk";9;',
      "31-02-2026;10;Geen datum;21;",
    ].join("\r\n");
    await dialog.getByLabel("CSV-bestand").setInputFiles({
      name: "bank.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFF${csv}`),
    });
    await expect(dialog.getByText("5 transacties gevonden")).toBeVisible();
    await expect(dialog.getByRole("cell", { name: "Factuur januari" })).toBeVisible();
    await expect(dialog.getByText("Rij 4: Ongeldig bedrag 'abc'")).toBeVisible();
    await checkAccessibility(page, "import preview");

    await dialog.getByRole("button", { name: "Importeer 3 transacties" }).click();
    await expect(page.locator("ol > li").getByText("Sommige imports mislukt", { exact: true })).toBeVisible();
    await expect(dialog.getByText("geïmporteerd")).toBeVisible();
    await expect(dialog.getByText("Rij 6: Ongeldige datum '31-02-2026'")).toBeVisible();
    await dialog.getByRole("button", { name: "Sluiten", exact: true }).first().click();

    const table = page.getByRole("table", { name: "Transacties" });
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(table.getByRole("row", { name: /Koffie; met melk/ })).toContainText("€ -3,82");

    // The same file again: nothing doubles.
    await page.getByRole("button", { name: "Importeer CSV" }).click();
    await dialog
      .getByLabel("CSV-bestand")
      .setInputFiles({ name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByRole("button", { name: "Importeer 3 transacties" }).click();
    await expect(dialog.getByText("al aanwezig, overgeslagen")).toBeVisible();
    await expect(dialog.getByText(/Rij 2: Bestaat al/)).toBeVisible();
    await dialog.getByRole("button", { name: "Sluiten", exact: true }).first().click();
    await expect(table.getByRole("row")).toHaveCount(4);
  });

  test("create a monthly recurring transaction and see its occurrences; stop it", async ({
    page,
    user: _user,
  }) => {
    const today = todayInAmsterdam();
    const start = shiftMonths(today, -2);
    await page.goto("/app/transactions");
    await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe transactie" });
    await dialog.getByLabel("Bedrag excl. BTW").fill("25");
    await dialog.getByLabel("Beschrijving").fill("Hosting");
    await dialog.getByLabel("Datum").fill(start);
    await dialog.getByLabel("Terugkerende transactie").check();
    await dialog.getByLabel("Interval").selectOption("monthly");
    await dialog.getByRole("button", { name: "Transactie aanmaken" }).click();
    await expect(toasts(page).getByText("Transactie succesvol aangemaakt")).toBeVisible();

    const table = page.getByRole("table", { name: "Transacties" });
    const rows = table.getByRole("row", { name: /Hosting/ });
    await expect(rows).toHaveCount(3);
    await expect(table.getByText("Automatisch herhaald")).toHaveCount(2);
    await expect(table.getByText("Maandelijks")).toHaveCount(1);

    await table.getByRole("button", { name: "Herhaling stoppen: Hosting" }).click();
    await expect(toasts(page).getByText("Herhaling gestopt")).toBeVisible();
    await expect(table.getByText(/Maandelijks t\/m/)).toBeVisible();
  });

  test("interest booked on Rente is outside the VAT return; VAT makes a booking taxed again", async ({
    page,
    user: _user,
  }) => {
    await page.goto("/app/transactions");
    await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe transactie" });
    await dialog.getByLabel("Type").selectOption("income");
    await dialog.getByLabel("Bedrag excl. BTW").fill("12,34");
    await dialog.getByLabel("Beschrijving").fill("Rente spaarrekening");
    // The category brings its treatment, and with it a rate of 0%.
    await dialog.getByLabel("Categorie").selectOption({ label: "Rente" });
    await expect(dialog.getByLabel("Btw-behandeling")).toHaveValue("outside_scope");
    await expect(dialog.getByLabel("BTW percentage")).toHaveValue("0");
    // Choosing VAT makes it taxed; back to 0% and 'Buiten de btw' for the interest.
    await dialog.getByLabel("BTW percentage").selectOption("21");
    await expect(dialog.getByLabel("Btw-behandeling")).toHaveValue("taxed");
    await dialog.getByLabel("Btw-behandeling").selectOption("outside_scope");
    await expect(dialog.getByLabel("BTW percentage")).toHaveValue("0");
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.screenshot({ path: "test-results/transaction-vat-treatment-390.png" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole("button", { name: "Transactie aanmaken" }).click();
    await expect(toasts(page).getByText("Transactie succesvol aangemaakt")).toBeVisible();

    // Paying VAT to the Belastingdienst is a balance-sheet booking: no VAT, no category, no cost.
    await page.getByRole("button", { name: "Nieuwe transactie" }).first().click();
    const payment = page.getByRole("dialog", { name: "Nieuwe transactie" });
    await payment.getByLabel("Categorie").selectOption({ label: "Kantoorkosten" });
    await payment.getByLabel("Soort boeking").selectOption({ label: "Btw-betaling of -teruggaaf" });
    await expect(payment.getByLabel("BTW percentage")).toHaveValue("0");
    await expect(payment.getByLabel("Categorie")).toHaveValue("");
    await payment.getByLabel("Bedrag excl. BTW").fill("210");
    await payment.getByLabel("Beschrijving").fill("Belastingdienst btw");
    await payment.getByRole("button", { name: "Transactie aanmaken" }).click();
    await expect(toasts(page).getByText("Transactie succesvol aangemaakt")).toBeVisible();
    const paid = page
      .getByRole("table", { name: "Transacties" })
      .getByRole("row", { name: /Belastingdienst btw/ });
    await expect(paid).toContainText("Btw-betaling of -teruggaaf");

    // The return of this quarter has nothing in 1e: interest is no supply.
    await page.goto("/app/taxes");
    const row = (code: string) => page.getByRole("row", { name: `Rubriek ${code}`, exact: true });
    await expect(row("1e")).toBeVisible();
    await expect(row("1e")).not.toContainText("12,34");
  });
});
