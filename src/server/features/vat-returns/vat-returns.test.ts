import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../shared/schemas/categories";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { YEAR_QUERY_MESSAGE } from "../../../shared/schemas/ledger";
import {
  ALREADY_FILED_MESSAGE,
  FILED_ON_BEFORE_END_MESSAGE,
  FILED_ON_FUTURE_MESSAGE,
  FILED_ON_MESSAGE,
  KOR_NO_RETURN_MESSAGE,
  PERIOD_NOT_FOUND_MESSAGE,
  REFERENCE_REQUIRED_MESSAGE,
  vatYearRangeMessage,
  type VatPeriodsAnswer,
  type VatReturnAnswer,
} from "../../../shared/schemas/vat-returns";
import { CATEGORY_ACCOUNT_MESSAGE } from "../../../shared/schemas/categories";
import { VAT_PERIOD_FREQUENCY_MESSAGE } from "../../../shared/schemas/settings";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { pdfText } from "../../../../tests/pdf-text";
import { filedPeriodMessage } from "../ledger/lock";
import { backfillLedgers, refreshMonthTotals } from "../ledger/posting";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let clientId: string;

const LOCKED = filedPeriodMessage("Q3 2026");

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-10-15T10:00:00Z");
  // In Balans since January: every quarter of 2026 is the owner's to file.
  owner = await t.signIn({ createdAt: new Date("2026-01-05T09:00:00Z") });
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
  clientId = (await createClientRecord(t.database.db, owner.user.id)).id;
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const post = (as: SignedIn, url: string, payload?: object) =>
  as.request({ method: "POST", url, ...(payload ? { payload } : {}) });

const transaction = (overrides: object = {}) => ({
  type: "income",
  amount: "100.00",
  vatRate: "21",
  description: "Advies",
  date: "2026-08-01",
  status: "completed",
  isRecurring: false,
  ...overrides,
});

