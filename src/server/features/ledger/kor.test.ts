/**
 * The KOR with a start and an end date, through the API: before the start everything is as normal and
 * fileable; from the start no VAT is charged, purchase VAT is a cost and a period wholly inside has no return.
 * Figures by hand: 1000.00 at 21% is 210.00 VAT; 100.00 + 21.00 = 121.00; 200.00 + 42.00 = 242.00.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KOR_INCOME_VAT_MESSAGE } from "../../../shared/kor";
import {
  KOR_NO_RETURN_MESSAGE,
  type VatPeriodsAnswer,
  type VatReturnAnswer,
} from "../../../shared/schemas/vat-returns";
import type { Notification } from "../../../shared/schemas/notifications";
import { journalLines, ledgerAccounts } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { bankLines, camt053, imported } from "../../../../tests/bank";
import { journalSnapshot } from "../../../../tests/books";
import { createClientRecord } from "../../../../tests/factories";
import { KOR_TEXT } from "../invoices/document";
import { KOR_MESSAGE } from "../invoices/service";
import { korChargedVatMessage } from "./kor";
import { rebuildLedger } from "./posting";

let t: TestApp;
let user: SignedIn;
let clientId: string;

const OWN_IBAN = "NL91ABNA0417164300";
const COMPANY = {
  tradeName: "Kleine Zaak",
  address: "Keizersgracht 12",
  postalCode: "1015 CJ",
  city: "Amsterdam",
  country: "NL",
  kvkNumber: "12345678",
  vatNumber: "NL000099998B57",
  iban: OWN_IBAN,
  paymentTermsDays: 30,
};

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const post = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });
const saveKor = (korStartDate: string | null, korEndDate: string | null = null) =>
  user.request({
    method: "PUT",
    url: "/api/settings/company",
    payload: { ...COMPANY, korStartDate, korEndDate },
  });

const transaction = (overrides: object) => ({
  type: "expense",
  amount: "100.00",
  vatRate: "21",
  description: "Software",
  status: "completed",
  isRecurring: false,
  ...overrides,
});

async function vatReturn(period: string): Promise<VatReturnAnswer> {
  const response = await get(user, `/api/vat-returns/${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const rubriek = async (period: string, code: string) =>
  (await vatReturn(period)).rubrieken.find((row) => row.code === code)!;
async function states(year: number): Promise<Record<string, string>> {
  const answer: VatPeriodsAnswer = (await get(user, `/api/vat-returns?year=${year}`)).json();
  return Object.fromEntries(answer.periods.map((period) => [period.id, period.state]));
}
async function vatNotifications(): Promise<string[]> {
  const items: Notification[] = (await get(user, "/api/notifications")).json().items;
  return items.filter((item) => item.kind === "vat_due" || item.kind === "vat_late").map((item) => item.id);
}
const legalTextsOf = async (invoiceId: string): Promise<string[]> =>
  (await get(user, `/api/invoices/${invoiceId}/document`)).json().legalTexts;
const expensesOf = async (from: string, to: string) =>
  (await get(user, `/api/ledger/profit-and-loss?from=${from}&to=${to}`)).json().totalExpenses;

/** The journal lines of one booking: account kind, amount and rubriek, sorted. */
async function linesOf(sourceId: string) {
  const rows = await t.database.db
    .select({ kind: ledgerAccounts.kind, amount: journalLines.amount, vatBox: journalLines.vatBox })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(journalLines.userId, user.user.id), eq(journalLines.sourceId, sourceId)));
  return rows.map((row) => [row.kind, row.amount, row.vatBox]).sort();
}

let q4ExpenseId: string;

beforeAll(async () => {
  t = await buildTestApp();
  // 20 January 2027: Q3 2026 is late, Q4 2026 due on 31 January (within the bell's 14 days).
  t.now.value = new Date("2027-01-20T10:00:00Z");
  // In Balans since July: Q1 and Q2 are before the administration's start.
  user = await t.signIn({ createdAt: new Date("2026-07-01T09:00:00Z") });
  clientId = (await createClientRecord(t.database.db, user.user.id)).id;
  const saved = await saveKor("2026-10-01");
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ korStartDate: "2026-10-01", korEndDate: null, isKorApplied: true });
});
afterAll(() => t.close());

