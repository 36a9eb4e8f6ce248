/**
 * One year of a freelancer's books, computed by hand: every rubriek of the VAT return that can be booked, interest
 * outside the return, an exempt cost, the VAT paid and refunded, a private withdrawal, goods taken out for private
 * use (1d), a transfer between own
 * accounts, an investment with a year's depreciation, the KOR from 1 October, a suppletie for a filed quarter and
 * a smaller correction folded into the next return, and the year-end close. Every expected figure below is worked
 * out in the comments, not by Balans's code; the test compares the returns, the P&L and the balance sheet with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../shared/schemas/categories";
import type { VatReturnAnswer } from "../../../shared/schemas/vat-returns";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { balanceSheet, profitAndLoss, type AccountLine } from "./queries";

let t: TestApp;
let user: SignedIn;
let bankA: string;
let bankB: string;
let firstSale: string;
const clientIds: Record<"nl" | "be" | "ch" | "de", string> = { nl: "", be: "", ch: "", de: "" };

type Response = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(response: Response, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}
const post = (url: string, payload?: object) =>
  user.request({ method: "POST", url, ...(payload ? { payload } : {}) });
const get = (url: string) => user.request({ method: "GET", url });

/** A booking by hand on bank account A (or `bank`). */
const booking = async (fields: Record<string, unknown>, bank = () => bankA) =>
  ok(
    await post("/api/transactions", {
      status: "completed",
      isRecurring: false,
      description: String(fields.description ?? "Boeking"),
      bankAccountId: bank(),
      ...fields,
    }),
    201,
  );

/** The VAT percentage of an invoice category that charges VAT. */
const VAT_PERCENT: Record<string, number> = { "21": 21, "9": 9 };

async function invoice(
  client: keyof typeof clientIds,
  issueDate: string,
  unitPrice: number,
  vatCategory: string,
) {
  const draft = await ok<{ id: string }>(
    await post("/api/invoices", {
      clientId: clientIds[client],
      issueDate,
      dueDate: "2026-03-31",
      items: [{ description: "Werk", quantity: 1, unitPrice, vatCategory }],
      subtotal: unitPrice.toFixed(2),
      taxAmount: ((unitPrice * (VAT_PERCENT[vatCategory] ?? 0)) / 100).toFixed(2),
      total: ((unitPrice * (100 + (VAT_PERCENT[vatCategory] ?? 0))) / 100).toFixed(2),
      status: "draft",
    }),
    201,
  );
  await ok(await post(`/api/invoices/${draft.id}/mark-sent`));
  return draft.id;
}

async function purchase(invoiceDate: string, vatTreatment: string, netAmount: string, number: string) {
  const draft = await ok<Record<string, unknown>>(
    await post("/api/purchase-invoices", {
      supplierName: `Leverancier ${number}`,
      invoiceNumber: number,
      invoiceDate,
      vatTreatment,
      lines: [{ vatRate: 21, netAmount }],
    }),
    201,
  );
  await ok(await post(`/api/purchase-invoices/${draft.id as string}/book`, { ...draft, paidOn: null }));
}

const returnOf = async (period: string) => ok<VatReturnAnswer>(await get(`/api/vat-returns/${period}`));

/** Rubriek code → [turnover, VAT] in whole euros, as the return shows them (null: no such column). */
const figures = (answer: VatReturnAnswer) =>
  Object.fromEntries(answer.rubrieken.map((row) => [row.code, [row.turnoverEuros, row.vatEuros]]));

const ZERO_RETURN = {
  "1a": [0, 0],
  "1b": [0, 0],
  "1c": [0, 0],
  "1d": [0, 0],
  "1e": [0, null],
  "2a": [0, 0],
  "3a": [0, null],
  "3b": [0, null],
  "3c": [0, null],
  "4a": [0, 0],
  "4b": [0, 0],
  "5a": [null, 0],
  "5b": [null, 0],
  "5c": [null, 0],
  "5d": [null, 0],
  "5e": [null, 0],
  "5f": [null, 0],
  "5g": [null, 0],
};