async function invoice(issueDate: string, status = "sent"): Promise<InvoiceDetail> {
  const response = await post(owner, "/api/invoices", {
    clientId,
    issueDate,
    dueDate: "2026-12-31",
    items: [{ description: "Ontwerp", quantity: 1, unitPrice: 1000, vatCategory: "21" }],
    subtotal: "1000.00",
    taxAmount: "210.00",
    total: "1210.00",
    status,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("GET /api/vat-returns", () => {
  it("lists the quarters of a year with deadline and state", async () => {
    const response = await get(owner, "/api/vat-returns?year=2026");
    expect(response.statusCode, response.body).toBe(200);
    const answer: VatPeriodsAnswer = response.json();
    expect(answer).toMatchObject({ year: 2026, frequency: "quarter", isKorApplied: false });
    expect(answer.periods.map((period) => [period.id, period.label, period.deadline, period.state])).toEqual([
      ["2026-Q1", "Q1 2026", "2026-04-30", "late"],
      ["2026-Q2", "Q2 2026", "2026-07-31", "late"],
      ["2026-Q3", "Q3 2026", "2026-10-31", "due"],
      ["2026-Q4", "Q4 2026", "2027-01-31", "open"],
    ]);
  });

  it("follows the frequency set in the company data: per month or per year", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id, { vatPeriodFrequency: "month" });
    const monthly: VatPeriodsAnswer = (await get(user, "/api/vat-returns?year=2026")).json();
    expect(monthly.periods).toHaveLength(12);
    expect(monthly.periods[6]).toMatchObject({ id: "2026-07", label: "juli 2026", deadline: "2026-08-31" });
    expect(monthly.periods[11]).toMatchObject({ id: "2026-12", deadline: "2027-01-31", state: "open" });
    const yearly: VatReturnAnswer = (await get(user, "/api/vat-returns/2026")).json();
    expect(yearly.period).toMatchObject({
      frequency: "year",
      deadline: "2027-03-31",
      startDate: "2026-01-01",
    });
  });

  it("refuses a malformed year or period", async () => {
    const year = await get(owner, "/api/vat-returns?year=twintig");
    expect(year.statusCode).toBe(400);
    expect(year.json().message).toBe(YEAR_QUERY_MESSAGE);
    for (const period of ["2026-Q5", "2026-13", "26", "Q3"]) {
      const response = await get(owner, `/api/vat-returns/${period}`);
      expect(response.statusCode, period).toBe(404);
      expect(response.json().message).toBe(PERIOD_NOT_FOUND_MESSAGE);
    }
  });

  it("has returns from the year the administration began up to next year, and no others", async () => {
    const newcomer = await t.signIn();
    const registeredYear = new Date().getFullYear();
    const years = await get(newcomer, `/api/vat-returns?year=${registeredYear}`);
    expect(years.json()).toMatchObject({ firstYear: registeredYear, lastYear: 2027 });
    const outside = vatYearRangeMessage(registeredYear, 2027);
    for (const url of [
      `/api/vat-returns?year=${registeredYear - 1}`,
      "/api/vat-returns?year=2028",
      `/api/vat-returns/${registeredYear - 1}-Q4`,
      "/api/vat-returns/2028-01",
      `/api/vat-returns/${registeredYear - 1}/pdf`,
    ]) {
      const response = await get(newcomer, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(outside);
    }
    const filing = await post(newcomer, "/api/vat-returns/2028-Q1/file", {
      filedOn: "2026-10-10",
      reference: "X",
    });
    expect(filing.statusCode).toBe(400);
    expect(filing.json().fieldErrors.period).toBe(outside);

    // Books entered from before the sign-up open their year.
    const booked = await post(newcomer, "/api/transactions", transaction({ date: "2023-05-04" }));
    expect(booked.statusCode, booked.body).toBe(201);
    const opened = await get(newcomer, "/api/vat-returns?year=2023");
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ firstYear: 2023, lastYear: 2027 });
    expect((await get(newcomer, "/api/vat-returns/2023-Q2")).json().totalEuros).toBe(21);
    expect((await get(newcomer, "/api/vat-returns?year=2022")).statusCode).toBe(400);
  });

  it("refuses an unknown VAT frequency in the company data", async () => {
    const response = await owner.request({
      method: "PUT",
      url: "/api/settings/company",
      payload: { tradeName: "X", vatPeriodFrequency: "week" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.vatPeriodFrequency).toBe(VAT_PERIOD_FREQUENCY_MESSAGE);
  });
});

describe("POST /api/vat-returns/:period/file and the filing lock", () => {
  let inQ3: string;
  let inQ4: string;
  let q3Invoice: InvoiceDetail;

  beforeAll(async () => {
    inQ3 = (await post(owner, "/api/transactions", transaction())).json().id;
    inQ4 = (await post(owner, "/api/transactions", transaction({ date: "2026-10-02" }))).json().id;
    q3Invoice = await invoice("2026-09-15");
  });

  it("validates the date and the reference, and changes nothing", async () => {
    const cases: Array<[object, string]> = [
      [{ filedOn: "2026-10-10" }, REFERENCE_REQUIRED_MESSAGE],
      [{ filedOn: "10-10-2026", reference: "X" }, FILED_ON_MESSAGE],
      [{ filedOn: "2026-09-30", reference: "X" }, FILED_ON_BEFORE_END_MESSAGE],
      [{ filedOn: "2026-10-16", reference: "X" }, FILED_ON_FUTURE_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await post(owner, "/api/vat-returns/2026-Q3/file", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const answer: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    expect(answer.period.state).toBe("due");
    // The period that is still running cannot be filed yet.
    const running = await post(owner, "/api/vat-returns/2026-Q4/file", {
      filedOn: "2026-10-15",
      reference: "X",
    });
    expect(running.json().message).toBe(FILED_ON_BEFORE_END_MESSAGE);
  });

  it("records the filing, once", async () => {
    const response = await post(owner, "/api/vat-returns/2026-Q3/file", {
      filedOn: "2026-10-10",
      reference: " OB-2026-Q3-123 ",
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer: VatReturnAnswer = response.json();
    expect(answer.period).toMatchObject({
      state: "filed",
      filedOn: "2026-10-10",
      reference: "OB-2026-Q3-123",
    });
    // 100.00 + 1000.00 at 21%: 1a 1100 / 231.
    expect(answer.rubrieken.find((row) => row.code === "1a")).toMatchObject({
      turnoverEuros: 1100,
      vatEuros: 231,
    });
    const again = await post(owner, "/api/vat-returns/2026-Q3/file", {
      filedOn: "2026-10-11",
      reference: "Y",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_FILED_MESSAGE);
    const list: VatPeriodsAnswer = (await get(owner, "/api/vat-returns?year=2026")).json();
    expect(list.periods[2]).toMatchObject({ id: "2026-Q3", state: "filed", totalEuros: 231 });
  });

  it("refuses every change to a booking dated in the filed quarter, and keeps it as it was", async () => {
    const refused = [
      await post(owner, "/api/transactions", transaction({ date: "2026-09-30" })),
      await owner.request({
        method: "PUT",
        url: `/api/transactions/${inQ3}`,
        payload: transaction({ amount: "5.00" }),
      }),
      await owner.request({
        method: "PUT",
        url: `/api/transactions/${inQ4}`,
        payload: transaction({ date: "2026-07-01" }),
      }),
      await owner.request({
        method: "PUT",
        url: `/api/transactions/${inQ3}`,
        payload: transaction({ date: "2026-10-05" }),
      }),
      await owner.request({ method: "DELETE", url: `/api/transactions/${inQ3}` }),
      await post(owner, `/api/invoices/${q3Invoice.id}/mark-paid`, { paidDate: "2026-09-30" }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(LOCKED);
    }
    const sent = await post(owner, "/api/invoices", {
      clientId,
      issueDate: "2026-08-01",
      dueDate: "2026-12-31",
      items: [{ description: "Ontwerp", quantity: 1, unitPrice: 10, vatCategory: "21" }],
      subtotal: "10.00",
      taxAmount: "2.10",
      total: "12.10",
      status: "sent",
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(LOCKED);
    const kept = (await get(owner, `/api/transactions/${inQ3}`)).json();
    expect(kept).toMatchObject({ amount: "100.00", date: "2026-08-01" });
    const q3: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    expect(q3.rubrieken.find((row) => row.code === "1a")).toMatchObject({
      turnover: "1100.00",
      vat: "231.00",
    });
  });

  it("allows corrections in a later period: a credit note today, a payment in October, bookings in Q4", async () => {
    const credit = await post(owner, `/api/invoices/${q3Invoice.id}/credit`);
    expect(credit.statusCode, credit.body).toBe(201);
    const q4: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q4")).json();
    // Q4: the transaction of 2 October (100.00) and the credit note (−1000.00).
    expect(q4.rubrieken.find((row) => row.code === "1a")).toMatchObject({
      turnover: "-900.00",
      vat: "-189.00",
    });
    const edited = await owner.request({
      method: "PUT",
      url: `/api/transactions/${inQ4}`,
      payload: transaction({ date: "2026-10-03", amount: "50.00" }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it("skips CSV rows dated in the filed quarter with the reason", async () => {
    const response = await owner.request({
      method: "POST",
      url: "/api/transactions/import",
      headers: { "content-type": "text/csv" },
      payload: "Datum,Bedrag,Beschrijving,BTW\n2026-09-01,10.00,Koffie,21\n2026-10-01,12.00,Lunch,21\n",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1, failed: 1, errors: [`Rij 2: ${LOCKED}`] });
    // The imported row is in the books of Q4: 50.00 (edited above) − 1000.00 (credit note) + 12.00.
    const q4: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q4")).json();
    expect(q4.rubrieken.find((row) => row.code === "1a")?.turnover).toBe("-938.00");
  });

  it("shows a filed return as filed, whatever happens to the books under it", async () => {
    // The books of the filed quarter change behind every lock (as a repair by hand would): the return keeps
    // showing what was sent, in the list, on screen and in the export.
    const asFiled: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    await t.database.db.execute(sql`
      update journal_lines set amount = amount * 2
      where user_id = ${owner.user.id}::uuid and vat_box = '1a' and date between '2026-07-01' and '2026-09-30'`);
    await refreshMonthTotals(t.database.db, owner.user.id, "all");
    const now: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    expect(now.rubrieken).toEqual(asFiled.rubrieken);
    expect(now.totalEuros).toBe(231);
    const list: VatPeriodsAnswer = (await get(owner, "/api/vat-returns?year=2026")).json();
    expect(list.periods[2]).toMatchObject({ id: "2026-Q3", totalEuros: 231 });
    const csv = (await get(owner, "/api/vat-returns/2026-Q3/csv")).body;
    expect(csv).toContain("1100");
    // A filing from before the opgaaf ICP was kept with it holds its rubrieken as a list: still read as filed.
    await t.database.db.execute(sql`
      update vat_return_filings set figures = figures->'rubrieken'
      where user_id = ${owner.user.id}::uuid and period = '2026-Q3'`);
    const older: VatReturnAnswer = (await get(owner, "/api/vat-returns/2026-Q3")).json();
    expect(older.rubrieken).toEqual(asFiled.rubrieken);
    // Put the books back for the tests that follow.
    await t.database.db.execute(sql`
      update journal_lines set amount = amount / 2
      where user_id = ${owner.user.id}::uuid and vat_box = '1a' and date between '2026-07-01' and '2026-09-30'`);
    await refreshMonthTotals(t.database.db, owner.user.id, "all");
  });

  it("locks only the owner's books", async () => {
    const response = await post(stranger, "/api/transactions", transaction());
    expect(response.statusCode, response.body).toBe(201);
    const theirs: VatReturnAnswer = (await get(stranger, "/api/vat-returns/2026-Q3")).json();
    expect(theirs.period.state).toBe("due");
    expect(theirs.rubrieken.find((row) => row.code === "1a")?.turnover).toBe("100.00");
  });
});

describe("KOR", () => {
  it("explains that no return is due and refuses filing", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id, { korStartDate: "2000-01-01", vatNumber: null });
    const answer: VatReturnAnswer = (await get(user, "/api/vat-returns/2026-Q3")).json();
    expect(answer.isKorApplied).toBe(true);
    const response = await post(user, "/api/vat-returns/2026-Q3/file", {
      filedOn: "2026-10-10",
      reference: "X",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(KOR_NO_RETURN_MESSAGE);
  });
});

describe("exports", () => {
  it("CSV: rubriek by rubriek, whole euros and the exact amounts", async () => {
    const response = await get(owner, "/api/vat-returns/2026-Q3/csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="btw-aangifte_2026-Q3.csv"');
    const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Rubriek;Omschrijving;Omzet (hele euro's);Btw (hele euro's);Omzet volgens administratie;Btw volgens administratie",
    );
    expect(lines[1]).toBe("1a;Leveringen/diensten belast met hoog tarief;1100;231;1.100,00;231,00");
    expect(lines.find((line) => line.startsWith("5g;"))).toBe(
      "5g;Totaal te betalen of terug te vragen;;231;;231,00",
    );
  });

  it("PDF: the return with its state and every rubriek", async () => {
    const response = await get(owner, "/api/vat-returns/2026-Q3/pdf");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const [page] = await pdfText(response.rawPayload);
    expect(page).toContain("Btw-aangifte Q3 2026");
    expect(page).toContain("Ingediend op 10-10-2026, kenmerk OB-2026-Q3-123");
    expect(page).toContain("Voorbelasting");
    expect(page).toContain("Totaal te betalen of terug te vragen");
  });

  it("404 for a malformed period", async () => {
    expect((await get(owner, "/api/vat-returns/2026-Q9/csv")).statusCode).toBe(404);
    expect((await get(owner, "/api/vat-returns/x/pdf")).statusCode).toBe(404);
  });
});

describe("category accounts", () => {
  it("maps a category to the user's own account of the right kind only", async () => {
    const categories: Category[] = (await get(owner, "/api/categories")).json();
    const kantoor = categories.find((row) => row.name === "Kantoorkosten")!;
    expect(kantoor.ledgerAccountId).toEqual(expect.any(String));
    const accounts: Array<{ id: string; code: string }> = (await get(owner, "/api/ledger/accounts")).json();
    const theirs: Array<{ id: string; code: string }> = (await get(stranger, "/api/ledger/accounts")).json();
    const revenue = accounts.find((row) => row.code === "8000")!;
    const general = accounts.find((row) => row.code === "4590")!;
    const payload = (ledgerAccountId: string | null) => ({
      name: kantoor.name,
      type: kantoor.type,
      color: kantoor.color,
      ledgerAccountId,
    });
    for (const id of [revenue.id, theirs.find((row) => row.code === "4590")!.id, "nope"]) {
      const response = await owner.request({
        method: "PUT",
        url: `/api/categories/${kantoor.id}`,
        payload: payload(id),
      });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().fieldErrors.ledgerAccountId).toBe(CATEGORY_ACCOUNT_MESSAGE);
    }
    const moved = await owner.request({
      method: "PUT",
      url: `/api/categories/${kantoor.id}`,
      payload: payload(general.id),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().ledgerAccountId).toBe(general.id);
  });
});

describe("Af te dragen btw", () => {
  const balanceOf = async (as: SignedIn, name: string) =>
    ((await get(as, "/api/ledger/accounts")).json() as Array<{ name: string; balance: string }>).find(
      (row) => row.name === name,
    )!.balance;

  it("filing moves the quarter's VAT balances there; a return filed before that gets the entry at start-up", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const client = (await createClientRecord(t.database.db, user.user.id)).id;
    const draft = await user.request({
      method: "POST",
      url: "/api/invoices",
      payload: {
        clientId: client,
        issueDate: "2026-08-10",
        dueDate: "2026-08-24",
        items: [{ description: "Advies", quantity: 1, unitPrice: 1000, vatCategory: "21" }],
        subtotal: "1000.00",
        taxAmount: "210.00",
        total: "1210.00",
        status: "sent",
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const filed = await user.request({
      method: "POST",
      url: "/api/vat-returns/2026-Q3/file",
      payload: { filedOn: "2026-10-10", reference: "Q3" },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(await balanceOf(user, "Te betalen btw hoog (21%)")).toBe("0.00");
    expect(await balanceOf(user, "Af te dragen btw")).toBe("210.00");
    // As a return filed before filing posted anything: the entry is gone, and start-up puts it back.
    await t.database.db.execute(
      sql`delete from journal_lines where user_id = ${user.user.id}::uuid and source_type = 'vat_return'`,
    );
    await refreshMonthTotals(t.database.db, user.user.id, "all");
    expect(await balanceOf(user, "Af te dragen btw")).toBe("0.00");
    await backfillLedgers(t.database.db);
    expect(await balanceOf(user, "Af te dragen btw")).toBe("210.00");
    expect(await balanceOf(user, "Te betalen btw hoog (21%)")).toBe("0.00");
  });
});
