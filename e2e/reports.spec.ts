import { readFile } from "node:fs/promises";
import { businessDate } from "../src/shared/dates";
import { presetRange } from "../src/shared/periods";
import { REPORT_IDS, REPORT_TITLES } from "../src/shared/schemas/reports";
import { expect, test } from "./fixtures";

const euro = (amount: number) =>
  new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(amount);

test.describe("Rapporten", () => {
  test("summary cards, every report on screen, and a PDF and a CSV download", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    expect(user.id).toBeTruthy();
    const today = businessDate(new Date());
    const booked = await page.request.post("/api/transactions", {
      data: {
        type: "income",
        amount: "800.00",
        vatRate: "21",
        date: today,
        status: "completed",
        description: "Advies",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const expense = await page.request.post("/api/transactions", {
      data: {
        type: "expense",
        amount: "100.00",
        vatRate: "21",
        date: today,
        status: "completed",
        description: "Software",
      },
    });
    expect(expense.status(), await expense.text()).toBe(201);

    await page.goto("/app/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Rapporten" })).toBeVisible();
    const profit = page.getByTestId("summary-Winst & verlies");
    await expect(profit).toContainText(euro(800));
    await expect(profit).toContainText(euro(700));
    const cashflow = page.getByTestId("summary-Cashflow");
    await expect(cashflow).toContainText(euro(968));
    await expect(cashflow).toContainText(euro(121));
    await checkAccessibility(page, "reports screen");

    const generated = page.getByRole("region", { name: "Gegenereerd rapport" });
    for (const report of REPORT_IDS) {
      await page.getByRole("button", { name: new RegExp(`^${REPORT_TITLES[report]}`) }).click();
      await page.getByTestId("generate-report").click();
      await expect(
        generated.getByRole("heading", { level: 2, name: REPORT_TITLES[report], exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "PDF downloaden" })).toBeVisible();
    }
    await checkAccessibility(page, "VAT report on screen");

    // Winst & verlies as PDF and CSV.
    await page.getByRole("button", { name: /^Winst & verlies/ }).click();
    await page.getByTestId("generate-report").click();
    await expect(
      generated.getByRole("heading", { level: 2, name: "Winst & verlies", exact: true }),
    ).toBeVisible();
    const range = presetRange("thisMonth", today);

    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "PDF downloaden" }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`rapport-winst-en-verlies_${range.from}_${range.to}.pdf`);
    const pdfBytes = await readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");

    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "CSV downloaden" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`rapport-winst-en-verlies_${range.from}_${range.to}.csv`);
    const csvText = await readFile((await csv.path())!, "utf8");
    expect(csvText.startsWith("\uFEFFWinst & verlies;")).toBe(true);
    expect(csvText).toContain("800,00");
    expect(csvText).toContain("700,00");

    // A custom range that ends before it starts is refused in the form.
    await page.getByLabel("Periode", { exact: true }).selectOption({ label: "Aangepast bereik" });
    await page.getByLabel("Van", { exact: true }).fill("2026-03-01");
    await page.getByLabel("Tot en met", { exact: true }).fill("2026-02-01");
    await expect(page.getByText("De einddatum ligt voor de begindatum")).toBeVisible();
    await expect(page.getByTestId("generate-report")).toBeDisabled();
  });
});
