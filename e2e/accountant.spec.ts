import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { businessDate } from "../src/shared/dates";
import {
  createClient,
  createDraftInvoice,
  expect,
  expectNoOverflow,
  issueInvoice,
  saveCompanyData,
  test,
} from "./fixtures";

const SHOTS = "test-results/screenshots";

/** Clicks a download button and answers the saved file's name and contents. */
async function download(page: Page, card: string, format: string): Promise<{ name: string; body: Buffer }> {
  const started = page.waitForEvent("download");
  await page
    .getByTestId(`export-${card}`)
    .getByRole("button", { name: new RegExp(`als ${format} downloaden$`) })
    .click();
  const file = await started;
  const path = await file.path();
  return { name: file.suggestedFilename(), body: await readFile(path) };
}

test.describe("Accountant: the books as files", () => {
  test("without bookings the page says so; with them every export downloads", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.username).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/accountant");
    await expect(page.getByRole("heading", { level: 1, name: "Accountant" })).toBeVisible();
    await expect(page.getByText("Nog geen boekingen")).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Accountant" })).toBeVisible();
    await checkAccessibility(page, "empty Accountant");
    await page.screenshot({ path: `${SHOTS}/accountant-empty-1280.png` });

    // An invoice sent today and a cost paid today.
    const today = businessDate(new Date());
    const year = today.slice(0, 4);
    await saveCompanyData(page);
    const clientId = await createClient(page, { name: "Bakkerij Jansen", city: "Utrecht" });
    const invoiceId = await createDraftInvoice(page, clientId, [
      { description: "Huisstijl", quantity: 1, unitPrice: 1000 },
    ]);
    const invoiceNumber = await issueInvoice(page, invoiceId);
    const cost = await page.request.post("/api/transactions", {
      data: {
        type: "expense",
        amount: "49.95",
        vatRate: "21",
        date: today,
        status: "completed",
        description: "Bureaulamp",
      },
    });
    expect(cost.status(), await cost.text()).toBe(201);

    await page.reload();
    await expect(page.getByTestId("export-period")).toHaveText(`01-01-${year} t/m 31-12-${year}`);
    await expect(page.getByRole("heading", { name: "Grootboekkaarten" })).toBeVisible();
    await checkAccessibility(page, "Accountant");
    await page.screenshot({ path: `${SHOTS}/accountant-1280.png`, fullPage: true });
    await page.screenshot({ path: "/tmp/exports-accountant-1280.png", fullPage: true });

    const generalLedger = await download(page, "general-ledger", "CSV");
    expect(generalLedger.name).toBe(`grootboekkaarten_${year}-01-01_${year}-12-31.csv`);
    const cards = generalLedger.body.toString("utf8");
    expect(cards).toContain("1300 Debiteuren");
    expect(cards).toContain(`${invoiceNumber};Verkoop`);
    expect(cards).toContain("Bakkerij Jansen");
    expect(cards).toContain("Eindsaldo");

    const trialBalance = await download(page, "trial-balance", "CSV");
    expect(trialBalance.body.toString("utf8")).toContain("De totalen sluiten");
    const journal = await download(page, "journal", "CSV");
    expect(journal.body.toString("utf8")).toContain("Bureaulamp");
    const debtors = await download(page, "debtors", "CSV");
    expect(debtors.name).toBe(`openstaande-posten-debiteuren_${today}.csv`);
    expect(debtors.body.toString("utf8")).toContain(`Bakkerij Jansen;${invoiceNumber}`);
    const creditors = await download(page, "creditors", "CSV");
    expect(creditors.body.toString("utf8")).toContain("Er staan op deze datum geen facturen open.");
    const vat = await download(page, "vat-reconciliation", "CSV");
    expect(vat.name).toBe(`btw-aansluiting_${year}.csv`);
    expect(vat.body.toString("utf8")).toContain("Te betalen btw hoog (21%)");

    for (const card of [
      "general-ledger",
      "trial-balance",
      "journal",
      "debtors",
      "creditors",
      "vat-reconciliation",
    ]) {
      const pdf = await download(page, card, "PDF");
      expect(pdf.name).toMatch(/\.pdf$/);
      expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await writeFile(`/tmp/exports-${card}.pdf`, pdf.body);
    }

    const xaf = await download(page, "xaf", "XAF");
    expect(xaf.name).toMatch(/\.xaf$/);
    expect(xaf.body.toString("utf8")).toContain("http://www.auditfiles.nl/XAF/3.2");

    // A quarter and an own period; a wrong own period is explained, not sent.
    await page.getByLabel("Periode", { exact: true }).selectOption("Kwartaal");
    await expect(page.getByTestId("export-period")).toContainText(year);
    await page.getByLabel("Periode", { exact: true }).selectOption("Eigen periode");
    await page.getByLabel("Van", { exact: true }).fill(`${year}-06-30`);
    await page.getByLabel("Tot en met", { exact: true }).fill(`${year}-06-01`);
    await expect(page.getByText("De einddatum ligt voor de begindatum")).toBeVisible();
    await expect(page.getByText("Kies een geldige periode en peildatum om te downloaden.")).toBeVisible();
    await page.screenshot({ path: "/tmp/exports-accountant-error-1280.png" });
    await page.getByLabel("Tot en met", { exact: true }).fill(today);
    const own = await download(page, "journal", "CSV");
    expect(own.name).toBe(`journaal_${year}-06-30_${today}.csv`);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { name: "Proef- en saldibalans" })).toBeVisible();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/accountant-390.png`, fullPage: true });
    await page.screenshot({ path: "/tmp/exports-accountant-390.png", fullPage: true });
  });
});
