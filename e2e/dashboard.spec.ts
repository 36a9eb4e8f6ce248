import type { Page } from "@playwright/test";
import { addDays, businessDate } from "../src/shared/dates";
import { dashboardRange, monthLabel, monthsOf } from "../src/shared/periods";
import { createClient, createDraftInvoice, expect, issueInvoice, saveCompanyData, test } from "./fixtures";

const euro = (amount: number) =>
  new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(amount);

/** The month labels the chart's data table shows, in order. */
async function chartMonths(page: Page): Promise<string[]> {
  return page.getByTestId("revenue-chart-data").locator("tbody th").allTextContents();
}

/** A booked income transaction, a sent invoice and 90 billable minutes today, through the API. */
async function bookAndInvoice(page: Page, today: string) {
  const booked = await page.request.post("/api/transactions", {
    data: {
      type: "income",
      amount: "1000.00",
      vatRate: "21",
      date: today,
      status: "completed",
      description: "Workshop huisstijl",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await saveCompanyData(page);
  const clientId = await createClient(page, {
    name: "Bakkerij De Korenschoof",
    email: "els@korenschoof.nl",
    paymentTermsDays: 14,
  });
  const invoiceId = await createDraftInvoice(
    page,
    clientId,
    [{ description: "Logo", quantity: 2, unitPrice: 500 }],
    { issueDate: today, dueDate: addDays(today, 14) },
  );
  await issueInvoice(page, invoiceId);

  const project = await page.request.post("/api/projects", {
    data: { name: "Huisstijl", clientId, hourlyRate: "80" },
  });
  expect(project.status(), await project.text()).toBe(201);
  const start = new Date(Date.now() - 3 * 3_600_000);
  const entry = await page.request.post("/api/time-entries", {
    data: {
      projectId: ((await project.json()) as { id: string }).id,
      description: "Schetsen",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
      duration: 90,
      isBillable: true,
    },
  });
  expect(entry.status(), await entry.text()).toBe(201);
}

test.describe("Dashboard", () => {
  test("a new user sees an empty dashboard; the period selector changes the chart's months", async ({
    page,
    user,
    checkAccessibility,
  }) => {
    const today = businessDate(new Date());
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // A first visit is not a return.
    await expect(page.getByText(`Welkom bij Balans, ${user.firstName}`)).toBeVisible();
    // A new user's first steps (e2e/onboarding.spec.ts); put away, the empty books say what to do instead.
    const checklist = page.getByRole("region", { name: "Aan de slag met Balans" });
    await expect(checklist).toBeVisible();
    await expect(page.getByText("Nog niets geboekt")).toHaveCount(0);
    await checklist.getByRole("button", { name: "Niet meer tonen" }).click();
    await expect(checklist).toHaveCount(0);
    await expect(page.getByText("Nog niets geboekt")).toBeVisible();
    await expect(page.getByTestId("card-receivables-value")).toHaveText(euro(0));
    await expect(page.getByTestId("card-payables")).toContainText("0 openstaande inkoopfacturen");
    await expect(page.getByTestId("accounts")).toContainText("Hoofdrekening");
    await expect(page.getByText("Nog geen transacties.")).toBeVisible();

    const expected = (period: "6months" | "quarter" | "year") =>
      monthsOf(dashboardRange(period, today)).map(monthLabel);
    await expect.poll(() => chartMonths(page)).toEqual(expected("6months"));
    await checkAccessibility(page, "empty dashboard");

    const selector = page.getByLabel("Periode van de grafiek");
    await selector.selectOption({ label: "Dit kwartaal" });
    await expect.poll(() => chartMonths(page)).toEqual(expected("quarter"));
    await selector.selectOption({ label: "Dit jaar" });
    await expect.poll(() => chartMonths(page)).toEqual(expected("year"));
    expect(await chartMonths(page)).toHaveLength(12);
    await selector.selectOption({ label: "Afgelopen 6 maanden" });
    await expect.poll(() => chartMonths(page)).toEqual(expected("6months"));
  });

  test("the cards show real figures after booking a transaction and sending an invoice", async ({
    page,
    user,
  }) => {
    expect(user.id).toBeTruthy();
    const today = businessDate(new Date());
    await bookAndInvoice(page, today);
    await page.goto("/app/dashboard");

    await expect(page.getByText(`Welkom terug, ${user.firstName}`)).toBeVisible();
    await expect(page.getByText("Nog niets geboekt")).toHaveCount(0);
    await expect(page.getByTestId("card-receivables-value")).toHaveText(euro(1210));
    await expect(page.getByTestId("card-receivables")).toContainText("1 openstaande factuur");
    // 5g: 210 from the transaction + 210 from the invoice.
    await expect(page.getByTestId("card-vat-value")).toHaveText(euro(420));
    await expect(page.getByTestId("card-hours-value")).toHaveText("1,5");
    await expect(page.getByTestId("accounts-total")).toHaveText(euro(1210));
    await expect(page.getByTestId("recent-transactions")).toContainText("Workshop huisstijl");

    // This month's bar: the transaction's and the invoice's revenue, excluding VAT.
    const thisMonth = page
      .getByTestId("revenue-chart-data")
      .getByRole("row", { name: monthLabel(today.slice(0, 7)), includeHidden: true });
    await expect(thisMonth).toContainText(euro(2000));

    await page.getByRole("link", { name: "Bekijk alle" }).click();
    await expect(page).toHaveURL(/\/app\/transactions$/);
  });
});
