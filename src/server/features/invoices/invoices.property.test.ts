/**
 * Property: whatever a user does with invoices through the HTTP routes — create drafts or issue at once, edit
 * and delete drafts, send by e-mail, mark as sent, pay in parts, delete payments, credit whole, by lines or by an
 * amount, book transactions — after every step:
 * 1. every journal entry balances;
 * 2. every invoice's open amount equals its Debiteuren balance in the books, and the screens that show what is
 *    still to receive (list counters, dashboard, client report) show the same sum;
 * 3. the books posted event by event equal a rebuild from the records: the same journal, VAT returns, profit
 *    and loss and balance sheet;
 * 4. the numbers of issued invoices are the series without gaps, and their dates never run backwards.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeTotals } from "../../../shared/invoices/math";
import { formatSeriesNumber } from "../../../shared/invoices/series";
import { parseCents } from "../../../shared/money";
import { InvoiceItemInputSchema, toLineInput, type InvoiceDetail } from "../../../shared/schemas/invoices";
import { expectEveryEntryBalanced, journalSnapshot } from "../../../../tests/books";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { rebuildLedger } from "../ledger/posting";
import { receivablesAt } from "./service";
import { balanceSheet, profitAndLoss, receivablesByInvoice } from "../ledger/queries";
import { vatReturn } from "../vat-returns/queries";
import { addDays } from "../../../shared/dates";

let t: TestApp;
const NOW = new Date("2026-12-31T10:00:00Z");

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = NOW;
});
afterAll(() => t.close());

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 1000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
  unitPrice: fc.integer({ min: 1, max: 200_000 }).map((cents) => (cents / 100).toFixed(2)),
  vatCategory: fc.constantFrom("21", "9", "0", "reverse_charge"),
});
const lines = fc.array(line, { minLength: 1, maxLength: 3 });

// Weighted towards the events that issue, pay and credit, so every run has some of each.
const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      client: fc.nat(1),
      days: fc.nat(20),
      lines,
      issue: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant("editDraft" as const), index: fc.nat(), days: fc.nat(20), lines }),
  fc.record({ kind: fc.constant("deleteDraft" as const), index: fc.nat() }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("sendByEmail" as const), index: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("markSent" as const), index: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      index: fc.nat(),
      percent: fc.constantFrom(25, 50, 100, 110),
      days: fc.nat(40),
      bookTransaction: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant("deletePayment" as const), index: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("credit" as const),
      index: fc.nat(),
      how: fc.constantFrom("whole", "lines", "amount"),
      days: fc.nat(10),
    }),
  },
  fc.record({
    kind: fc.constant("transaction" as const),
    type: fc.constantFrom("income", "expense"),
    amount: fc.integer({ min: 1, max: 300_000 }).map((cents) => (cents / 100).toFixed(2)),
    days: fc.nat(300),
  }),
);

const START = "2026-01-05";
const later = (a: string, b: string) => (a > b ? a : b);
const cents = (decimal: string) => parseCents(decimal)!;

type Line = { quantity: string; unitPrice: string; vatCategory: string };

function invoiceBody(clientId: string, issueDate: string, items: Line[], status: string) {
  const withDescription = items.map((item) => ({ ...item, description: "Werk" }));
  const totals = computeTotals(
    withDescription.map((item) => toLineInput(InvoiceItemInputSchema.parse(item))),
  );
  return {
    clientId,
    issueDate,
    dueDate: addDays(issueDate, 14),
    items: withDescription,
    subtotal: (totals.subtotal / 100).toFixed(2),
    taxAmount: (totals.taxAmount / 100).toFixed(2),
    total: (totals.total / 100).toFixed(2),
    status,
  };
}

async function allInvoices(user: SignedIn): Promise<InvoiceDetail[]> {
  const list = (await user.request({ method: "GET", url: "/api/invoices" })).json() as { id: string }[];
  return Promise.all(
    list.map(async (row) => (await user.request({ method: "GET", url: `/api/invoices/${row.id}` })).json()),
  );
}

async function figures(userId: string) {
  const db = t.database.db;
  const year = { from: "2026-01-01", to: "2026-12-31" };
  const returns = [];
  for (const quarter of [1, 2, 3, 4])
    returns.push(await vatReturn(db, userId, `2026-Q${quarter}`, "2027-01-01"));
  return {
    journal: await journalSnapshot(db, userId),
    returns,
    profitAndLoss: await profitAndLoss(db, userId, year),
    balance: await balanceSheet(db, userId, { date: "2026-12-31" }),
  };
}

async function assertBooksAgree(user: SignedIn): Promise<void> {
  const db = t.database.db;
  const userId = user.user.id;
  // 1. Every entry balances.
  await expectEveryEntryBalanced(db, userId);

  // 2. Open amounts are the Debiteuren balances, and every screen shows their sum.
  const invoices = await allInvoices(user);
  const receivables = await receivablesByInvoice(db, userId);
  const open = new Map(
    invoices
      .filter((invoice) => invoice.status !== "draft" && invoice.creditNoteForId === null)
      .filter((invoice) => cents(invoice.openAmount) !== 0)
      .map((invoice) => [invoice.id, cents(invoice.openAmount)]),
  );
  expect(Object.fromEntries(receivables)).toEqual(Object.fromEntries(open));
  for (const invoice of invoices) {
    const expected =
      invoice.status === "draft" || invoice.creditNoteForId !== null
        ? 0
        : cents(invoice.total) -
          cents(invoice.creditedAmount) -
          invoice.payments.reduce((sum, payment) => sum + cents(payment.amount), 0);
    expect(cents(invoice.openAmount), invoice.invoiceNumber ?? "concept").toBe(expected);
    if (invoice.status === "paid") expect(cents(invoice.openAmount)).toBeLessThanOrEqual(0);
    // Issued and not settled means something is open; a credit note never has anything open.
    if (invoice.creditNoteForId === null && (invoice.status === "sent" || invoice.status === "overdue")) {
      expect(cents(invoice.openAmount)).toBeGreaterThan(0);
    }
  }
  const toReceive = [...open.values()]
    .filter((amount) => amount > 0)
    .reduce((sum, amount) => sum + amount, 0);
  const summary = (await user.request({ method: "GET", url: "/api/invoices/summary" })).json();
  expect(cents(summary.sent.amount) + cents(summary.overdue.amount)).toBe(toReceive);
  const dashboard = (await user.request({ method: "GET", url: "/api/dashboard/metrics" })).json();
  expect(cents(dashboard.receivables.amount)).toBe(toReceive);
  // 'Te ontvangen' at an earlier day (the dashboard's comparison): the same rule applied to what had happened by then.
  for (const day of ["2026-02-15", "2026-04-30"]) {
    const then = invoices
      .filter(
        (invoice) =>
          invoice.status !== "draft" && invoice.creditNoteForId === null && invoice.issueDate <= day,
      )
      .map((invoice) => {
        const credited = invoices
          .filter((note) => note.creditNoteForId === invoice.id && note.issueDate <= day)
          .reduce((sum, note) => sum + cents(note.total), 0);
        const paid = invoice.payments
          .filter((payment) => payment.date <= day)
          .reduce((sum, payment) => sum + cents(payment.amount), 0);
        return cents(invoice.total) + credited - paid;
      })
      .filter((amount) => amount > 0);
    expect(await receivablesAt(db, userId, day)).toEqual({
      amountCents: then.reduce((sum, amount) => sum + amount, 0),
      count: then.length,
    });
  }
  // The client report's 'Openstaand' over every invoice date: all open amounts, credits to refund included.
  const report = (
    await user.request({ method: "GET", url: "/api/reports/klanten?from=2026-01-01&to=2027-12-31" })
  ).json();
  const openFigure = report.figures.find((figure: { label: string }) => figure.label === "Openstaand");
  expect(cents(openFigure.value)).toBe([...open.values()].reduce((sum, amount) => sum + amount, 0));

  // 4. The series: INV-000001 … INV-00000n in issue order, dates never running backwards.
  const issued = invoices
    .filter((invoice) => invoice.status !== "draft")
    .sort((a, b) => (a.invoiceNumber! < b.invoiceNumber! ? -1 : 1));
  expect(issued.map((invoice) => invoice.invoiceNumber)).toEqual(
    issued.map((_, index) => formatSeriesNumber(index + 1)),
  );
  for (let index = 1; index < issued.length; index += 1) {
    expect(issued[index]!.issueDate >= issued[index - 1]!.issueDate).toBe(true);
  }
  expect(
    invoices.filter((invoice) => invoice.status === "draft").every((i) => i.invoiceNumber === null),
  ).toBe(true);

  // 3. Event by event equals a rebuild from the records.
  const before = await figures(userId);
  await rebuildLedger(db, userId);
  expect(await figures(userId)).toEqual(before);
}

describe("invoices under random use", () => {
  it("keep open amounts, the books and the number series in agreement", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 6, maxLength: 14 }), async (commands) => {
        const db = t.database.db;
        const user = await t.signIn();
        const userId = user.user.id;
        await createCompanyProfile(db, userId);
        const clients = [
          await createClientRecord(db, userId),
          await createClientRecord(db, userId, {
            name: "Brussel BV",
            country: "BE",
            taxNumber: "BE0403019261",
            email: "boekhouding@brussel.be",
          }),
        ];
        const ids: string[] = [];
        let lastDate = START;
        const get = async (index: number): Promise<InvoiceDetail | undefined> => {
          if (ids.length === 0) return undefined;
          const id = ids[index % ids.length]!;
          return (await user.request({ method: "GET", url: `/api/invoices/${id}` })).json();
        };

        for (const step of commands) {
          switch (step.kind) {
            case "create": {
              lastDate = addDays(lastDate, step.days);
              const response = await user.request({
                method: "POST",
                url: "/api/invoices",
                payload: invoiceBody(
                  clients[step.client]!.id,
                  lastDate,
                  step.lines,
                  step.issue ? "sent" : "draft",
                ),
              });
              expect(response.statusCode, response.body).toBe(201);
              ids.push(response.json().id);
              break;
            }
            case "editDraft": {
              const invoice = await get(step.index);
              if (!invoice || invoice.status !== "draft") break;
              const response = await user.request({
                method: "PUT",
                url: `/api/invoices/${invoice.id}`,
                payload: invoiceBody(
                  invoice.clientId!,
                  addDays(invoice.issueDate, step.days),
                  step.lines,
                  "draft",
                ),
              });
              expect(response.statusCode, response.body).toBe(200);
              break;
            }
            case "deleteDraft": {
              const invoice = await get(step.index);
              if (!invoice) break;
              const response = await user.request({ method: "DELETE", url: `/api/invoices/${invoice.id}` });
              expect(response.statusCode).toBe(invoice.status === "draft" ? 204 : 409);
              if (response.statusCode === 204) ids.splice(ids.indexOf(invoice.id), 1);
              break;
            }
            case "sendByEmail":
            case "markSent": {
              const invoice = await get(step.index);
              if (!invoice) break;
              const url = `/api/invoices/${invoice.id}/${step.kind === "sendByEmail" ? "send" : "mark-sent"}`;
              const response = await user.request({ method: "POST", url });
              if (invoice.status !== "draft") {
                // An issued invoice can be mailed again, never issued again.
                expect(response.statusCode).toBe(step.kind === "sendByEmail" ? 200 : 409);
              } else {
                // A draft dated before the last issued invoice is refused (numbers and dates run together).
                expect([200, 409], response.body).toContain(response.statusCode);
              }
              if (response.statusCode === 200) lastDate = later(lastDate, invoice.issueDate);
              break;
            }
            case "pay": {
              const invoice = await get(step.index);
              if (!invoice || invoice.status === "draft" || invoice.creditNoteForId) break;
              const open = cents(invoice.openAmount);
              if (open <= 0) break;
              const amount = Math.max(1, Math.round((open * step.percent) / 100));
              const response = await user.request({
                method: "POST",
                url: `/api/invoices/${invoice.id}/payments`,
                payload: {
                  date: addDays(invoice.issueDate, step.days),
                  amount: (amount / 100).toFixed(2),
                  bookTransaction: step.bookTransaction,
                },
              });
              expect(response.statusCode, response.body).toBe(201);
              break;
            }
            case "deletePayment": {
              const invoice = await get(step.index);
              const payment = invoice?.payments[0];
              if (!invoice || !payment) break;
              const response = await user.request({
                method: "DELETE",
                url: `/api/invoices/${invoice.id}/payments/${payment.id}`,
              });
              expect(response.statusCode, response.body).toBe(200);
              break;
            }
            case "credit": {
              const invoice = await get(step.index);
              if (!invoice || invoice.status === "draft" || invoice.creditNoteForId) break;
              const issueDate = addDays(later(lastDate, invoice.issueDate), step.days);
              const first = invoice.items[0]!;
              const body =
                step.how === "whole"
                  ? { issueDate }
                  : step.how === "lines"
                    ? { issueDate, items: [{ itemId: first.id, quantity: "0.01" }] }
                    : { issueDate, amount: "1.00" };
              const response = await user.request({
                method: "POST",
                url: `/api/invoices/${invoice.id}/credit`,
                payload: body,
              });
              // Refused when it would credit more than is left, or by amount on an invoice with several rates.
              expect([201, 400, 409], response.body).toContain(response.statusCode);
              if (response.statusCode === 201) {
                ids.push(response.json().id);
                lastDate = issueDate;
              }
              break;
            }
            case "transaction": {
              const response = await user.request({
                method: "POST",
                url: "/api/transactions",
                payload: {
                  type: step.type,
                  amount: step.amount,
                  vatRate: "21",
                  date: addDays(START, step.days),
                  status: "completed",
                  isRecurring: false,
                  description: "Boeking",
                },
              });
              expect(response.statusCode, response.body).toBe(201);
              break;
            }
          }
          await assertBooksAgree(user);
        }
      }),
      { numRuns: 16, seed: 20261123, endOnFailure: true },
    );
  });
});
