import { addMonths, businessDate } from "../src/shared/dates";
import { formatDate } from "../src/shared/format";
import { balanceOf, expect, expectNoOverflow, saveCompanyData, test, toasts } from "./fixtures";
import { pick } from "./pick";

const SHOTS = "/tmp";

test.describe("Abonnementen: an invoice that comes back every month", () => {
  test("make an abonnement starting today: its first invoice is issued, sent and booked; pause, resume, end", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await saveCompanyData(page);
    const client = await page.request.post("/api/clients", {
      data: { name: "Studio Noord", email: "hallo@studionoord.nl" },
    });
    expect(client.status(), await client.text()).toBe(201);
    const today = businessDate(new Date());

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/abonnementen");
    await expect(page.getByRole("heading", { level: 1, name: "Abonnementen" })).toBeVisible();
    await expect(page.getByText("Nog geen abonnementen")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Abonnementen" })).toBeVisible();
    await checkAccessibility(page, "empty Abonnementen");
    await page.screenshot({ path: `${SHOTS}/recurring-empty-1280.png` });

    await page.getByRole("button", { name: "Nieuw abonnement" }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuw abonnement" });
    await expect(dialog).toBeVisible();
    // Nothing filled in: the schema's Dutch messages, and nothing is saved.
    await dialog.getByRole("button", { name: "Abonnement aanmaken" }).click();
    await expect(dialog.getByText("Kies een klant")).toBeVisible();
    await expect(dialog.getByText("Geef het abonnement een omschrijving")).toBeVisible();

    await pick(dialog.getByRole("combobox", { name: "Klant" }), "Studio Noord", "Noord");
    await dialog.getByLabel("Omschrijving", { exact: true }).fill("Onderhoud website");
    await dialog.getByLabel("Hoe vaak").selectOption({ label: "Maandelijks" });
    await dialog.getByLabel("Eerste factuurdatum").fill(today);
    await dialog.getByLabel("Aantal facturen").fill("12");
    await dialog.getByLabel("Omschrijving regel 1").fill("Onderhoud en updates");
    await dialog.getByLabel("Prijs").fill("150,00");
    await expect(dialog.getByText("€ 181,50 incl. btw")).toBeVisible();
    await expect(dialog.getByLabel("Meteen versturen per e-mail")).toBeChecked();
    await checkAccessibility(page, "Abonnement dialog");
    await page.screenshot({ path: `${SHOTS}/recurring-dialog-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog.getByLabel("Prijs")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/recurring-dialog-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole("button", { name: "Abonnement aanmaken" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText("Abonnement aangemaakt")).toBeVisible();
    const table = page.getByRole("table", { name: "Abonnementen" });
    const row = table.getByRole("row").filter({ hasText: "Onderhoud website" });
    await expect(row).toContainText("Studio Noord · maandelijks, 12 facturen");
    await expect(row).toContainText(formatDate(addMonths(today, 1)));
    await expect(row).toContainText("Actief");
    await expect(row).toContainText("€ 181,50");

    // Today's period is made at once by the job's own steps: issued with a number, e-mailed, booked.
    await row.getByRole("button", { name: "Facturen van Onderhoud website" }).click();
    const history = page.getByRole("dialog", { name: "Facturen van Onderhoud website" });
    const made = history.getByRole("list", { name: "Gemaakte facturen" }).getByRole("listitem");
    await expect(made).toHaveCount(1);
    await expect(made).toContainText("Factuur INV-000001");
    await expect(made).toContainText("Verstuurd");
    await checkAccessibility(page, "Abonnement history");
    await page.screenshot({ path: `${SHOTS}/recurring-history-1280.png` });
    const invoices = (await (await page.request.get("/api/invoices")).json()) as Array<{
      invoiceNumber: string;
      status: string;
      issueDate: string;
      total: string;
    }>;
    expect(invoices).toMatchObject([
      { invoiceNumber: "INV-000001", status: "sent", issueDate: today, total: "181.50" },
    ]);
    expect(await balanceOf(page, "Debiteuren")).toBe("181.50");
    await page.keyboard.press("Escape");
    await expect(history).toBeHidden();

    await row.getByRole("button", { name: "Pauzeer Onderhoud website" }).click();
    await expect(row).toContainText("Gepauzeerd");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/recurring-list-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole("button", { name: "Hervat Onderhoud website" }).click();
    await expect(row).toContainText("Actief");

    await row.getByRole("button", { name: "Beëindig Onderhoud website" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Abonnement beëindigen?" });
    await confirm.getByRole("button", { name: "Beëindigen" }).click();
    await expect(toasts(page).getByText("Abonnement beëindigd")).toBeVisible();
    await expect(row).toContainText("Beëindigd");
    await expect(row.getByRole("button", { name: "Pauzeer Onderhoud website" })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/recurring-list-1280.png` });
  });
});
