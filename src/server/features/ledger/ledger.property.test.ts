/**
 * Property: whatever a user does — create, edit and delete transactions; create, send, credit, pay and delete
 * invoices; upload-free purchase invoices with any VAT treatment booked, paid and corrected; add bank accounts
 * with an opening balance; move a category to another account; register investments that depreciate and are
 * sold or scrapped — the books stay
 * balanced (every entry and the whole journal sum to zero), posting event by event gives exactly what a rebuild
 * from the records gives, and the reports agree with each other: the year's profit is the balance sheet's
 * result, assets equal liabilities plus equity, the months add up to the year, and the four quarterly VAT
 * returns add up to the VAT balances.
 */
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeTotals } from "../../../shared/invoices/math";
import { korAppliesOn, NO_KOR, type KorDates } from "../../../shared/kor";
import { InvoiceItemInputSchema, toLineInput } from "../../../shared/schemas/invoices";
import type { Category } from "../../../shared/schemas/categories";
import type { FixedAsset } from "../../../shared/schemas/fixed-assets";
import { parseCents } from "../../../shared/money";
import { journalMonthTotals } from "../../db/schema/index";
import { expectEveryEntryBalanced, journalSnapshot } from "../../../../tests/books";
import { buildTestApp, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { rebuildLedger } from "./posting";
import { balanceSheet, listAccountBalances, monthlyRevenueAndExpenses, profitAndLoss } from "./queries";
import { icpLines, vatReturn } from "../vat-returns/queries";
import { addDays } from "../../../shared/dates";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-12-31T10:00:00Z");
});
afterAll(() => t.close());

const day = fc
  .integer({ min: 0, max: 364 })
  .map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10));