const byName = (lines: readonly AccountLine[]) =>
  Object.fromEntries(
    lines.filter((line) => line.amountCents !== 0).map((line) => [line.name, line.amountCents]),
  );

beforeAll(async () => {
  t = await buildTestApp();
  // Everything is booked looking back, in January after the year.
  t.now.value = new Date("2026-01-20T10:00:00Z");
  user = await t.signIn({ createdAt: new Date("2025-01-02T09:00:00Z") });
  const db = t.database.db;
  await createCompanyProfile(db, user.user.id, {
    korStartDate: "2025-10-01",
    administrationStartDate: "2025-01-01",
  });
  clientIds.nl = (await createClientRecord(db, user.user.id)).id;
  clientIds.be = (
    await createClientRecord(db, user.user.id, {
      name: "Gentse Studio BV",
      country: "BE",
      taxNumber: "BE0403019261",
    })
  ).id;
  clientIds.ch = (
    await createClientRecord(db, user.user.id, { name: "Uhren AG", country: "CH", taxNumber: null })
  ).id;
  clientIds.de = (
    await createClientRecord(db, user.user.id, {
      name: "Maschinen GmbH",
      country: "DE",
      taxNumber: "DE136695976",
    })
  ).id;
  bankA = (await ok<{ id: string }>(await post("/api/bank-accounts", { name: "Zakelijk" }), 201)).id;
  bankB = (await ok<{ id: string }>(await post("/api/bank-accounts", { name: "Spaarrekening" }), 201)).id;
});
afterAll(() => t.close());

