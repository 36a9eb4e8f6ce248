import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardMetrics } from "../../../shared/schemas/dashboard";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile, createTimeEntry } from "../../../../tests/factories";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
});
afterAll(() => t.close());

const metrics = async (as: SignedIn, period?: string): Promise<DashboardMetrics> => {
  const response = await as.request({
    method: "GET",
    url: `/api/dashboard/metrics${period ? `?period=${period}` : ""}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function invoice(as: SignedIn, clientId: string, body: object, paidDate?: string) {
  const created = await as.request({
    method: "POST",
    url: "/api/invoices",
    payload: { ...body, clientId, status: "draft" },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await as.request({ method: "POST", url: `/api/invoices/${id}/mark-sent` })).statusCode).toBe(200);
  if (paidDate) {
    const paid = await as.request({
      method: "POST",
      url: `/api/invoices/${id}/mark-paid`,
      payload: { paidDate },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
}

/**
 * Through the API, so the ledger posts every event (today is 20 November 2026):
 * income 15 Sep 100.00 + 21%; income 5 Oct 1,000.00 + 21% for the bakery; expense 12 Oct 200.00 + 21%;
 * expense 3 Nov 50.00 + 9%; invoice 20 Oct 400.00 + 21% = 484.00 paid 9 Nov; invoice 2 Nov 185.75 + 37.12 =
 * 222.87 open; billable hours 90 min in October, 120 min in November, and 30 unbillable minutes.
 */
async function bookAll(owner: SignedIn) {
  const db = t.database.db;
  const userId = owner.user.id;
  await createCompanyProfile(db, userId);
  const client = await createClientRecord(db, userId);
  const book = async (
    type: string,
    date: string,
    amount: string,
    vatRate: string,
    description: string,
    clientId?: string,
  ) => {
    const response = await owner.request({
      method: "POST",
      url: "/api/transactions",
      payload: {
        type,
        date,
        amount,
        vatRate,
        status: "completed",
        description,
        ...(clientId ? { clientId } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  await book("income", "2026-09-15", "100.00", "21", "Advies");
  await book("income", "2026-10-05", "1000.00", "21", "Workshop", client.id);
  await book("expense", "2026-10-12", "200.00", "21", "Laptoptas");
  await book("expense", "2026-11-03", "50.00", "9", "Vakboeken");
  await invoice(
    owner,
    client.id,
    {
      issueDate: "2026-10-20",
      dueDate: "2026-11-03",
      items: [{ description: "Logo", quantity: 1, unitPrice: 400, vatCategory: "21" }],
      subtotal: "400.00",
      taxAmount: "84.00",
      total: "484.00",
    },
    "2026-11-09",
  );
  await invoice(owner, client.id, {
    issueDate: "2026-11-02",
    dueDate: "2026-11-16",
    items: [
      { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
      { description: "Drukwerk", quantity: "1.5", unitPrice: "10.50", vatCategory: "9" },
    ],
    subtotal: "185.75",
    taxAmount: "37.12",
    total: "222.87",
  });
  await createTimeEntry(db, userId, { startTime: new Date("2026-10-12T09:00:00Z"), duration: 90 });
  await createTimeEntry(db, userId, { startTime: new Date("2026-11-03T09:00:00Z"), duration: 120 });
  await createTimeEntry(db, userId, {
    startTime: new Date("2026-11-04T09:00:00Z"),
    duration: 30,
    isBillable: false,
  });
}

describe("GET /api/dashboard/metrics", () => {
  it("shows a new user honest zeros, the default account and the current quarter", async () => {
    const user = await t.signIn();
    const answer = await metrics(user);
    expect(answer).toMatchObject({
      period: "6months",
      from: "2026-06-01",
      to: "2026-11-30",
      totalRevenue: "0.00",
      totalExpenses: "0.00",
      netProfit: "0.00",
      billableHours: 0,
      receivables: { amount: "0.00", count: 0, previous: "0.00", changePercent: null },
      payables: { amount: "0.00", count: 0 },
      vat: {
        amount: "0.00",
        label: "Q4 2026",
        previous: "0.00",
        previousLabel: "Q3 2026",
        changePercent: null,
      },
      hours: { hours: 0, previousHours: 0, changePercent: null },
      accountsTotal: "0.00",
      recentTransactions: [],
      isEmpty: true,
    });
    expect(answer.accounts).toEqual([expect.objectContaining({ name: "Hoofdrekening", balance: "0.00" })]);
    expect(answer.chart.map((month) => month.label)).toEqual([
      "jun 2026",
      "jul 2026",
      "aug 2026",
      "sep 2026",
      "okt 2026",
      "nov 2026",
    ]);
  });

  it("derives every card from the books, with the change against the previous period", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    await bookAll(owner);
    await bookAll(stranger);

    const sixMonths = await metrics(owner);
    expect(sixMonths).toMatchObject({
      totalRevenue: "1685.75",
      totalExpenses: "250.00",
      netProfit: "1435.75",
      billableHours: 2,
      // Open now: the 2 November invoice; at the end of October: the 20 October invoice (paid 9 November).
      receivables: { amount: "222.87", count: 1, previous: "484.00", changePercent: -54 },
      // 5g of Q4: 1a 329 + 1b 1 − 5b 47 = 283; Q3: 21.
      vat: {
        amount: "283.00",
        label: "Q4 2026",
        previous: "21.00",
        previousLabel: "Q3 2026",
        changePercent: 1247.6,
      },
      hours: { hours: 2, previousHours: 1.5, changePercent: 33.3 },
      // 121.00 + 1,210.00 − 242.00 − 54.50 + 484.00.
      accountsTotal: "1518.50",
      isEmpty: false,
    });
    expect(sixMonths.accounts).toEqual([
      expect.objectContaining({ name: "Hoofdrekening", balance: "1518.50" }),
    ]);
    expect(sixMonths.chart.map(({ month, omzet, uitgaven }) => [month, omzet, uitgaven])).toEqual([
      ["2026-06", 0, 0],
      ["2026-07", 0, 0],
      ["2026-08", 0, 0],
      ["2026-09", 100, 0],
      ["2026-10", 1400, 200],
      ["2026-11", 185.75, 50],
    ]);
    expect(
      sixMonths.recentTransactions.map((row) => [
        row.date,
        row.description,
        row.type,
        row.amountIncludingVat,
        row.clientName,
      ]),
    ).toEqual([
      ["2026-11-03", "Vakboeken", "expense", "54.50", null],
      ["2026-10-12", "Laptoptas", "expense", "242.00", null],
      ["2026-10-05", "Workshop", "income", "1210.00", "Bakkerij De Korenschoof"],
      ["2026-09-15", "Advies", "income", "121.00", null],
    ]);

    const quarter = await metrics(owner, "quarter");
    expect(quarter).toMatchObject({
      from: "2026-10-01",
      to: "2026-12-31",
      totalRevenue: "1585.75",
      netProfit: "1335.75",
    });
    expect(quarter.chart.map((month) => month.month)).toEqual(["2026-10", "2026-11", "2026-12"]);
    const year = await metrics(owner, "year");
    expect(year).toMatchObject({ from: "2026-01-01", to: "2026-12-31", totalRevenue: "1685.75" });
    expect(year.chart).toHaveLength(12);
  });

  it("refuses an unknown period with a Dutch message, and answers 401 when signed out", async () => {
    const user = await t.signIn();
    const response = await user.request({ method: "GET", url: "/api/dashboard/metrics?period=week" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ period: "Kies 6 maanden, kwartaal of jaar" });
    expect((await t.app.inject({ method: "GET", url: "/api/dashboard/metrics" })).statusCode).toBe(401);
  });
});
