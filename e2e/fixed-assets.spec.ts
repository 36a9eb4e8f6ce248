import { addDays, businessDate } from "../src/shared/dates";
import { balanceOf, expect, expectNoOverflow, test, toasts } from "./fixtures";

const SHOTS = "test-results/screenshots";

/** The first day of the month `count` months before the month of the day. */
function firstOfMonthBefore(day: string, count: number): string {
  let month = `${day.slice(0, 7)}-01`;
  for (let index = 0; index < count; index++) month = `${addDays(month, -1).slice(0, 7)}-01`;
  return month;
}

test.describe("Investeringen: a laptop bought, depreciated and sold", () => {
  test("add a laptop of € 1.500, see its monthly depreciation and book value, then sell it", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    const today = businessDate(new Date());
    // Bought three months ago: those three months have ended and are booked, € 41,66 each (1.500 / 36).
    const bought = firstOfMonthBefore(today, 3);
    const [year, month, day] = bought.split("-");

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/investeringen");
    await expect(page.getByRole("heading", { level: 1, name: "Investeringen" })).toBeVisible();
    await expect(page.getByText("Nog geen investeringen")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Investeringen" })).toBeVisible();
    await checkAccessibility(page, "empty Investeringen");

    await page.getByRole("button", { name: "Investering toevoegen", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuwe investering" });
    await expect(dialog).toBeVisible();
    // Saving without anything shows the shared schema's messages.
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog.getByText("Naam is verplicht")).toBeVisible();
    await expect(dialog.getByText("Aanschafwaarde moet groter zijn dan 0")).toBeVisible();
    await expect(dialog.getByText("Levensduur moet tussen 12 en 600 maanden liggen")).toBeVisible();

    await dialog.getByLabel("Naam").fill("Laptop");
    await dialog.getByLabel("Aanschafdatum").fill(bought);
    await dialog.getByLabel("Aanschafwaarde").fill("1.500,00");
    await dialog.getByLabel("Levensduur in maanden").fill("36");
    await checkAccessibility(page, "Investering dialog");
    await page.screenshot({ path: `${SHOTS}/fixed-assets-dialog-1280.png` });
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText("Investering toegevoegd")).toBeVisible();

    const table = page.getByRole("table", { name: "Investeringen" });
    const row = table.getByRole("row").filter({ hasText: "Laptop" });
    await expect(row).toContainText("€ 41,66 per maand");
    await expect(row).toContainText(`${day}-${month}-${year}`);
    await expect(row).toContainText("€ 1.500,00");
    // Three months booked: € 124,98; book value € 1.375,02.
    await expect(row).toContainText("€ 124,98");
    await expect(row).toContainText("€ 1.375,02");
    await expect(row).toContainText("In gebruik");
    expect(await balanceOf(page, "Afschrijvingskosten inventaris")).toBe("124.98");

    // The KIA card of the year of purchase: one asset of € 1.500, under the € 2.901 the KIA starts at.
    const kia = page.getByRole("region", { name: "Kleinschaligheidsinvesteringsaftrek" });
    await kia.getByLabel("Jaar").selectOption(year!);
    await expect(kia).toContainText(`Investeringen in ${year} die meetellen`);
    await expect(kia).toContainText("1 bedrijfsmiddel");
    await expect(kia).toContainText("Geen KIA");
    await expect(kia).toContainText("vanaf € 2.901,00");
    await expect(page.getByText("op de categorie Investeringen", { exact: false })).toBeVisible();
    await checkAccessibility(page, "Investeringen with a laptop");
    await page.screenshot({ path: `${SHOTS}/fixed-assets-list-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toContainText("€ 1.375,02");
    await expect(row).toContainText("Afgeschreven € 124,98");
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/fixed-assets-list-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sold on the first of this month for € 1.000: the three months stay, the book value goes.
    const soldOn = firstOfMonthBefore(today, 0);
    await row.getByRole("button", { name: "Verkoop of voer Laptop af" }).click();
    const dispose = page.getByRole("dialog", { name: "Laptop verkopen of afvoeren" });
    await expect(dispose).toBeVisible();
    await dispose.getByLabel("Datum van verkoop").fill(soldOn);
    await dispose.getByLabel("Opbrengst").fill("1.000,00");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dispose.getByRole("button", { name: "Afboeken" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/fixed-assets-dispose-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dispose.getByRole("button", { name: "Afboeken" }).click();
    await expect(dispose).toBeHidden();
    // Book value € 1.375,02 less € 1.000 proceeds.
    await expect(toasts(page).getByText("Boekverlies € 375,02")).toBeVisible();
    await expect(row).toContainText("Verkocht");
    await expect(row).toContainText("€ 0,00");
    await expect(row).not.toContainText("per maand");
    expect(await balanceOf(page, "Boekresultaat verkoop inventaris")).toBe("375.02");
    expect(await balanceOf(page, "Cumulatieve afschrijving inventaris")).toBe("0.00");
    await checkAccessibility(page, "Investeringen with a sold laptop");
    await page.screenshot({ path: `${SHOTS}/fixed-assets-sold-1280.png`, fullPage: true });
  });
});
