import { addDays, addMonths, businessDate, businessMoment } from "../src/shared/dates";
import { formatDate } from "../src/shared/format";
import { balanceOf, createClient, expect, expectNoOverflow, saveCompanyData, test, toasts } from "./fixtures";
import { pick } from "./pick";

const SHOTS = "/tmp";
const JOB_SHOTS = "/tmp/shots/jobs";

test.describe("Abonnementen: an invoice that comes back every month", () => {
  test("make an abonnement starting today: its first invoice is issued, sent and booked; pause, resume, end", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await saveCompanyData(page);
    await createClient(page, { name: "Studio Noord", email: "hallo@studionoord.nl" });
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

  test("an abonnement starting tomorrow makes nothing on saving; the job makes its invoice on the day", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await saveCompanyData(page);
    await createClient(page, { name: "Bakkerij Zuid", email: "info@bakkerijzuid.nl" });
    const tomorrow = addDays(businessDate(new Date()), 1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/abonnementen");
    await page.getByRole("button", { name: "Nieuw abonnement" }).click();
    const dialog = page.getByRole("dialog", { name: "Nieuw abonnement" });
    await pick(dialog.getByRole("combobox", { name: "Klant" }), "Bakkerij Zuid", "Zuid");
    await dialog.getByLabel("Omschrijving", { exact: true }).fill("Hosting");
    await dialog.getByLabel("Hoe vaak").selectOption({ label: "Maandelijks" });
    await dialog.getByLabel("Eerste factuurdatum").fill(tomorrow);
    await dialog.getByLabel("Omschrijving regel 1").fill("Hosting en back-ups");
    await dialog.getByLabel("Prijs").fill("150,00");
    await dialog.getByRole("button", { name: "Abonnement aanmaken" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByText("Abonnement aangemaakt")).toBeVisible();
    const row = page
      .getByRole("table", { name: "Abonnementen" })
      .getByRole("row")
      .filter({ hasText: "Hosting" });
    await expect(row).toContainText(formatDate(tomorrow));
    await expect(row).toContainText("Actief");

    // Saved before its first day: no invoice yet.
    const templates = (await (await page.request.get("/api/recurring-invoices")).json()) as Array<{
      id: string;
      nextDate: string | null;
      invoicesMade: number;
    }>;
    expect(templates).toMatchObject([{ nextDate: tomorrow, invoicesMade: 0 }]);
    expect(await (await page.request.get("/api/invoices")).json()).toEqual([]);
    await page.goto("/app/invoices");
    await expect(page.getByRole("row", { name: /^INV-/ })).toHaveCount(0);

    // Tomorrow, half an hour after midnight in Amsterdam, the scheduled job runs (as the scheduler runs it; the
    // test helper only chooses the moment). Another run holding the job's lock would skip it: then it runs again.
    await expect
      .poll(async () => {
        const run = await page.request.post("/api/test/jobs/recurring-invoices", {
          data: { now: businessMoment(tomorrow, "00:30").toISOString() },
        });
        expect(run.status(), await run.text()).toBe(200);
        return ((await run.json()) as { ran: boolean }).ran;
      })
      .toBe(true);

    await page.reload();
    const invoice = page.getByRole("row", { name: /^INV-000001/ });
    await expect(invoice).toContainText("Bakkerij Zuid");
    await expect(invoice).toContainText(formatDate(tomorrow));
    await expect(invoice).toContainText("€ 181,50");
    await expect(invoice).toContainText("Verstuurd");
    await expect(page.getByRole("row", { name: /^INV-/ })).toHaveCount(1);
    await checkAccessibility(page, "invoice list after the recurring job");
    await page.screenshot({ path: `${JOB_SHOTS}/recurring-job-invoices-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${JOB_SHOTS}/recurring-job-invoices-390.png`, fullPage: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/abonnementen");
    await expect(row).toContainText(formatDate(addMonths(tomorrow, 1)));
    await row.getByRole("button", { name: "Facturen van Hosting" }).click();
    const history = page.getByRole("dialog", { name: "Facturen van Hosting" });
    const made = history.getByRole("list", { name: "Gemaakte facturen" }).getByRole("listitem");
    await expect(made).toHaveCount(1);
    await expect(made).toContainText("Factuur INV-000001");
    await expect(made).toContainText("Verstuurd");
    await page.screenshot({ path: `${JOB_SHOTS}/recurring-job-history-1280.png` });
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoOverflow(page);
    await page.screenshot({ path: `${JOB_SHOTS}/recurring-job-list-390.png`, fullPage: true });
    const after = (await (await page.request.get("/api/recurring-invoices")).json()) as typeof templates;
    expect(after).toMatchObject([{ nextDate: addMonths(tomorrow, 1), invoicesMade: 1 }]);
  });
});
