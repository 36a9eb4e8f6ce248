/**
 * A booking's VAT treatment: interest received and other income outside the scope of VAT (or exempt) is in no
 * rubriek of the return, however it was booked — by hand, from a bank line, by CSV import or as a recurring
 * occurrence — while 0% turnover stays in 1e. The figures are computed by hand here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { bankLines, camt053, imported, lineWith } from "../../../../tests/bank";
import { expectEveryEntryBalanced } from "../../../../tests/books";
import {
  BALANCE_BOOKING_CATEGORY_MESSAGE,
  BALANCE_BOOKING_MESSAGE,
  BALANCE_BOOKING_VAT_MESSAGE,
  VAT_TREATMENT_MESSAGE,
  VAT_TREATMENT_RATE_MESSAGE,
  type Transaction,
} from "../../../shared/schemas/transactions";

let t: TestApp;
const OWN_IBAN = "NL91ABNA0417164300";

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-30T10:00:00Z");
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const post = (as: SignedIn, url: string, payload: object) => as.request({ method: "POST", url, payload });

const categoryId = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/categories")).json() as Array<{ id: string; name: string }>).find(
    (category) => category.name === name,
  )!.id;

const rubriek = async (as: SignedIn, period: string, code: string) =>
  (await get(as, `/api/vat-returns/${period}`))
    .json()
    .rubrieken.find((row: { code: string }) => row.code === code);

const balance = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/ledger/accounts")).json() as Array<{ name: string; balance: string }>).find(
    (row) => row.name === name,
  )?.balance;

const income = (fields: object) => ({
  type: "income",
  description: "Rente spaarrekening",
  amount: "12,34",
  vatRate: "0",
  date: "2026-10-31",
  ...fields,
});

describe("a booking's VAT treatment", () => {
  it("books interest outside the return and 0% turnover in 1e; the category decides when none is chosen", async () => {
    const user = await t.signIn();
    const rente = await categoryId(user, "Rente");
    const omzet = await categoryId(user, "Omzet");

    const interest = await post(user, "/api/transactions", income({ categoryId: rente }));
    expect(interest.statusCode, interest.body).toBe(201);
    expect((interest.json() as Transaction).vatTreatment).toBe("outside_scope");
    const zero = await post(
      user,
      "/api/transactions",
      income({ description: "Export dienst", amount: "500,00", categoryId: omzet }),
    );
    expect((zero.json() as Transaction).vatTreatment).toBe("taxed");
    // Chosen explicitly: a subsidy without a category is outside the scope too.
    const subsidy = await post(
      user,
      "/api/transactions",
      income({ description: "Subsidie", amount: "1000,00", vatTreatment: "outside_scope" }),
    );
    expect((subsidy.json() as Transaction).vatTreatment).toBe("outside_scope");

    // 1e holds the € 500 turnover only; the € 12,34 interest and € 1.000 subsidy are in no rubriek.
    expect(await rubriek(user, "2026-Q4", "1e")).toMatchObject({ turnover: "500.00" });
    // The interest is income in the P&L all the same (Rentebaten: the Rente category's account).
    expect(await balance(user, "Rentebaten")).toBe("12.34");
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("refuses VAT on an exempt or untaxed booking, and an unknown treatment, changing nothing", async () => {
    const user = await t.signIn();
    const withVat = await post(
      user,
      "/api/transactions",
      income({ vatRate: "21", vatTreatment: "exempt", description: "Verzekering" }),
    );
    expect(withVat.statusCode).toBe(400);
    expect(withVat.json().fieldErrors).toEqual({ vatRate: VAT_TREATMENT_RATE_MESSAGE });
    const unknown = await post(user, "/api/transactions", income({ vatTreatment: "verlegd" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ vatTreatment: VAT_TREATMENT_MESSAGE });
    expect((await get(user, "/api/transactions")).json()).toEqual([]);
  });

  it("keeps a chosen treatment on an edit, and reverts to the default when the rate gets VAT", async () => {
    const user = await t.signIn();
    const rente = await categoryId(user, "Rente");
    const created = (
      await post(user, "/api/transactions", income({ categoryId: rente }))
    ).json() as Transaction;
    const edited = await user.request({
      method: "PUT",
      url: `/api/transactions/${created.id}`,
      payload: income({ categoryId: rente, vatRate: "21", description: "Toch belast" }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Transaction).vatTreatment).toBe("taxed");
    expect(await rubriek(user, "2026-Q4", "1a")).toMatchObject({ turnover: "12.34", vat: "2.59" });
    const other = await t.signIn();
    const foreign = await other.request({
      method: "PUT",
      url: `/api/transactions/${created.id}`,
      payload: income({ vatTreatment: "exempt" }),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("follows the category from a bank line, a CSV import and a recurring occurrence", async () => {
    const user = await t.signIn();
    const accounts = (await get(user, "/api/bank-accounts")).json() as Array<{ id: string }>;
    await user.request({
      method: "PUT",
      url: `/api/bank-accounts/${accounts[0]!.id}`,
      payload: { name: "Zakelijk", iban: OWN_IBAN, openingBalance: "0,00", openingDate: "2026-01-01" },
    });
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0.00",
        entries: [{ date: "2026-10-01", amount: "8.76", name: "ABN AMRO", text: "Rente 3e kwartaal" }],
      }),
    );
    const line = lineWith(await bankLines(user, "open"), "Rente");
    const booked = await post(user, `/api/bank-lines/${line.id}/book`, {
      kind: "category",
      description: "Rente",
      categoryId: await categoryId(user, "Rente"),
      vatRate: 0,
    });
    expect(booked.statusCode, booked.body).toBe(200);

    const csv = await user.request({
      method: "POST",
      url: "/api/transactions/import",
      headers: { "content-type": "text/csv" },
      payload: "Datum;Bedrag;Omschrijving;BTW;Categorie\n31-10-2026;5,00;Rente deposito;0;Rente\n",
    });
    expect(csv.json()).toMatchObject({ imported: 1 });

    const template = await post(
      user,
      "/api/transactions",
      income({
        date: "2026-09-30",
        amount: "1,00",
        description: "Maandrente",
        categoryId: await categoryId(user, "Rente"),
        isRecurring: true,
        recurringInterval: "monthly",
      }),
    );
    expect(template.statusCode, template.body).toBe(201);

    const all = (await get(user, "/api/transactions?limit=200")).json() as Transaction[];
    // The bank line, the import, the template and its October and November occurrences.
    expect(all).toHaveLength(5);
    expect(new Set(all.map((row) => row.vatTreatment))).toEqual(new Set(["outside_scope"]));
    expect(await rubriek(user, "2026-Q4", "1e")).toMatchObject({ turnover: "0.00" });
    expect(await rubriek(user, "2026-Q3", "1e")).toMatchObject({ turnover: "0.00" });
  });

  it("lets a category carry its default, with a message for an unknown one", async () => {
    const user = await t.signIn();
    const created = await post(user, "/api/categories", {
      name: "Subsidies",
      type: "income",
      vatTreatment: "outside_scope",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ vatTreatment: "outside_scope" });
    // Left out on an edit, it stays.
    const renamed = await user.request({
      method: "PUT",
      url: `/api/categories/${created.json().id}`,
      payload: { name: "Subsidie", type: "income" },
    });
    expect(renamed.json()).toMatchObject({ name: "Subsidie", vatTreatment: "outside_scope" });
    const wrong = await post(user, "/api/categories", { name: "X", type: "income", vatTreatment: "nul" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ vatTreatment: VAT_TREATMENT_MESSAGE });
    const starters = (await get(user, "/api/categories")).json() as Array<{
      name: string;
      vatTreatment: string;
    }>;
    expect(starters.find((row) => row.name === "Rente")?.vatTreatment).toBe("outside_scope");
    expect(starters.find((row) => row.name === "Verzekeringen")?.vatTreatment).toBe("exempt");
    expect(starters.find((row) => row.name === "Kantoorkosten")?.vatTreatment).toBe("taxed");
  });
});

describe("balance-sheet bookings by hand", () => {
  it("pays the filed VAT and takes money out privately without touching the result", async () => {
    const user = await t.signIn();
    const sale = await post(user, "/api/transactions", {
      type: "income",
      description: "Opdracht juli",
      amount: "1000,00",
      vatRate: "21",
      date: "2026-07-10",
      categoryId: await categoryId(user, "Omzet"),
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const filed = await post(user, "/api/vat-returns/2026-Q3/file", {
      filedOn: "2026-10-15",
      reference: "OB-2026-Q3",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    // Filing moved the € 210 to Af te dragen btw; paying it clears that account.
    expect(await balance(user, "Af te dragen btw")).toBe("210.00");
    const payment = await post(user, "/api/transactions", {
      type: "expense",
      description: "Belastingdienst btw 3e kwartaal",
      amount: "210,00",
      vatRate: "0",
      balanceBooking: "vat",
      date: "2026-10-20",
    });
    expect(payment.statusCode, payment.body).toBe(201);
    expect((payment.json() as Transaction).balanceBooking).toBe("vat");
    expect(await balance(user, "Af te dragen btw")).toBe("0.00");

    const withdrawal = await post(user, "/api/transactions", {
      type: "expense",
      description: "Naar privérekening",
      amount: "500,00",
      vatRate: "0",
      balanceBooking: "private",
      date: "2026-10-21",
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    // Equity reads credit-positive: a withdrawal lowers it.
    expect(await balance(user, "Privé-opnamen")).toBe("-500.00");
    // The result is the € 1.000 turnover only; Q4's return has neither payment in it.
    const summary = (await get(user, "/api/reports/summary?from=2026-01-01&to=2026-12-31")).json();
    expect(summary.profitAndLoss).toEqual({ revenue: "1000.00", expenses: "0.00", netProfit: "1000.00" });
    expect(await rubriek(user, "2026-Q4", "5b")).toMatchObject({ vat: "0.00" });
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("refuses VAT, a category or an unknown kind on a balance-sheet booking, changing nothing", async () => {
    const user = await t.signIn();
    const base = { type: "expense", description: "Privé", amount: "50,00", date: "2026-10-21" };
    const withVat = await post(user, "/api/transactions", {
      ...base,
      vatRate: "21",
      balanceBooking: "private",
    });
    expect(withVat.json().fieldErrors).toEqual({ vatRate: BALANCE_BOOKING_VAT_MESSAGE });
    const withCategory = await post(user, "/api/transactions", {
      ...base,
      vatRate: "0",
      balanceBooking: "private",
      categoryId: await categoryId(user, "Kantoorkosten"),
    });
    expect(withCategory.json().fieldErrors).toEqual({ categoryId: BALANCE_BOOKING_CATEGORY_MESSAGE });
    const unknown = await post(user, "/api/transactions", {
      ...base,
      vatRate: "0",
      balanceBooking: "lening",
    });
    expect(unknown.json().fieldErrors).toEqual({ balanceBooking: BALANCE_BOOKING_MESSAGE });
    expect((await get(user, "/api/transactions")).json()).toEqual([]);
  });
});
