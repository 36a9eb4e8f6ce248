import { expect, test } from "./fixtures";

/** Today in Amsterdam as the CSV writes dates, "26-11-2026": a booking in an earlier quarter would make that
 * quarter's VAT return due, and the bell would hold more than the import. */
function todayInCsv(): string {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  return iso.split("-").reverse().join("-");
}

/** decisions.md: a failed or partly failed import stays in the bell until its report is read. */
test.describe("failed imports in the bell", () => {
  test("a partly failed CSV import can be read later from the bell, at 390 px", async ({
    page,
    user: _user,
    checkAccessibility,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/app/transactions");
    await page.getByRole("button", { name: "Importeer CSV" }).click();
    const importDialog = page.getByRole("dialog", { name: "CSV importeren" });
    const csv = [
      "Datum;Bedrag;Omschrijving;BTW;Categorie",
      `${todayInCsv()};100,00;Factuur januari;21;Omzet`,
      `${todayInCsv()};abc;Kapot bedrag;21;`,
    ].join("\r\n");
    await importDialog
      .getByLabel("CSV-bestand")
      .setInputFiles({ name: "januari.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await importDialog.getByRole("button", { name: "Importeer 1 transactie" }).click();
    await expect(importDialog.getByText("Rij 3: Ongeldig bedrag 'abc'")).toBeVisible();
    await importDialog.getByRole("button", { name: "Sluiten", exact: true }).first().click();

    // Elsewhere, later: the bell still knows.
    await page.goto("/app");
    const bell = page.getByRole("button", { name: /^Meldingen/ });
    await expect(bell).toHaveAccessibleName("Meldingen (1)");
    await bell.click();
    await page.getByRole("menuitem", { name: /Import van 'januari\.csv' deels mislukt/ }).click();

    await expect(page).toHaveURL(/\/app\/transactions\?importverslag=/);
    const report = page.getByRole("dialog", { name: "Import deels mislukt" });
    await expect(report).toContainText("1 rij is niet geïmporteerd en 1 rij wel");
    await expect(report.getByRole("list", { name: "Niet geïmporteerde rijen" })).toHaveText(
      "Rij 3: Ongeldig bedrag 'abc'",
    );
    await checkAccessibility(page, "import report");

    await report.getByRole("button", { name: "Gelezen" }).click();
    await expect(report).toBeHidden();
    await expect(page).toHaveURL(/\/app\/transactions$/);
    await expect(bell).toHaveAccessibleName("Meldingen");
  });
});