describe("the KOR from 1 October 2026", () => {
  it("leaves Q3 as normal: an invoice with 21% VAT is in 1a, and a cost's VAT in 5b", async () => {
    const invoice = await post(user, "/api/invoices", {
      clientId,
      issueDate: "2026-08-15",
      dueDate: "2026-09-15",
      items: [{ description: "Ontwerp", quantity: 1, unitPrice: 1000, vatCategory: "21" }],
      subtotal: "1000.00",
      taxAmount: "210.00",
      total: "1210.00",
      status: "sent",
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(await legalTextsOf(invoice.json().id)).not.toContain(KOR_TEXT);
    const cost = await post(user, "/api/transactions", transaction({ date: "2026-09-10" }));
    expect(cost.statusCode, cost.body).toBe(201);
    expect(await rubriek("2026-Q3", "1a")).toMatchObject({ turnover: "1000.00", vat: "210.00" });
    expect(await rubriek("2026-Q3", "5b")).toMatchObject({ vat: "21.00" });
    expect(await rubriek("2026-Q3", "5g")).toMatchObject({ vat: "189.00", vatEuros: 189 });
  });

  it("refuses income with VAT dated in the KOR, by hand, on an invoice, from a bank line and in a CSV import", async () => {
    const income = await post(user, "/api/transactions", transaction({ type: "income", date: "2026-11-02" }));
    expect(income.statusCode).toBe(400);
    expect(income.json()).toEqual({
      message: KOR_INCOME_VAT_MESSAGE,
      fieldErrors: { vatRate: KOR_INCOME_VAT_MESSAGE },
    });
    const atZero = await post(
      user,
      "/api/transactions",
      transaction({ type: "income", date: "2026-11-02", vatRate: "0" }),
    );
    expect(atZero.statusCode, atZero.body).toBe(201);

    const invoice = await post(user, "/api/invoices", {
      clientId,
      issueDate: "2026-11-10",
      dueDate: "2026-12-10",
      items: [{ description: "Advies", quantity: 1, unitPrice: 500, vatCategory: "21" }],
      subtotal: "500.00",
      taxAmount: "105.00",
      total: "605.00",
      status: "sent",
    });
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().fieldErrors).toEqual({ "items.0.vatCategory": KOR_MESSAGE });
    const exempt = await post(user, "/api/invoices", {
      clientId,
      issueDate: "2026-11-10",
      dueDate: "2026-12-10",
      items: [{ description: "Advies", quantity: 1, unitPrice: 500, vatCategory: "exempt" }],
      subtotal: "500.00",
      taxAmount: "0.00",
      total: "500.00",
      status: "sent",
    });
    expect(exempt.statusCode, exempt.body).toBe(201);
    expect(await legalTextsOf(exempt.json().id)).toContain(KOR_TEXT);

    const accounts = (await get(user, "/api/bank-accounts")).json() as Array<{ id: string }>;
    const updated = await user.request({
      method: "PUT",
      url: `/api/bank-accounts/${accounts[0]!.id}`,
      payload: { name: "Zakelijk", iban: OWN_IBAN, openingBalance: "0", openingDate: "2026-07-01" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [{ date: "2026-11-05", amount: "121.00", name: "Klant", text: "Les" }],
      }),
    );
    const line = (await bankLines(user, "open"))[0]!;
    const categories = (await get(user, "/api/categories")).json() as Array<{ id: string; name: string }>;
    const revenue = categories.find((category) => category.name === "Omzet")!.id;
    const booked = await post(user, `/api/bank-lines/${line.id}/book`, {
      kind: "category",
      categoryId: revenue,
      vatRate: 21,
    });
    expect(booked.statusCode).toBe(400);
    expect(booked.json().message).toBe(KOR_INCOME_VAT_MESSAGE);
    const bookedAtZero = await post(user, `/api/bank-lines/${line.id}/book`, {
      kind: "category",
      categoryId: revenue,
      vatRate: 0,
    });
    expect(bookedAtZero.statusCode, bookedAtZero.body).toBe(200);

    const csv = [
      "Datum;Bedrag;Omschrijving;BTW",
      "20-09-2026;100,00;Les september;21",
      "20-11-2026;100,00;Les november;21",
      "21-11-2026;100,00;Les zonder btw;0",
    ].join("\r\n");
    const imports = await user.request({
      method: "POST",
      url: "/api/transactions/import",
      headers: { "content-type": "text/csv" },
      payload: csv,
    });
    expect(imports.statusCode, imports.body).toBe(200);
    expect(imports.json()).toMatchObject({
      imported: 2,
      failed: 1,
      errors: [`Rij 3: ${KOR_INCOME_VAT_MESSAGE}`],
    });
    // Nothing of the KOR quarter reached 1a; September's lesson did (1000 + 100 = 1100).
    expect(await rubriek("2026-Q4", "1a")).toMatchObject({ turnover: "0.00", vat: "0.00" });
    expect(await rubriek("2026-Q3", "1a")).toMatchObject({ turnover: "1100.00", vat: "231.00" });
  });

  it("books a cost's VAT as cost: € 121 incl. 21% is € 121 cost and nothing in 5b", async () => {
    const before = Number(await expensesOf("2026-10-01", "2026-12-31"));
    const cost = await post(user, "/api/transactions", transaction({ date: "2026-10-15" }));
    expect(cost.statusCode, cost.body).toBe(201);
    q4ExpenseId = cost.json().id;
    expect(cost.json()).toMatchObject({ amount: "100.00", vatAmount: "21.00", amountIncludingVat: "121.00" });
    expect(await linesOf(q4ExpenseId)).toEqual([
      ["asset", "-121.00", null],
      ["expense", "121.00", null],
    ]);
    expect(Number(await expensesOf("2026-10-01", "2026-12-31")) - before).toBe(121);
    expect(await rubriek("2026-Q4", "5b")).toMatchObject({ vat: "0.00" });
  });

  it("books a purchase invoice's VAT as cost: 200.00 + 42.00 is 242.00 cost, nothing in 5b", async () => {
    const created = await post(user, "/api/purchase-invoices", {
      supplierName: "Drukkerij",
      invoiceDate: "2026-11-20",
      lines: [{ vatRate: 21, netAmount: "200.00" }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json();
    const booked = await post(user, `/api/purchase-invoices/${detail.id}/book`, {
      supplierName: detail.supplierName,
      invoiceDate: detail.invoiceDate,
      vatTreatment: detail.vatTreatment,
      lines: detail.lines,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({ total: "242.00", vatAmount: "42.00" });
    expect(await linesOf(detail.id)).toEqual([
      ["expense", "242.00", null],
      ["liability", "-242.00", null],
    ]);
    expect(await rubriek("2026-Q4", "5b")).toMatchObject({ vat: "0.00" });
    expect(await rubriek("2026-Q4", "5g")).toMatchObject({ vat: "0.00" });
  });

  it("has no return for Q4 (state KOR, not in the bell), while Q3 can still be filed", async () => {
    expect(await states(2026)).toEqual({
      "2026-Q1": "before_start",
      "2026-Q2": "before_start",
      "2026-Q3": "late",
      "2026-Q4": "kor",
    });
    expect(await vatNotifications()).toEqual(["vat-2026-Q3"]);
    const q4 = await post(user, "/api/vat-returns/2026-Q4/file", { filedOn: "2027-01-15", reference: "X" });
    expect(q4.statusCode).toBe(409);
    expect(q4.json().message).toBe(KOR_NO_RETURN_MESSAGE);

    const q3 = await post(user, "/api/vat-returns/2026-Q3/file", {
      filedOn: "2027-01-15",
      reference: "OB-1",
    });
    expect(q3.statusCode, q3.body).toBe(200);
    expect((q3.json() as VatReturnAnswer).period.state).toBe("filed");
    // 1a: 1100.00 with 231.00 VAT; 5b: 21.00.
    expect((q3.json() as VatReturnAnswer).totalEuros).toBe(231 - 21);
    expect(await vatNotifications()).toEqual([]);
  });

  it("refuses KOR dates that would cover VAT already charged, and changes nothing", async () => {
    const response = await saveKor("2026-09-01");
    expect(response.statusCode).toBe(409);
    // 20 September: the imported lesson at 21%, the first VAT charged from 1 September on.
    expect(response.json()).toEqual({
      message: korChargedVatMessage("2026-09-20"),
      fieldErrors: { korStartDate: korChargedVatMessage("2026-09-20") },
    });
    expect((await get(user, "/api/settings/company")).json()).toMatchObject({ korStartDate: "2026-10-01" });
  });

  it("books the costs again when the start moves, the same as a rebuild", async () => {
    // From 1 November: October's cost is deductible again, and Q4 is due for its October.
    expect((await saveKor("2026-11-01")).statusCode).toBe(200);
    expect(await linesOf(q4ExpenseId)).toEqual([
      ["asset", "-121.00", null],
      ["asset", "21.00", "5b"],
      ["expense", "100.00", null],
    ]);
    expect(await rubriek("2026-Q4", "5b")).toMatchObject({ vat: "21.00" });
    expect((await states(2026))["2026-Q4"]).toBe("due");
    expect(await vatNotifications()).toEqual(["vat-2026-Q4"]);

    expect((await saveKor("2026-10-01")).statusCode).toBe(200);
    expect(await rubriek("2026-Q4", "5b")).toMatchObject({ vat: "0.00" });
    const incremental = await journalSnapshot(t.database.db, user.user.id);
    await rebuildLedger(t.database.db, user.user.id);
    expect(await journalSnapshot(t.database.db, user.user.id)).toEqual(incremental);
  });

  it("ends on 31 December: 2027-Q1 is normal again", async () => {
    expect((await states(2027))["2027-Q1"]).toBe("kor");
    const refused = await post(
      user,
      "/api/transactions",
      transaction({ type: "income", date: "2027-01-05" }),
    );
    expect(refused.statusCode).toBe(400);

    const ended = await saveKor("2026-10-01", "2026-12-31");
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ korEndDate: "2026-12-31", isKorApplied: false });
    expect((await states(2027))["2027-Q1"]).toBe("open");
    expect((await states(2026))["2026-Q4"]).toBe("kor");
    const income = await post(user, "/api/transactions", transaction({ type: "income", date: "2027-01-05" }));
    expect(income.statusCode, income.body).toBe(201);
    const cost = await post(user, "/api/transactions", transaction({ date: "2027-01-06" }));
    expect(cost.statusCode, cost.body).toBe(201);
    expect(await rubriek("2027-Q1", "1a")).toMatchObject({ turnover: "100.00", vat: "21.00" });
    expect(await rubriek("2027-Q1", "5b")).toMatchObject({ vat: "21.00" });
  });
  it("makes a KOR quarter with VAT shifted to the user due, in the bell and fileable", async () => {
    // A cloud service from another EU country in December: 4b, the VAT declared and (under the KOR) not deducted.
    const purchase = await post(user, "/api/purchase-invoices", {
      supplierName: "Cloud GmbH",
      invoiceNumber: "C-77",
      invoiceDate: "2026-12-10",
      vatTreatment: "eu",
      lines: [{ vatRate: 21, netAmount: "100.00" }],
    });
    expect(purchase.statusCode, purchase.body).toBe(201);
    const booked = await post(user, `/api/purchase-invoices/${purchase.json().id as string}/book`, {
      ...purchase.json(),
      paidOn: null,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await rubriek("2026-Q4", "4b")).toMatchObject({ turnover: "100.00", vat: "21.00" });
    expect((await states(2026))["2026-Q4"]).toBe("due");
    expect(await vatNotifications()).toEqual(["vat-2026-Q4"]);
    const filed = await post(user, "/api/vat-returns/2026-Q4/file", {
      filedOn: "2027-01-15",
      reference: "OB-KOR",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect((filed.json() as VatReturnAnswer).totalEuros).toBe(21);
    expect(await vatNotifications()).toEqual([]);
  });
});