describe("a year of books, computed by hand", () => {
  it("books Q1–Q4", async () => {
    // Q1. Sales: € 1.000 at 21% by hand (VAT 210), invoice € 2.000 at 21% (420), invoice € 500 at 9% (45),
    // € 100 at 13% by hand (1c, VAT 13). Costs: € 300 + 63 VAT by hand, a purchase invoice € 800 + 168 VAT,
    // a laptop € 2.400 + 504 VAT on Investeringen (Inventaris), written off over 48 months.
    await booking({
      type: "income",
      amount: "1000.00",
      vatRate: "21",
      date: "2025-01-20",
      description: "Advies",
    });
    // The register makes the category on Inventaris that the purchase is booked on.
    await ok(
      await post("/api/fixed-assets", {
        name: "Laptop",
        purchaseDate: "2025-01-15",
        cost: "2400.00",
        usefulLifeMonths: 48,
      }),
      201,
    );
    const categories = await ok<Category[]>(await get("/api/categories"));
    const investments = categories.find((category) => category.name === "Investeringen")!;
    await booking({
      type: "expense",
      amount: "2400.00",
      vatRate: "21",
      date: "2025-01-15",
      description: "Laptop",
      categoryId: investments.id,
    });
    firstSale = await invoice("nl", "2025-02-10", 2000, "21");
    await invoice("nl", "2025-03-05", 500, "9");
    await booking({
      type: "income",
      amount: "100.00",
      vatRate: "13",
      date: "2025-03-10",
      description: "Oud tarief",
    });
    await booking({
      type: "expense",
      amount: "300.00",
      vatRate: "21",
      date: "2025-03-12",
      description: "Software",
    });
    await purchase("2025-03-15", "domestic", "800.00", "P-1");

    // Q2. Reverse charge to a Dutch business € 1.500 (1e), services to a Belgian business € 3.000 (3b, ICP).
    // Purchases with the VAT shifted to the user: domestic € 1.000 (2a, 210), EU € 400 (4b, 84), outside the EU
    // € 250 (4a, 52,50) — each deducted again in 5b. Interest € 12,34 (no rubriek), insurance € 120 (exempt).
    // The refund of Q1 (€ 47) comes in.
    await invoice("nl", "2025-04-10", 1500, "reverse_charge");
    await invoice("be", "2025-05-10", 3000, "reverse_charge");
    await purchase("2025-05-15", "reverse_charge", "1000.00", "P-2");
    await purchase("2025-05-20", "eu", "400.00", "P-3");
    await purchase("2025-06-10", "non_eu", "250.00", "P-4");
    await booking({
      type: "income",
      amount: "12.34",
      vatRate: "0",
      vatTreatment: "outside_scope",
      date: "2025-06-30",
      description: "Rente",
    });
    await booking({
      type: "expense",
      amount: "120.00",
      vatRate: "0",
      vatTreatment: "exempt",
      date: "2025-06-05",
      description: "Verzekering",
    });
    await booking({
      type: "income",
      amount: "47.00",
      vatRate: "0",
      balanceBooking: "vat",
      date: "2025-05-05",
    });

    // Q3. Export of goods to Switzerland € 5.000 (3a), goods to a German business € 2.000 (3b, ICP), a credit of
    // € 200 on the € 2.000 invoice (1a −200, VAT −42). A private withdrawal of € 1.000, € 5.000 moved to savings,
    // the refund of Q2 (€ 1) comes in. A printer booked on Algemene kosten (VAT deducted) taken home for good:
    // privégebruik by memoriaal, € 200 taken out of the costs and € 42 VAT (1d), € 242 to Privé-opnamen.
    await invoice("ch", "2025-07-10", 5000, "export");
    await invoice("de", "2025-08-10", 2000, "intra_eu_goods");
    await ok(
      await post(`/api/invoices/${firstSale}/credit`, { amount: "200.00", issueDate: "2025-09-01" }),
      201,
    );
    await booking({
      type: "expense",
      amount: "1000.00",
      vatRate: "0",
      balanceBooking: "private",
      date: "2025-08-15",
    });
    await booking({
      type: "expense",
      amount: "5000.00",
      vatRate: "0",
      balanceBooking: "transfer",
      date: "2025-09-10",
    });
    await booking(
      { type: "income", amount: "5000.00", vatRate: "0", balanceBooking: "transfer", date: "2025-09-10" },
      () => bankB,
    );
    await booking({
      type: "income",
      amount: "1.00",
      vatRate: "0",
      balanceBooking: "vat",
      date: "2025-08-05",
    });
    const accounts = await ok<Array<{ id: string; name: string }>>(
      await get("/api/ledger/accounts?date=2025-12-31"),
    );
    const accountId = (name: string) => accounts.find((account) => account.name === name)!.id;
    await ok(
      await post("/api/memorial-entries", {
        date: "2025-09-20",
        description: "Printer privé gaan gebruiken",
        vatRubriek: "1d",
        lines: [
          { ledgerAccountId: accountId("Privé-opnamen"), amount: "242.00" },
          { ledgerAccountId: accountId("Algemene kosten"), amount: "-200.00" },
          { ledgerAccountId: accountId("Te betalen btw hoog (21%)"), amount: "-42.00" },
        ],
      }),
      201,
    );

    // Q4, under the KOR: an exempt invoice € 800; a cost of € 100 + 21 VAT is € 121 of cost (no 5b).
    await invoice("nl", "2025-10-15", 800, "exempt");
    await booking({
      type: "expense",
      amount: "100.00",
      vatRate: "21",
      date: "2025-11-05",
      description: "Kantoor",
    });
  });

  it("gives each quarter's return", async () => {
    // Q1: 1a 1.000 + 2.000 = 3.000 / 630; 1b 500 / 45; 1c 100 / 13; 5a = 688; 5b = 63 + 168 + 504 = 735;
    // 5c = 5g = 688 − 735 = −47.
    expect(figures(await returnOf("2025-Q1"))).toEqual({
      ...ZERO_RETURN,
      "1a": [3000, 630],
      "1b": [500, 45],
      "1c": [100, 13],
      "5a": [null, 688],
      "5b": [null, 735],
      "5c": [null, -47],
      "5g": [null, -47],
    });
    // Q2: 4a VAT 52,50 → 52 (down); 5a = 210 + 52 + 84 = 346; 5b = 210 + 84 + 52,50 = 346,50 → 347 (up);
    // 5g = 346 − 347 = −1. Interest and insurance are in no rubriek.
    const q2 = await returnOf("2025-Q2");
    expect(figures(q2)).toEqual({
      ...ZERO_RETURN,
      "1e": [1500, null],
      "2a": [1000, 210],
      "3b": [3000, null],
      "4a": [250, 52],
      "4b": [400, 84],
      "5a": [null, 346],
      "5b": [null, 347],
      "5c": [null, -1],
      "5g": [null, -1],
    });
    expect(q2.icp).toEqual([
      {
        country: "BE",
        vatNumber: "BE0403019261",
        clientName: "Gentse Studio BV",
        amount: "3000.00",
        amountEuros: 3000,
      },
    ]);
    // Q4 under the KOR: no return, and nothing in it.
    const q4 = await returnOf("2025-Q4");
    expect(q4.period.state).toBe("kor");
    expect(figures(q4)).toEqual(ZERO_RETURN);
  });

  it("files Q1 and Q2, corrects Q1 by suppletie and Q2 in the next return, files Q3", async () => {
    await ok(await post("/api/vat-returns/2025-Q1/file", { filedOn: "2025-04-20", reference: "OB-Q1" }));
    await ok(await post("/api/vat-returns/2025-Q2/file", { filedOn: "2025-07-20", reference: "OB-Q2" }));

    // Q1: a forgotten sale of € 6.000 at 21% (VAT 1.260, more than € 1.000): 1a 9.000 / 1.890, 5a 1.948,
    // 5g 1.948 − 735 = 1.213; the difference 1.213 − (−47) = 1.260 needs a suppletie.
    await ok(await post("/api/vat-returns/2025-Q1/corrections"));
    await booking({
      type: "income",
      amount: "6000.00",
      vatRate: "21",
      date: "2025-03-20",
      description: "Vergeten",
    });
    const q1 = await ok<VatReturnAnswer>(
      await post("/api/vat-returns/2025-Q1/corrections/resolve", {
        method: "suppletie",
        filedOn: "2026-01-20",
        reference: "SUPP-Q1",
      }),
    );
    expect(q1.corrections[0]).toMatchObject({ status: "suppletie", differenceEuros: 1260 });
    expect(figures(q1)).toMatchObject({ "1a": [9000, 1890], "5a": [null, 1948], "5g": [null, 1213] });

    // Q2: a forgotten cost of € 300 + 63 VAT: 5b 346,50 + 63 = 409,50 → 410; 5g 346 − 410 = −64; the difference
    // −63 is at most € 1.000 and goes into Q3's return.
    await ok(await post("/api/vat-returns/2025-Q2/corrections"));
    await booking({
      type: "expense",
      amount: "300.00",
      vatRate: "21",
      date: "2025-06-20",
      description: "Vergeten",
    });
    const q2 = await ok<VatReturnAnswer>(
      await post("/api/vat-returns/2025-Q2/corrections/resolve", { method: "next_return" }),
    );
    expect(q2.corrections[0]).toMatchObject({
      status: "next_return",
      differenceEuros: -63,
      foldedInto: { id: "2025-Q3" },
    });
    // Q2 still shows what was filed for it.
    expect(figures(q2)).toMatchObject({ "5b": [null, 347], "5g": [null, -1] });

    // Q3: 1a −200 / −42; 1d 200 / 42; 3a 5.000; 3b 2.000; 5a −42 + 42 = 0; 5b 63 (Q2's correction);
    // 5c = 5g = 0 − 63 = −63.
    const q3 = await returnOf("2025-Q3");
    expect(figures(q3)).toEqual({
      ...ZERO_RETURN,
      "1a": [-200, -42],
      "1d": [200, 42],
      "3a": [5000, null],
      "3b": [2000, null],
      "5a": [null, 0],
      "5b": [null, 63],
      "5c": [null, -63],
      "5g": [null, -63],
    });
    expect(q3.icp).toEqual([
      {
        country: "DE",
        vatNumber: "DE136695976",
        clientName: "Maschinen GmbH",
        amount: "2000.00",
        amountEuros: 2000,
      },
    ]);
    await ok(await post("/api/vat-returns/2025-Q3/file", { filedOn: "2026-01-20", reference: "OB-Q3" }));
  });

  it("gives the year's P&L and the balance sheet on 31 December", async () => {
    // Revenue: 1.000 + 2.000 + 500 + 100 + 1.500 + 3.000 + 12,34 + 5.000 + 2.000 − 200 + 800 + 6.000 = 21.712,34.
    // Costs: 300 + 800 + 1.000 + 400 + 250 + 120 + 121 + 600 depreciation (12 × 2.400 / 48) + 300 − 200 (the
    // printer taken out) = 3.691,00. Result: 18.021,34.
    const pnl = await profitAndLoss(t.database.db, user.user.id, { from: "2025-01-01", to: "2025-12-31" });
    expect(pnl.totalRevenueCents).toBe(2_171_234);
    expect(pnl.totalExpensesCents).toBe(369_100);
    expect(pnl.netProfitCents).toBe(1_802_134);

    const sheet = await balanceSheet(t.database.db, user.user.id, { date: "2025-12-31" });
    // Zakelijk: +1.210 +113 −363 −2.904 +12,34 −120 +47 −1.000 −5.000 +1 −121 +7.260 −363 = −1.227,66.
    // Debiteuren: 2.420 + 545 + 1.500 + 3.000 + 5.000 + 2.000 − 242 + 800 = 15.023.
    // Crediteuren: 968 + 1.000 + 400 + 250 = 2.618.
    // Af te dragen btw: Q1 1.213 − Q2 63 + Q3 0 (each as the corrected books give it) + refunds received 47 + 1
    // = 1.198: the suppletie's 1.260 to pay, less Q3's 63 to receive, plus Q2's euro of rounding.
    expect(byName(sheet.assets)).toEqual({
      Zakelijk: -122_766,
      Spaarrekening: 500_000,
      Debiteuren: 1_502_300,
      Inventaris: 240_000,
      "Cumulatieve afschrijving inventaris": -60_000,
    });
    expect(byName(sheet.liabilities)).toEqual({ Crediteuren: 261_800, "Af te dragen btw": 119_800 });
    // Privé-opnamen: 1.000 + 242.
    expect(byName(sheet.equity)).toEqual({ "Privé-opnamen": -124_200, "Resultaat boekjaar 2025": 1_802_134 });
    // 20.595,34 = 3.816 + 16.779,34.
    expect(sheet.totalAssetsCents).toBe(2_059_534);
    expect(sheet.totalLiabilitiesCents + sheet.totalEquityCents).toBe(2_059_534);
  });

  it("closes the year: the opening balance of 2026 holds the result in Eigen vermogen", async () => {
    await ok(await post("/api/ledger/years/2025/close"));
    const opening = await balanceSheet(t.database.db, user.user.id, { date: "2026-01-01" });
    // 18.021,34 − 1.242 privé = 16.779,34 in Eigen vermogen; no result of 2026 yet.
    expect(byName(opening.equity)).toEqual({ "Eigen vermogen": 1_677_934 });
    expect(opening.totalEquityCents).toBe(1_677_934);
    expect(opening.totalAssetsCents).toBe(2_059_534);
    // The year's P&L reads the same after closing.
    const pnl = await profitAndLoss(t.database.db, user.user.id, { from: "2025-01-01", to: "2025-12-31" });
    expect(pnl.netProfitCents).toBe(1_802_134);
  });

  it("keeps the filed figures whatever is booked later", async () => {
    // (Under the KOR since October: no VAT charged in 2026.)
    await booking({
      type: "income",
      amount: "999.00",
      vatRate: "0",
      date: "2026-01-10",
      description: "Nieuw jaar",
    });
    expect(figures(await returnOf("2025-Q1"))).toMatchObject({ "1a": [9000, 1890], "5g": [null, 1213] });
    expect(figures(await returnOf("2025-Q2"))).toMatchObject({ "5b": [null, 347], "5g": [null, -1] });
    expect(figures(await returnOf("2025-Q3"))).toMatchObject({ "1d": [200, 42], "5g": [null, -63] });
  });
});
