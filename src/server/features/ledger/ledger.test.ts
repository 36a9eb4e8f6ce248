/**
 * The books from a hand-computed quarter (Q3 2026), asserted to the cent:
 * - INV A 2026-07-10: 10 × 100.00 at 21% (VAT 210.00), 200.00 at 9% (VAT 18.00), 50.00 at 0% → 1478.00, paid 08-10
 * - INV B 2026-07-15: 500.00 btw verlegd to a Dutch client → 1e
 * - INV C 2026-08-01: 300.00 reverse charge to a Belgian client → 3b
 * - INV D 2026-08-05: 2 × 123.45 = 246.90 at 21% (VAT 51.85) → 298.75, credited on 08-20 (credit note −298.75)
 * - expenses: 100.00 + 21.00 (software), 40.05 + 3.60 at 9% (kantoor), 10.00 at 0% (no category)
 * - income without invoice 2026-09-10: 80.00 + 16.80; and one in Q4 that must stay out.
 * 1a 1080.00 / 226.80 → 1080 / 226; 1b 200 / 18; 1e 550; 3b 300; 5a 244; 5b 24.60 → 25; 5g 219.
 * P&L: revenue 2130.00, costs 150.05, profit 1979.95. Balance 2026-09-30: bank 1400.15, debiteuren 800.00,
 * te vorderen btw 24.60 = 2224.75 = btw 244.80 + result 1979.95.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../shared/schemas/categories";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import type { VatReturnAnswer } from "../../../shared/schemas/vat-returns";
import { journalLines } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { pdfText } from "../../../../tests/pdf-text";
import { INVOICE_PAYMENT_MESSAGE } from "../transactions/service";
import { rebuildLedger } from "./posting";
import { balanceSheet, bankBalances, monthlyRevenueAndExpenses, profitAndLoss } from "./queries";
import { vatReturn } from "../vat-returns/queries";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

const Q3 = { from: "2026-07-01", to: "2026-09-30" };

async function ok<T>(
  response: { statusCode: number; body: string; json(): unknown },
  status = 200,
): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

async function issue(as: SignedIn, clientId: string, issueDate: string, items: object[]) {
  const { computeTotals } = await import("../../../shared/invoices/math");
  const { toLineInput } = await import("../../../shared/schemas/invoices");
  const { InvoiceItemInputSchema } = await import("../../../shared/schemas/invoices");
  const totals = computeTotals(items.map((item) => toLineInput(InvoiceItemInputSchema.parse(item))));
  const cents = (value: number) => (value / 100).toFixed(2);
  return ok<InvoiceDetail>(
    await as.request({
      method: "POST",
      url: "/api/invoices",
      payload: {
        clientId,
        issueDate,
        dueDate: "2026-12-31",
        items,
        subtotal: cents(totals.subtotal),
        taxAmount: cents(totals.taxAmount),
        total: cents(totals.total),
        status: "sent",
      },
    }),
    201,
  );
}

const line = (quantity: number | string, unitPrice: number | string, vatCategory: string) => ({
  description: "Werkzaamheden",
  quantity,
  unitPrice,
  vatCategory,
});

async function book(as: SignedIn, payload: object) {
  return ok<{ id: string }>(
    await as.request({
      method: "POST",
      url: "/api/transactions",
      payload: { status: "completed", isRecurring: false, description: "Boeking", ...payload },
    }),
    201,
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-08-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  const db = t.database.db;
  await createCompanyProfile(db, owner.user.id);
  const dutch = await createClientRecord(db, owner.user.id);
  const belgian = await createClientRecord(db, owner.user.id, {
    name: "Brussel BV",
    country: "BE",
    postalCode: "1000",
    city: "Brussel",
    taxNumber: "BE0123456749",
  });
  const categories = await ok<Category[]>(await owner.request({ method: "GET", url: "/api/categories" }));
  const category = (name: string) => categories.find((row) => row.name === name)!.id;

  const a = await issue(owner, dutch.id, "2026-07-10", [
    line(10, 100, "21"),
    line(1, 200, "9"),
    line(1, 50, "0"),
  ]);
  await issue(owner, dutch.id, "2026-07-15", [line(1, 500, "reverse_charge")]);
  await issue(owner, belgian.id, "2026-08-01", [line(1, 300, "reverse_charge")]);
  const d = await issue(owner, dutch.id, "2026-08-05", [line(2, "123.45", "21")]);
  await ok(await owner.request({ method: "POST", url: `/api/invoices/${d.id}/credit` }), 201);
  await ok(
    await owner.request({
      method: "POST",
      url: `/api/invoices/${a.id}/mark-paid`,
      payload: { paidDate: "2026-08-10" },
    }),
  );
  await book(owner, {
    type: "expense",
    amount: "100.00",
    vatRate: "21",
    date: "2026-07-20",
    categoryId: category("Software en abonnementen"),
  });
  await book(owner, {
    type: "expense",
    amount: "40.05",
    vatRate: "9",
    date: "2026-08-15",
    categoryId: category("Kantoorkosten"),
  });
  await book(owner, { type: "expense", amount: "10.00", vatRate: "0", date: "2026-09-01" });
  await book(owner, {
    type: "income",
    amount: "80.00",
    vatRate: "21",
    date: "2026-09-10",
    categoryId: category("Omzet"),
  });
  await book(owner, { type: "income", amount: "1000.00", vatRate: "21", date: "2026-10-01" });
});
afterAll(() => t.close());

const names = (lines: Array<{ name: string; amountCents: number }>) =>
  Object.fromEntries(lines.map((row) => [row.name, row.amountCents]));

describe("the books of a hand-computed quarter", () => {
  it("every entry balances and the whole journal sums to zero", async () => {
    const rows = await t.database.db
      .select({
        sourceId: journalLines.sourceId,
        sourceType: journalLines.sourceType,
        amount: journalLines.amount,
      })
      .from(journalLines)
      .where(eq(journalLines.userId, owner.user.id));
    const perEntry = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.sourceType}:${row.sourceId}`;
      perEntry.set(key, (perEntry.get(key) ?? 0) + Math.round(Number(row.amount) * 100));
    }
    expect(perEntry.size).toBeGreaterThan(8);
    for (const [key, sum] of perEntry) expect(sum, key).toBe(0);
  });

  it("profit and loss per account", async () => {
    const result = await profitAndLoss(t.database.db, owner.user.id, Q3);
    expect(names(result.revenue)).toEqual({
      "Omzet hoog tarief (21%)": 108000,
      "Omzet laag tarief (9%)": 20000,
      "Omzet 0% of niet belast": 5000,
      "Omzet btw verlegd": 50000,
      "Omzet binnen de EU": 30000,
    });
    expect(names(result.expenses)).toEqual({
      "Software en abonnementen": 10000,
      Kantoorkosten: 4005,
      "Algemene kosten": 1000,
    });
    expect(result).toMatchObject({
      totalRevenueCents: 213000,
      totalExpensesCents: 15005,
      netProfitCents: 197995,
    });
    expect(result.revenue[0]).toMatchObject({ code: "8000", rgsCode: "WOmzNodOdh" });
  });

  it("the balance sheet at the end of the quarter balances", async () => {
    const result = await balanceSheet(t.database.db, owner.user.id, { date: "2026-09-30" });
    expect(names(result.assets)).toEqual({
      Hoofdrekening: 140015,
      Debiteuren: 80000,
      "Te vorderen btw": 2460,
    });
    expect(names(result.liabilities)).toEqual({
      "Te betalen btw hoog (21%)": 22680,
      "Te betalen btw laag (9%)": 1800,
    });
    expect(names(result.equity)).toEqual({ "Resultaat boekjaar 2026": 197995 });
    expect(result.totalAssetsCents).toBe(222475);
    expect(result.totalLiabilitiesCents + result.totalEquityCents).toBe(222475);
  });

  it("the VAT return: every rubriek, whole euros in the taxpayer's favour", async () => {
    const result = (await vatReturn(t.database.db, owner.user.id, "2026-Q3", "2026-10-05"))!;
    const byCode = Object.fromEntries(
      result.rubrieken.map((row) => [
        row.code,
        [row.turnoverEuros, row.vatEuros, row.turnoverCents, row.vatCents],
      ]),
    );
    expect(byCode).toEqual({
      "1a": [1080, 226, 108000, 22680],
      "1b": [200, 18, 20000, 1800],
      "1c": [0, 0, 0, 0],
      "1d": [0, 0, 0, 0],
      "1e": [550, null, 55000, null],
      "2a": [0, 0, 0, 0],
      "3a": [0, null, 0, null],
      "3b": [300, null, 30000, null],
      "3c": [0, null, 0, null],
      "4a": [0, 0, 0, 0],
      "4b": [0, 0, 0, 0],
      "5a": [null, 244, null, 24480],
      "5b": [null, 25, null, 2460],
      "5c": [null, 219, null, 22020],
      "5d": [null, 0, null, 0],
      "5e": [null, 0, null, 0],
      "5f": [null, 0, null, 0],
      "5g": [null, 219, null, 22020],
    });
    expect(result.totalEuros).toBe(219);
    expect(result.period).toMatchObject({ label: "Q3 2026", deadline: "2026-10-31", state: "due" });
  });

  it("the opgaaf ICP lists the Belgian client with the 3b turnover, and nothing in another quarter", async () => {
    const answer = await ok<VatReturnAnswer>(
      await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q3" }),
    );
    expect(answer.icp).toEqual([
      {
        country: "BE",
        vatNumber: "BE0123456749",
        clientName: "Brussel BV",
        amount: "300.00",
        amountEuros: 300,
      },
    ]);
    expect(answer.rubrieken.find((rubriek) => rubriek.code === "3b")?.turnover).toBe("300.00");
    const q2 = await ok<VatReturnAnswer>(
      await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q2" }),
    );
    expect(q2.icp).toEqual([]);

    // The CSV and the PDF carry it under the rubrieken.
    const csv = await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q3/csv" });
    expect(csv.body.split("\r\n")).toContain("ICP;BE0123456749 Brussel BV;300;;300,00;");
    const pdf = await owner.request({ method: "GET", url: "/api/vat-returns/2026-Q3/pdf" });
    const text = (await pdfText(pdf.rawPayload)).join("\n");
    expect(text).toContain("Opgaaf ICP");
    expect(text).toContain("BE0123456749 Brussel BV");
  });

  it("the monthly totals and the bank balance agree with the profit and loss", async () => {
    const months = await monthlyRevenueAndExpenses(t.database.db, owner.user.id, {
      from: "2026-06-01",
      to: "2026-10-31",
    });
    expect(months).toEqual([
      { month: "2026-06", revenueCents: 0, expensesCents: 0 },
      { month: "2026-07", revenueCents: 175000, expensesCents: 10000 },
      { month: "2026-08", revenueCents: 30000, expensesCents: 4005 },
      { month: "2026-09", revenueCents: 8000, expensesCents: 1000 },
      { month: "2026-10", revenueCents: 100000, expensesCents: 0 },
    ]);
    const balances = await bankBalances(t.database.db, owner.user.id, { date: "2026-09-30" });
    expect(balances).toEqual([
      { bankAccountId: expect.any(String), name: "Hoofdrekening", iban: null, balanceCents: 140015 },
    ]);
  });

  it("rebuildLedger reproduces exactly the books that posting built", async () => {
    const snapshot = async () =>
      (
        await t.database.db
          .select({
            sourceType: journalLines.sourceType,
            sourceId: journalLines.sourceId,
            date: journalLines.date,
            accountId: journalLines.accountId,
            amount: journalLines.amount,
            vatBox: journalLines.vatBox,
          })
          .from(journalLines)
          .where(eq(journalLines.userId, owner.user.id))
      )
        .map((row) => JSON.stringify(row))
        .sort();
    const before = await snapshot();
    await rebuildLedger(t.database.db, owner.user.id);
    expect(await snapshot()).toEqual(before);
  });
});

describe("an invoice paid with its bank transaction", () => {
  it("settles Debiteuren once and never counts the payment as revenue", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const client = await createClientRecord(t.database.db, user.user.id);
    const invoice = await issue(user, client.id, "2026-08-01", [line(1, 1000, "21")]);
    const before = await profitAndLoss(t.database.db, user.user.id, Q3);
    expect(before.totalRevenueCents).toBe(100000);
    const paid = await user.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/mark-paid`,
      payload: { paidDate: "2026-08-15", bookTransaction: true },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const list = (await user.request({ method: "GET", url: "/api/transactions" })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "income", amountIncludingVat: "1210.00", date: "2026-08-15" });

    const check = async () => {
      expect((await profitAndLoss(t.database.db, user.user.id, Q3)).totalRevenueCents).toBe(100000);
      const sheet = await balanceSheet(t.database.db, user.user.id, { date: "2026-09-30" });
      expect(names(sheet.assets)).toEqual({ Hoofdrekening: 121000 });
      const vat = (await vatReturn(t.database.db, user.user.id, "2026-Q3", "2026-10-01"))!;
      expect(vat.rubrieken.find((row) => row.code === "1a")).toMatchObject({
        turnoverCents: 100000,
        vatCents: 21000,
      });
    };
    await check();
    // The bank transaction is the payment: it changes only with the payment, on the invoice.
    const refused = await user.request({ method: "DELETE", url: `/api/transactions/${list[0].id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_PAYMENT_MESSAGE);
    await check();
    // Deleting the payment removes its transaction too: the invoice is open again, in Debiteuren.
    const detail = (await user.request({ method: "GET", url: `/api/invoices/${invoice.id}` })).json();
    const removed = await user.request({
      method: "DELETE",
      url: `/api/invoices/${invoice.id}/payments/${detail.payments[0].id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ status: "sent", openAmount: "1210.00", payments: [] });
    expect((await user.request({ method: "GET", url: "/api/transactions" })).json()).toHaveLength(0);
    const sheet = await balanceSheet(t.database.db, user.user.id, { date: "2026-09-30" });
    expect(names(sheet.assets)).toEqual({ Debiteuren: 121000 });
  });

  it("refuses another user's bank account", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const client = await createClientRecord(t.database.db, user.user.id);
    const invoice = await issue(user, client.id, "2026-08-01", [line(1, 100, "21")]);
    const theirs = (await stranger.request({ method: "GET", url: "/api/bank-accounts" })).json()[0].id;
    const response = await user.request({
      method: "POST",
      url: `/api/invoices/${invoice.id}/mark-paid`,
      payload: { paidDate: "2026-08-15", bookTransaction: true, bankAccountId: theirs },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.bankAccountId).toBe("Bankrekening niet gevonden");
    expect((await user.request({ method: "GET", url: `/api/invoices/${invoice.id}` })).json().status).toBe(
      "sent",
    );
  });
});

describe("deleting a user", () => {
  it("removes their books with them", async () => {
    const { createUser, createTransaction } = await import("../../../../tests/factories");
    const { users } = await import("../../db/schema/index");
    const user = await createUser(t.database.db);
    await createTransaction(t.database.db, user.id);
    await rebuildLedger(t.database.db, user.id);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const left = await t.database.db.select().from(journalLines).where(eq(journalLines.userId, user.id));
    expect(left).toEqual([]);
  });
});

describe("HTTP", () => {
  it("GET /api/ledger/profit-and-loss and /balance-sheet answer decimals", async () => {
    const pnl = await ok<{ netProfit: string; totalRevenue: string }>(
      await owner.request({
        method: "GET",
        url: "/api/ledger/profit-and-loss?from=2026-07-01&to=2026-09-30",
      }),
    );
    expect(pnl).toMatchObject({ totalRevenue: "2130.00", netProfit: "1979.95" });
    const sheet = await ok<{ totalAssets: string; totalEquity: string; totalLiabilities: string }>(
      await owner.request({ method: "GET", url: "/api/ledger/balance-sheet?date=2026-09-30" }),
    );
    expect(sheet).toMatchObject({
      totalAssets: "2224.75",
      totalLiabilities: "244.80",
      totalEquity: "1979.95",
    });
  });

  it("GET /api/ledger/accounts: the chart with RGS codes and balances", async () => {
    const accounts = await ok<Array<{ code: string; rgsCode: string; name: string; balance: string }>>(
      await owner.request({ method: "GET", url: "/api/ledger/accounts?date=2026-09-30" }),
    );
    expect(accounts.find((row) => row.name === "Debiteuren")).toMatchObject({
      code: "1300",
      rgsCode: "BVorDebHad",
      balance: "800.00",
    });
    expect(accounts.find((row) => row.name === "Hoofdrekening")).toMatchObject({
      rgsCode: "BLimBanRba",
      balance: "1400.15",
    });
    expect(accounts.find((row) => row.code === "1710")?.balance).toBe("226.80");
  });

  it("validates the query", async () => {
    const bad = await owner.request({
      method: "GET",
      url: "/api/ledger/profit-and-loss?from=2026-13-01&to=2026-09-30",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Vul een geldige datum in (JJJJ-MM-DD)");
    const reversed = await owner.request({
      method: "GET",
      url: "/api/ledger/profit-and-loss?from=2026-10-01&to=2026-09-30",
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe("De einddatum ligt vóór de begindatum");
  });

  it("another user sees only their own (empty) books", async () => {
    const pnl = await ok<{ netProfit: string }>(
      await stranger.request({
        method: "GET",
        url: "/api/ledger/profit-and-loss?from=2026-07-01&to=2026-09-30",
      }),
    );
    expect(pnl.netProfit).toBe("0.00");
    const vat = await ok<VatReturnAnswer>(
      await stranger.request({ method: "GET", url: "/api/vat-returns/2026-Q3" }),
    );
    expect(vat.totalEuros).toBe(0);
    expect(vat.icp).toEqual([]);
  });
});