const amount = fc.integer({ min: 0, max: 500_000 }).map((cents) => (cents / 100).toFixed(2));
const rate = fc.constantFrom("0", "9", "21");
const transaction = fc.record({
  type: fc.constantFrom("income", "expense"),
  amount,
  vatRate: rate,
  date: day,
  status: fc.constantFrom("completed", "completed", "pending"),
  category: fc.nat(20),
  bank: fc.nat(3),
  // Left out (the category's default), or chosen; exempt and outside the scope carry no VAT.
  treatment: fc.constantFrom(null, "taxed", "exempt", "outside_scope"),
  // Mostly a result; sometimes privé, the VAT payment or a transfer (no VAT, no category).
  balance: fc.constantFrom(null, null, null, "private", "transfer", "vat"),
});
type TransactionValue = typeof transaction extends fc.Arbitrary<infer V> ? V : never;
const invoiceLine = fc.record({
  quantity: fc.integer({ min: 1, max: 1000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
  unitPrice: fc.integer({ min: 1, max: 200_000 }).map((cents) => (cents / 100).toFixed(2)),
  vatCategory: fc.constantFrom("21", "9", "0", "reverse_charge"),
});

const command = fc.oneof(
  fc.record({ kind: fc.constant("createTransaction" as const), value: transaction }),
  fc.record({ kind: fc.constant("editTransaction" as const), index: fc.nat(), value: transaction }),
  fc.record({ kind: fc.constant("deleteTransaction" as const), index: fc.nat() }),
  fc.record({
    kind: fc.constant("createInvoice" as const),
    client: fc.nat(2),
    issueDate: day,
    lines: fc.array(invoiceLine, { minLength: 1, maxLength: 3 }),
    send: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("sendInvoice" as const), index: fc.nat() }),
  fc.record({ kind: fc.constant("creditInvoice" as const), index: fc.nat(), date: day }),
  fc.record({ kind: fc.constant("payInvoice" as const), index: fc.nat(), days: fc.nat(60) }),
  fc.record({ kind: fc.constant("deleteInvoice" as const), index: fc.nat() }),
  fc.record({
    kind: fc.constant("addBankAccount" as const),
    opening: fc.integer({ min: -50_000, max: 500_000 }).map((cents) => (cents / 100).toFixed(2)),
    date: day,
  }),
  fc.record({ kind: fc.constant("remapCategory" as const), category: fc.nat(20), account: fc.nat(40) }),
  fc.record({
    kind: fc.constant("createPurchase" as const),
    invoiceDate: day,
    treatment: fc.constantFrom("domestic", "domestic", "reverse_charge", "eu", "non_eu", "none"),
    lines: fc.array(fc.record({ net: amount, rate, category: fc.nat(20) }), { minLength: 1, maxLength: 3 }),
    book: fc.boolean(),
    paidAtOnce: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("payPurchase" as const),
    index: fc.nat(),
    days: fc.nat(60),
    bank: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("creditPurchase" as const), index: fc.nat() }),
  // The KOR from a day, maybe to a day, or not at all: the costs between the old and new dates are booked again.
  fc.record({ kind: fc.constant("setKor" as const), start: fc.option(day), days: fc.option(fc.nat(200)) }),
  // A hand-made entry: one or two debits on random accounts and the credit that balances them (or the reverse).
  fc.record({
    kind: fc.constant("memorial" as const),
    date: day,
    debits: fc.array(fc.record({ account: fc.nat(60), cents: fc.integer({ min: 1, max: 500_000 }) }), {
      minLength: 1,
      maxLength: 2,
    }),
    creditAccount: fc.nat(60),
    isReversed: fc.boolean(),
  }),
  // Privégebruik (1d): goods taken out of the costs with their 21% VAT, or a forfait of VAT alone (the car).
  fc.record({
    kind: fc.constant("privateUse" as const),
    date: day,
    cents: fc.integer({ min: 1, max: 500_000 }),
    isForfait: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("asset" as const),
    purchaseDate: day,
    cost: fc.integer({ min: 1, max: 5_000_000 }),
    residualPercent: fc.integer({ min: 0, max: 99 }),
    months: fc.integer({ min: 12, max: 60 }),
    frequency: fc.constantFrom("monthly", "yearly"),
    // Sold or scrapped that many days after the purchase (possibly after today: not booked yet), or kept.
    disposedAfter: fc.option(fc.nat(400)),
    proceeds: amount,
  }),
);

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

async function totalsSnapshot(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select()
    .from(journalMonthTotals)
    .where(eq(journalMonthTotals.userId, userId));
  return rows.map((row) => JSON.stringify(row)).sort();
}

/** Revenue and costs of a range straight from the journal lines, without the month totals. */
async function linesProfit(userId: string, from: string, to: string) {
  const result = await t.database.db.execute(sql`
    select (coalesce(-sum(l.amount) filter (where a.kind = 'revenue'), 0) * 100)::bigint::text as revenue,
      (coalesce(sum(l.amount) filter (where a.kind = 'expense'), 0) * 100)::bigint::text as expenses
    from journal_lines l join ledger_accounts a on a.id = l.account_id
    where l.user_id = ${userId}::uuid and l.date between ${from}::date and ${to}::date`);
  const row = (result as unknown as { rows: Array<{ revenue: string; expenses: string }> }).rows[0]!;
  return { revenue: Number(row.revenue), expenses: Number(row.expenses) };
}

/** What the asset register booked on a system account, in cents (debit positive). */
async function depreciationOn(userId: string, key: string): Promise<number> {
  const result = await t.database.db.execute(sql`
    select (coalesce(sum(l.amount), 0) * 100)::bigint::text as total
    from journal_lines l join ledger_accounts a on a.id = l.account_id
    where l.user_id = ${userId}::uuid and l.source_type = 'depreciation' and a.system_key = ${key}`);
  return Number((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
}

/** What memorial entries outside the return booked on the VAT accounts, in cents (debit positive). */
async function memorialOnVatAccounts(userId: string): Promise<number> {
  const result = await t.database.db.execute(sql`
    select (coalesce(sum(l.amount), 0) * 100)::bigint::text as total
    from journal_lines l join ledger_accounts a on a.id = l.account_id
    where l.user_id = ${userId}::uuid and l.source_type = 'memorial' and left(a.system_key, 4) = 'vat_'
      and a.system_key <> 'vat_settlement' and l.vat_box is null`);
  return Number((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
}

describe("the books under random use", () => {
  it("stay balanced and the reports agree", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const db = t.database.db;
        const user = await t.signIn();
        const userId = user.user.id;
        await createCompanyProfile(db, userId);
        let kor: KorDates = NO_KOR;
        const clients = [
          await createClientRecord(db, userId),
          await createClientRecord(db, userId, {
            name: "Brussel BV",
            country: "BE",
            taxNumber: "BE0123456749",
          }),
          await createClientRecord(db, userId, {
            name: "London Ltd",
            country: "GB",
            taxNumber: "GB123456789",
          }),
        ];
        const categories: Category[] = (await user.request({ method: "GET", url: "/api/categories" })).json();
        const bankIds: string[] = (await user.request({ method: "GET", url: "/api/bank-accounts" }))
          .json()
          .map((row: { id: string }) => row.id);
        const transactionIds: string[] = [];
        const invoiceIds: string[] = [];
        const purchaseIds: string[] = [];
        const assetIds: string[] = [];
        const bookPurchase = (detail: Record<string, unknown>, paidOn: string | null) =>
          user.request({
            method: "POST",
            url: `/api/purchase-invoices/${detail.id as string}/book`,
            payload: { ...detail, supplierName: detail.supplierName ?? "Leverancier", paidOn },
          });

        const transactionBody = (value: TransactionValue) => {
          const matching = categories.filter((category) => category.type === value.type);
          const category = value.category % 3 === 0 || value.balance ? null : pick(matching, value.category);
          const untaxed = value.treatment === "exempt" || value.treatment === "outside_scope";
          return {
            type: value.type,
            amount: value.amount,
            // Under the KOR income carries no VAT.
            vatRate:
              untaxed || value.balance || (value.type === "income" && korAppliesOn(kor, value.date))
                ? "0"
                : value.vatRate,
            balanceBooking: value.balance,
            vatTreatment: value.treatment,
            date: value.date,
            status: value.status,
            isRecurring: false,
            description: "Boeking",
            categoryId: category?.id ?? null,
            bankAccountId: pick(bankIds, value.bank) ?? null,
          };
        };

        for (const step of commands) {
          switch (step.kind) {
            case "createTransaction": {
              const response = await user.request({
                method: "POST",
                url: "/api/transactions",
                payload: transactionBody(step.value),
              });
              expect(response.statusCode, response.body).toBe(201);
              transactionIds.push(response.json().id);
              break;
            }
            case "editTransaction": {
              const id = pick(transactionIds, step.index);
              if (!id) break;
              const response = await user.request({
                method: "PUT",
                url: `/api/transactions/${id}`,
                payload: transactionBody(step.value),
              });
              expect(response.statusCode, response.body).toBe(200);
              break;
            }
            case "deleteTransaction": {
              const id = pick(transactionIds, step.index);
              if (!id) break;
              const response = await user.request({ method: "DELETE", url: `/api/transactions/${id}` });
              expect(response.statusCode, response.body).toBe(204);
              transactionIds.splice(transactionIds.indexOf(id), 1);
              break;
            }
            case "createInvoice": {
              // Under the KOR on the issue date the lines are exempt.
              const lines = step.lines.map((line) => ({
                ...line,
                vatCategory:
                  korAppliesOn(kor, step.issueDate) && (line.vatCategory === "21" || line.vatCategory === "9")
                    ? "exempt"
                    : line.vatCategory,
              }));
              const totals = computeTotals(
                lines.map((line) =>
                  toLineInput(InvoiceItemInputSchema.parse({ ...line, description: "Werk" })),
                ),
              );
              const response = await user.request({
                method: "POST",
                url: "/api/invoices",
                payload: {
                  clientId: clients[step.client]!.id,
                  issueDate: step.issueDate,
                  dueDate: addDays(step.issueDate, 14),
                  items: lines.map((line) => ({ ...line, description: "Werk" })),
                  subtotal: (totals.subtotal / 100).toFixed(2),
                  taxAmount: (totals.taxAmount / 100).toFixed(2),
                  total: (totals.total / 100).toFixed(2),
                  status: step.send ? "sent" : "draft",
                },
              });
              // Issued before the last issued invoice's date is refused (numbers and dates run together).
              if (step.send && response.statusCode === 409) break;
              expect(response.statusCode, response.body).toBe(201);
              invoiceIds.push(response.json().id);
              break;
            }
            case "sendInvoice":
            case "creditInvoice":
            case "payInvoice":
            case "deleteInvoice": {
              const id = pick(invoiceIds, step.index);
              if (!id) break;
              const invoice = (await user.request({ method: "GET", url: `/api/invoices/${id}` })).json();
              if (step.kind === "sendInvoice") {
                await user.request({ method: "POST", url: `/api/invoices/${id}/mark-sent` });
              } else if (step.kind === "creditInvoice") {
                // The credit note is dated on the day it is made.
                t.now.value = new Date(
                  `${step.date >= invoice.issueDate ? step.date : invoice.issueDate}T10:00:00Z`,
                );
                const response = await user.request({ method: "POST", url: `/api/invoices/${id}/credit` });
                t.now.value = new Date("2026-12-31T10:00:00Z");
                if (response.statusCode === 201) invoiceIds.push(response.json().id);
              } else if (step.kind === "payInvoice") {
                await user.request({
                  method: "POST",
                  url: `/api/invoices/${id}/mark-paid`,
                  payload: { paidDate: addDays(invoice.issueDate, step.days) },
                });
              } else {
                const response = await user.request({ method: "DELETE", url: `/api/invoices/${id}` });
                if (response.statusCode === 204) invoiceIds.splice(invoiceIds.indexOf(id), 1);
              }
              break;
            }
            case "addBankAccount": {
              const response = await user.request({
                method: "POST",
                url: "/api/bank-accounts",
                payload: {
                  name: `Rekening ${bankIds.length + 1}`,
                  openingBalance: step.opening,
                  openingDate: step.date,
                },
              });
              expect(response.statusCode, response.body).toBe(201);
              bankIds.push(response.json().id);
              break;
            }
            case "createPurchase": {
              const costs = categories.filter((category) => category.type === "expense");
              const response = await user.request({
                method: "POST",
                url: "/api/purchase-invoices",
                payload: {
                  supplierName: "Leverancier",
                  invoiceDate: step.invoiceDate,
                  vatTreatment: step.treatment,
                  lines: step.lines.map((line) => ({
                    vatRate: Number(line.rate),
                    netAmount: line.net,
                    categoryId: line.category % 3 === 0 ? null : pick(costs, line.category)!.id,
                  })),
                },
              });
              expect(response.statusCode, response.body).toBe(201);
              if (step.book) {
                const booked = await bookPurchase(response.json(), step.paidAtOnce ? step.invoiceDate : null);
                // Only amounts of zero cannot be booked.
                expect([200, 400], booked.body).toContain(booked.statusCode);
                if (booked.statusCode === 200) purchaseIds.push(response.json().id);
              }
              break;
            }
            case "payPurchase":
            case "creditPurchase": {
              const id = pick(purchaseIds, step.index);
              if (!id) break;
              const purchase = (
                await user.request({ method: "GET", url: `/api/purchase-invoices/${id}` })
              ).json();
              if (step.kind === "payPurchase") {
                await user.request({
                  method: "POST",
                  url: `/api/purchase-invoices/${id}/payments`,
                  payload: {
                    date: addDays(purchase.invoiceDate, step.days),
                    method: "bank",
                    bookTransaction: step.bank,
                  },
                });
              } else {
                const credit = await user.request({
                  method: "POST",
                  url: `/api/purchase-invoices/${id}/credit`,
                });
                expect(credit.statusCode, credit.body).toBe(201);
                const booked = await bookPurchase(
                  { ...credit.json(), invoiceDate: purchase.invoiceDate },
                  null,
                );
                expect(booked.statusCode, booked.body).toBe(200);
                purchaseIds.push(credit.json().id);
              }
              break;
            }
            case "memorial": {
              // Verwerkte resultaten is the year closing's own counterpart of 'Resultaat voorgaande jaren'.
              const accounts = (await listAccountBalances(db, userId, { date: "2026-12-31" })).filter(
                (account) => account.systemKey !== "closed_results",
              );
              const sign = step.isReversed ? -1 : 1;
              const total = step.debits.reduce((sum, line) => sum + line.cents, 0);
              const response = await user.request({
                method: "POST",
                url: "/api/memorial-entries",
                payload: {
                  date: step.date,
                  description: "Correctie",
                  lines: [
                    ...step.debits.map((line) => ({
                      ledgerAccountId: pick(accounts, line.account)!.id,
                      amount: (sign * line.cents) / 100,
                    })),
                    {
                      ledgerAccountId: pick(accounts, step.creditAccount)!.id,
                      amount: (-sign * total) / 100,
                    },
                  ],
                },
              });
              expect(response.statusCode, response.body).toBe(201);
              break;
            }
            case "privateUse": {
              const accounts = await listAccountBalances(db, userId, { date: "2026-12-31" });
              const id = (key: string) => accounts.find((account) => account.systemKey === key)!.id;
              const vat = step.isForfait ? step.cents : Math.round(step.cents * 0.21);
              const lines = step.isForfait
                ? [
                    { ledgerAccountId: id("car"), amount: step.cents / 100 },
                    { ledgerAccountId: id("vat_payable_21"), amount: -vat / 100 },
                  ]
                : [
                    { ledgerAccountId: id("private_withdrawals"), amount: (step.cents + vat) / 100 },
                    { ledgerAccountId: id("general_expenses"), amount: -step.cents / 100 },
                    { ledgerAccountId: id("vat_payable_21"), amount: -vat / 100 },
                  ];
              const response = await user.request({
                method: "POST",
                url: "/api/memorial-entries",
                payload: { date: step.date, description: "Privégebruik", vatRubriek: "1d", lines },
              });
              if (korAppliesOn(kor, step.date)) {
                expect(response.statusCode, response.body).toBe(400);
              } else {
                expect(response.statusCode, response.body).toBe(201);
              }
              break;
            }
            case "asset": {
              const cents = (value: number) => (value / 100).toFixed(2);
              const created = await user.request({
                method: "POST",
                url: "/api/fixed-assets",
                payload: {
                  name: "Investering",
                  purchaseDate: step.purchaseDate,
                  cost: cents(step.cost),
                  residualValue: cents(Math.floor((step.cost * step.residualPercent) / 100)),
                  usefulLifeMonths: step.months,
                  frequency: step.frequency,
                },
              });
              expect(created.statusCode, created.body).toBe(201);
              assetIds.push(created.json().id);
              if (step.disposedAfter !== null) {
                const disposed = await user.request({
                  method: "POST",
                  url: `/api/fixed-assets/${created.json().id as string}/dispose`,
                  payload: {
                    disposalDate: addDays(step.purchaseDate, step.disposedAfter),
                    disposalAmount: step.proceeds,
                  },
                });
                expect(disposed.statusCode, disposed.body).toBe(200);
              }
              break;
            }
            case "setKor": {
              const company = (await user.request({ method: "GET", url: "/api/settings/company" })).json();
              const dates = {
                korStartDate: step.start,
                korEndDate: step.start && step.days !== null ? addDays(step.start, step.days) : null,
              };
              const response = await user.request({
                method: "PUT",
                url: "/api/settings/company",
                payload: { ...company, ...dates },
              });
              // Refused when the dates would cover VAT already charged.
              expect([200, 409], response.body).toContain(response.statusCode);
              if (response.statusCode === 200) kor = dates;
              break;
            }
            case "remapCategory": {
              const category = pick(categories, step.category)!;
              const accounts = (await listAccountBalances(db, userId, { date: "2026-12-31" })).filter(
                (account) => account.kind === (category.type === "income" ? "revenue" : "expense"),
              );
              const account = step.account % 4 === 0 ? null : pick(accounts, step.account)!;
              const response = await user.request({
                method: "PUT",
                url: `/api/categories/${category.id}`,
                payload: {
                  name: category.name,
                  type: category.type,
                  color: category.color,
                  ledgerAccountId: account?.id ?? null,
                },
              });
              expect(response.statusCode, response.body).toBe(200);
              break;
            }
          }
        }

        // 1. Every entry balances.

        await expectEveryEntryBalanced(db, userId);

        // 2. Posting event by event equals a rebuild from the records.
        const incremental = await journalSnapshot(db, userId);
        const incrementalTotals = await totalsSnapshot(userId);
        await rebuildLedger(db, userId, { today: "2026-12-31" });
        expect(await journalSnapshot(db, userId)).toEqual(incremental);
        // The month totals kept up event by event equal the ones recomputed from the whole journal.
        expect(await totalsSnapshot(userId)).toEqual(incrementalTotals);
        // Ranges that cut months in half read the edges from the lines: the same as summing the lines.
        for (const [from, to] of [
          ["2026-02-14", "2026-07-03"],
          ["2026-03-05", "2026-03-20"],
          ["2026-01-01", "2026-06-30"],
        ] as const) {
          const direct = await linesProfit(userId, from, to);
          const report = await profitAndLoss(db, userId, { from, to });
          expect([report.totalRevenueCents, report.totalExpensesCents]).toEqual([
            direct.revenue,
            direct.expenses,
          ]);
        }

        // 3. The reports agree.
        const year = { from: "2026-01-01", to: "2026-12-31" };
        const pnl = await profitAndLoss(db, userId, year);
        const sheet = await balanceSheet(db, userId, { date: "2027-12-31" });
        expect(sheet.totalAssetsCents).toBe(sheet.totalLiabilitiesCents + sheet.totalEquityCents);
        expect(sheet.resultOfPriorYearsCents).toBe(pnl.netProfitCents);
        const months = await monthlyRevenueAndExpenses(db, userId, year);
        expect(months.reduce((sum, month) => sum + month.revenueCents, 0)).toBe(pnl.totalRevenueCents);
        expect(months.reduce((sum, month) => sum + month.expensesCents, 0)).toBe(pnl.totalExpensesCents);

        let vatFromReturns = 0;
        for (const quarter of [1, 2, 3, 4]) {
          const result = (await vatReturn(db, userId, `2026-Q${quarter}`, "2027-01-01"))!;
          vatFromReturns += result.totalCents;
          // The opgaaf ICP adds up to rubriek 3b, credit notes included.
          const icp = await icpLines(db, userId, result.period);
          const icpCents = icp.reduce((sum, line) => sum + line.amountCents, 0);
          expect(icpCents).toBe(result.rubrieken.find((rubriek) => rubriek.code === "3b")!.turnoverCents);
        }
        const accounts = await listAccountBalances(db, userId, { date: "2026-12-31" });
        // Af te dragen btw holds the VAT paid to (or refunded by) the Belastingdienst, no figure of a return.
        const vatBalance = accounts
          .filter(
            (account) => account.systemKey?.startsWith("vat_") && account.systemKey !== "vat_settlement",
          )
          .reduce((sum, account) => sum + account.balanceCents, 0);
        // Payable VAT is a credit (negative) balance, deductible VAT a debit: 5g is minus their sum.
        // A memorial entry on a VAT account corrects the balance, not the return (it carries no rubriek),
        // unless it declares privégebruik: then its VAT is 1d's.
        const memorialVat = await memorialOnVatAccounts(userId);
        expect(vatFromReturns + vatBalance - memorialVat).toBe(0);

        // 4. The register agrees with the books: all its depreciation is cost of the year, and the assets still
        // in use carry theirs on Cumulatieve afschrijving (a disposal takes an asset's off again).
        const assets: FixedAsset[] = (await user.request({ method: "GET", url: "/api/fixed-assets" })).json();
        expect(assets).toHaveLength(assetIds.length);
        const depreciated = (list: FixedAsset[]) =>
          list.reduce((sum, asset) => sum + parseCents(asset.depreciated)!, 0);
        expect(await depreciationOn(userId, "depreciation")).toBe(depreciated(assets));
        expect(0 - (await depreciationOn(userId, "accumulated_depreciation"))).toBe(
          depreciated(assets.filter((asset) => asset.state !== "disposed")),
        );
      }),
      { numRuns: 25, seed: 20261121, endOnFailure: true },
    );
  });
});
