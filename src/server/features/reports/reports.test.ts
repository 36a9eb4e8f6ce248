import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_PERIOD_MESSAGES, type ReportDocument } from "../../../shared/schemas/reports";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import {
  createClientRecord,
  createCompanyProfile,
  createProject,
  createTimeEntry,
  createTransaction,
} from "../../../../tests/factories";
import { createInvoice, invoiceWithLines, issuedInvoice, markPaid } from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
});
afterAll(() => t.close());

const LINE_1000 = [{ description: "Ontwerp", quantity: 1, unitPrice: 1000, vatCategory: "21" }];
const TWO_LINES = [
  { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
  { description: "Drukwerk", quantity: "1.5", unitPrice: "10.50", vatCategory: "9" },
];

/** An issued invoice through the API, as a user makes one; optionally paid. */
async function issueInvoice(
  as: SignedIn,
  clientId: string,
  options: {
    issueDate: string;
    dueDate: string;
    items: Parameters<typeof invoiceWithLines>[1];
    paidDate?: string;
    draft?: boolean;
  },
) {
  const { items, issueDate, dueDate } = options;
  const body = invoiceWithLines(clientId, items, { issueDate, dueDate });
  const { id } = await (options.draft ? createInvoice(as, body) : issuedInvoice(as, body));
  if (options.paidDate) await markPaid(as, id, options.paidDate);
  return id;
}

async function report(as: SignedIn, name: string, from: string, to: string): Promise<ReportDocument> {
  const response = await as.request({ method: "GET", url: `/api/reports/${name}?from=${from}&to=${to}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A stranger with data in every period, which must never show up in the owner's reports. */
async function strangerWithData() {
  const stranger = await t.signIn();
  await createCompanyProfile(t.database.db, stranger.user.id);
  const client = await createClientRecord(t.database.db, stranger.user.id, { name: "Vreemde Klant" });
  await issueInvoice(stranger, client.id, {
    issueDate: "2026-10-05",
    dueDate: "2026-10-19",
    items: LINE_1000,
  });
  await createTransaction(t.database.db, stranger.user.id, {
    type: "income",
    date: "2026-10-10",
    amountCents: 99_900,
  });
  await createTimeEntry(t.database.db, stranger.user.id, {
    startTime: new Date("2026-11-03T09:00:00Z"),
    duration: 600,
  });
  return stranger;
}

describe("GET /api/reports/:report — period and report validation", () => {
  it("answers each period mistake with its Dutch message, and 404 for an unknown report", async () => {
    const user = await t.signIn();
    const cases: [string, string, string][] = [
      ["", "from", REPORT_PERIOD_MESSAGES.fromRequired],
      ["from=2026-01-01", "to", REPORT_PERIOD_MESSAGES.toRequired],
      ["from=2026-02-30&to=2026-03-01", "from", REPORT_PERIOD_MESSAGES.invalidDate],
      ["from=2026-01-01&to=1-1-2026", "to", REPORT_PERIOD_MESSAGES.invalidDate],
      ["from=2026-03-01&to=2026-02-28", "to", REPORT_PERIOD_MESSAGES.toBeforeFrom],
      ["from=2020-01-01&to=2026-12-31", "to", REPORT_PERIOD_MESSAGES.tooLong],
    ];
    for (const [query, field, message] of cases) {
      for (const suffix of ["", "/pdf", "/csv"]) {
        const response = await user.request({
          method: "GET",
          url: `/api/reports/cashflow${suffix}?${query}`,
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().fieldErrors?.[field], query).toBe(message);
      }
    }
    const unknown = await user.request({
      method: "GET",
      url: "/api/reports/omzet?from=2026-01-01&to=2026-01-31",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Rapport niet gevonden");
    const signedOut = await t.app.inject({
      method: "GET",
      url: "/api/reports/cashflow?from=2026-01-01&to=2026-01-31",
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("Cashflow", () => {
  it("sums completed transactions per month and forecasts open invoices and recurring transactions", async () => {
    const owner = await t.signIn();
    await strangerWithData();
    const db = t.database.db;
    await createCompanyProfile(db, owner.user.id);
    const client = await createClientRecord(db, owner.user.id);
    await createTransaction(db, owner.user.id, { type: "income", date: "2026-09-10", amountCents: 100_000 });
    await createTransaction(db, owner.user.id, { type: "expense", date: "2026-10-05", amountCents: 10_000 });
    // Pending is not money that moved; August is outside the period.
    await createTransaction(db, owner.user.id, {
      type: "expense",
      date: "2026-10-20",
      amountCents: 5_000,
      vatRate: 9,
      status: "pending",
    });
    await createTransaction(db, owner.user.id, {
      type: "income",
      date: "2026-08-31",
      amountCents: 20_000,
      vatRate: 0,
    });
    // Monthly rent from 25 October: the template is booked in October; 25 Nov, 25 Dec and 25 Jan are to come.
    await createTransaction(db, owner.user.id, {
      type: "expense",
      date: "2026-10-25",
      amountCents: 10_000,
      isRecurring: true,
      recurringInterval: "monthly",
      recurringGeneratedUntil: "2026-10-25",
    });
    // Overdue since 10 November: expected this month. Due 4 December: expected in December.
    await issueInvoice(owner, client.id, {
      issueDate: "2026-10-27",
      dueDate: "2026-11-10",
      items: TWO_LINES,
    });
    await issueInvoice(owner, client.id, {
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      items: [{ description: "Logo", quantity: 1, unitPrice: 500, vatCategory: "21" }],
    });

    const document = await report(owner, "cashflow", "2026-09-01", "2026-11-30");
    expect(document.periodLabel).toBe("1 september 2026 t/m 30 november 2026");
    expect(document.figures.map((figure) => figure.value)).toEqual(["1210.00", "242.00", "968.00"]);
    const [perMonth, forecast] = document.sections;
    expect(perMonth!.rows.map((row) => row.cells)).toEqual([
      { month: "september 2026", in: "1210.00", out: "0.00", net: "1210.00" },
      { month: "oktober 2026", in: "0.00", out: "242.00", net: "-242.00" },
      { month: "november 2026", in: "0.00", out: "0.00", net: "0.00" },
      { month: "Totaal", in: "1210.00", out: "242.00", net: "968.00" },
    ]);
    expect(forecast!.rows.map((row) => row.cells)).toEqual([
      { month: "november 2026", in: "222.87", out: "121.00", net: "101.87" },
      { month: "december 2026", in: "605.00", out: "121.00", net: "484.00" },
      { month: "januari 2027", in: "0.00", out: "121.00", net: "-121.00" },
      { month: "Totaal prognose", in: "827.87", out: "363.00", net: "464.87" },
    ]);

    const csv = await owner.request({
      method: "GET",
      url: "/api/reports/cashflow/csv?from=2026-09-01&to=2026-11-30",
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="rapport-cashflow_2026-09-01_2026-11-30.csv"',
    );
    expect(csv.body.startsWith("\uFEFFCashflow;1 september 2026 t/m 30 november 2026\r\n")).toBe(true);
    expect(csv.body).toContain("\r\nMaand;In;Uit;Netto\r\n");
    expect(csv.body).toContain("\r\noktober 2026;0,00;242,00;-242,00\r\n");
    expect(csv.body).toContain("\r\nTotaal prognose;827,87;363,00;464,87\r\n");
  });
});

describe("Urenrapport", () => {
  it("groups the period's hours per project and client, with the real average rate and the urencriterium", async () => {
    const owner = await t.signIn();
    await strangerWithData();
    const db = t.database.db;
    const userId = owner.user.id;
    const client = await createClientRecord(db, userId);
    const website = await createProject(db, userId, { name: "Website", clientId: client.id });
    const internal = await createProject(db, userId, { name: "Intern", hourlyRate: null });
    const at = (iso: string) => new Date(iso);
    await createTimeEntry(db, userId, {
      projectId: website.id,
      clientId: client.id,
      startTime: at("2026-11-03T09:00:00Z"),
      duration: 90,
    });
    await createTimeEntry(db, userId, {
      projectId: website.id,
      clientId: client.id,
      startTime: at("2026-11-04T09:00:00Z"),
      duration: 45,
      hourlyRate: "100.00",
    });
    await createTimeEntry(db, userId, {
      projectId: website.id,
      startTime: at("2026-11-05T09:00:00Z"),
      duration: 30,
      isBillable: false,
    });
    await createTimeEntry(db, userId, {
      projectId: internal.id,
      startTime: at("2026-11-06T09:00:00Z"),
      duration: 120,
      isBillable: false,
      hourlyRate: null,
    });
    await createTimeEntry(db, userId, {
      startTime: at("2026-11-10T09:00:00Z"),
      duration: 50,
      hourlyRate: "90.00",
    });
    // 23:30 on 31 October in Amsterdam: October, so outside the period, but inside the year.
    await createTimeEntry(db, userId, {
      projectId: website.id,
      startTime: at("2026-10-31T22:30:00Z"),
      duration: 60,
    });

    const document = await report(owner, "uren", "2026-11-01", "2026-11-30");
    expect(document.periodLabel).toBe("november 2026");
    // 185 billable minutes earned 127.50 + 75.00 + 75.00 = 277.50: 277.50 / (185/60) = 90.00 an hour.
    expect(document.figures.map((figure) => figure.value)).toEqual([185, 335, "90.00", "277.50"]);
    const [perProject, perClient, criterion] = document.sections;
    expect(perProject!.rows.map((row) => row.cells)).toEqual([
      {
        project: "Website",
        client: "Bakkerij De Korenschoof",
        billable: 135,
        other: 30,
        total: 165,
        amount: "202.50",
      },
      { project: "Intern", client: "Zonder klant", billable: 0, other: 120, total: 120, amount: "0.00" },
      {
        project: "Zonder project",
        client: "Zonder klant",
        billable: 50,
        other: 0,
        total: 50,
        amount: "75.00",
      },
      { project: "Totaal", client: "", billable: 185, other: 150, total: 335, amount: "277.50" },
    ]);
    expect(perClient!.rows.map((row) => row.cells)).toEqual([
      { client: "Bakkerij De Korenschoof", billable: 135, other: 30, total: 165, amount: "202.50" },
      { client: "Zonder klant", billable: 50, other: 120, total: 170, amount: "75.00" },
      { client: "Totaal", billable: 185, other: 150, total: 335, amount: "277.50" },
    ]);
    expect(criterion!.title).toBe("Urencriterium 2026");
    expect(criterion!.rows.map((row) => row.cells.value)).toEqual([395, 73_500, 73_105, expect.any(Number)]);

    const pdf = await owner.request({
      method: "GET",
      url: "/api/reports/uren/pdf?from=2026-11-01&to=2026-11-30",
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      'attachment; filename="rapport-uren_2026-11-01_2026-11-30.pdf"',
    );
    const text = (await pdfText(pdf.rawPayload)).join("\n");
    expect(text).toContain("Urenrapport");
    expect(text).toContain("Bakkerij De Korenschoof");
    expect(text).toContain("€ 277,50");
    expect(text).not.toContain("Vreemde");
  });
});

describe("Klantrapport", () => {
  it("gives revenue, open amount and average days to pay per client, only the owner's", async () => {
    const owner = await t.signIn();
    await strangerWithData();
    const db = t.database.db;
    await createCompanyProfile(db, owner.user.id);
    const bakery = await createClientRecord(db, owner.user.id);
    const studio = await createClientRecord(db, owner.user.id, { name: "Studio Noord" });
    const lines = (amount: number) => [
      { description: "Werk", quantity: 1, unitPrice: amount, vatCategory: "21" },
    ];
    // Issued before the period but paid in it (30 days): counts for the days to pay only.
    await issueInvoice(owner, studio.id, {
      issueDate: "2026-09-15",
      dueDate: "2026-09-29",
      items: lines(100),
      paidDate: "2026-10-15",
    });
    // Paid after 20 days.
    await issueInvoice(owner, bakery.id, {
      issueDate: "2026-10-01",
      dueDate: "2026-10-15",
      items: lines(1000),
      paidDate: "2026-10-21",
    });
    // Paid after 30 days.
    await issueInvoice(owner, studio.id, {
      issueDate: "2026-10-10",
      dueDate: "2026-10-24",
      items: lines(400),
      paidDate: "2026-11-09",
    });
    // Still open.
    await issueInvoice(owner, bakery.id, {
      issueDate: "2026-11-02",
      dueDate: "2026-11-16",
      items: TWO_LINES,
    });
    // A draft is not revenue.
    await issueInvoice(owner, studio.id, {
      issueDate: "2026-11-05",
      dueDate: "2026-11-19",
      items: lines(700),
      draft: true,
    });

    const document = await report(owner, "klanten", "2026-10-01", "2026-11-30");
    expect(document.figures.map((figure) => figure.value)).toEqual(["1585.75", "222.87", 26.7]);
    expect(document.sections[0]!.rows.map((row) => row.cells)).toEqual([
      { client: "Bakkerij De Korenschoof", count: 2, revenue: "1185.75", open: "222.87", days: 20 },
      { client: "Studio Noord", count: 1, revenue: "400.00", open: "0.00", days: 30 },
      { client: "Totaal", count: 3, revenue: "1585.75", open: "222.87", days: 26.7 },
    ]);

    const csv = await owner.request({
      method: "GET",
      url: "/api/reports/klanten/csv?from=2026-10-01&to=2026-11-30",
    });
    expect(csv.body).toContain("\r\nKlant;Facturen;Omzet (excl. btw);Openstaand;Gem. dagen tot betaling\r\n");
    expect(csv.body).toContain("\r\nStudio Noord;1;400,00;0,00;30\r\n");
    expect(csv.body).not.toContain("Vreemde");
  });

  it("neutralises a client name that looks like a formula in the CSV", async () => {
    const owner = await t.signIn();
    await createCompanyProfile(t.database.db, owner.user.id);
    const client = await createClientRecord(t.database.db, owner.user.id, { name: "=HYPERLINK(1)" });
    await issueInvoice(owner, client.id, {
      issueDate: "2026-11-01",
      dueDate: "2026-11-15",
      items: LINE_1000,
    });
    const csv = await owner.request({
      method: "GET",
      url: "/api/reports/klanten/csv?from=2026-11-01&to=2026-11-30",
    });
    expect(csv.body).toContain("\r\n'=HYPERLINK(1);1;1.000,00;1.210,00;\r\n");
  });
});

/**
 * One quarter booked through the API (so the ledger posts every event), Q4 2026, plus a Q3 sale:
 * - T1 income 5 Oct 1,000.00 + 21% (210.00); T2 expense 12 Oct 200.00 + 21% (42.00); T3 expense 3 Nov 50.00 + 9% (4.50);
 * - I1 sent 2 Nov: 2 × 85.00 at 21% (35.70) + 1.5 × 10.50 at 9% (1.42) = 222.87, open;
 * - I2 sent 20 Oct: 400.00 at 21% (84.00) = 484.00, paid 9 Nov;
 * - Q3: income 15 Sep 100.00 + 21% (21.00).
 */
async function bookQuarter(owner: SignedIn) {
  const db = t.database.db;
  await createCompanyProfile(db, owner.user.id);
  const client = await createClientRecord(db, owner.user.id);
  const book = async (type: string, date: string, amount: string, vatRate: string, description: string) => {
    const response = await owner.request({
      method: "POST",
      url: "/api/transactions",
      payload: { type, date, amount, vatRate, status: "completed", description },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  await book("income", "2026-10-05", "1000.00", "21", "Workshop");
  await book("expense", "2026-10-12", "200.00", "21", "Laptoptas");
  await book("expense", "2026-11-03", "50.00", "9", "Vakboeken");
  await book("income", "2026-09-15", "100.00", "21", "Advies");
  await issueInvoice(owner, client.id, {
    issueDate: "2026-10-20",
    dueDate: "2026-11-03",
    items: [{ description: "Logo", quantity: 1, unitPrice: 400, vatCategory: "21" }],
    paidDate: "2026-11-09",
  });
  await issueInvoice(owner, client.id, {
    issueDate: "2026-11-02",
    dueDate: "2026-11-16",
    items: TWO_LINES,
  });
}

describe("Reports from the books", () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await t.signIn();
    await strangerWithData();
    await bookQuarter(owner);
  });

  it("Winst & verlies per account, to the cent", async () => {
    const document = await report(owner, "winst-en-verlies", "2026-10-01", "2026-12-31");
    expect(document.periodLabel).toBe("Q4 2026");
    expect(document.figures.map((figure) => figure.value)).toEqual(["1585.75", "250.00", "1335.75"]);
    const [revenue, expenses, result] = document.sections;
    expect(revenue!.rows.map((row) => row.cells)).toEqual([
      { code: "8000", name: "Omzet hoog tarief (21%)", amount: "1570.00" },
      { code: "8010", name: "Omzet laag tarief (9%)", amount: "15.75" },
      { code: "", name: "Totaal opbrengsten", amount: "1585.75" },
    ]);
    expect(expenses!.rows.map((row) => row.cells)).toEqual([
      { code: "4590", name: "Algemene kosten", amount: "250.00" },
      { code: "", name: "Totaal kosten", amount: "250.00" },
    ]);
    expect(result!.rows.map((row) => row.cells)).toEqual([
      { code: "", name: "Nettowinst", amount: "1335.75" },
    ]);

    const pdf = await owner.request({
      method: "GET",
      url: "/api/reports/winst-en-verlies/pdf?from=2026-10-01&to=2026-12-31",
    });
    const text = (await pdfText(pdf.rawPayload)).join("\n");
    expect(text).toContain("Winst & verlies");
    expect(text).toContain("De Vries Ontwerp");
    expect(text).toContain("Omzet hoog tarief (21%)");
  });

  it("Balans at the period's end, balancing", async () => {
    const document = await report(owner, "balans", "2026-10-01", "2026-12-31");
    expect(document.figures.map((figure) => figure.value)).toEqual(["1787.87", "352.12", "1435.75"]);
    const [assets, liabilities] = document.sections;
    expect(assets!.title).toBe("Activa per 31-12-2026");
    expect(assets!.rows.map((row) => row.cells)).toEqual([
      { code: "1100", name: "Hoofdrekening", amount: "1518.50" },
      { code: "1300", name: "Debiteuren", amount: "222.87" },
      { code: "1510", name: "Te vorderen btw", amount: "46.50" },
      { code: "", name: "Totaal activa", amount: "1787.87" },
    ]);
    expect(liabilities!.rows.map((row) => row.cells)).toEqual([
      { code: "", name: "Eigen vermogen", amount: null },
      { code: "", name: "Resultaat boekjaar 2026", amount: "1435.75" },
      { code: "", name: "Totaal eigen vermogen", amount: "1435.75" },
      { code: "", name: "Vreemd vermogen", amount: null },
      { code: "1710", name: "Te betalen btw hoog (21%)", amount: "350.70" },
      { code: "1720", name: "Te betalen btw laag (9%)", amount: "1.42" },
      { code: "", name: "Totaal vreemd vermogen", amount: "352.12" },
      { code: "", name: "Totaal passiva", amount: "1787.87" },
    ]);
    expect(document.notes[0]).toBe("De balans sluit: totaal activa is gelijk aan totaal passiva.");
  });

  it("BTW-aangifte: the quarter the period touches, rubriek by rubriek in whole euros", async () => {
    const document = await report(owner, "btw", "2026-11-01", "2026-11-30");
    expect(document.figures.map((figure) => figure.value)).toEqual(["283.00", 1]);
    expect(document.sections).toHaveLength(1);
    const [quarter] = document.sections;
    expect(quarter!.title).toBe("Q4 2026 · Lopend · uiterlijk 31-01-2027");
    const byCode = new Map(quarter!.rows.map((row) => [row.cells.code, row.cells]));
    expect(byCode.get("1a")).toMatchObject({ turnover: "1570.00", vat: "329.00" });
    expect(byCode.get("1b")).toMatchObject({ turnover: "15.00", vat: "1.00" });
    expect(byCode.get("5a")).toMatchObject({ turnover: null, vat: "330.00" });
    expect(byCode.get("5b")).toMatchObject({ turnover: null, vat: "47.00" });
    expect(byCode.get("5g")).toMatchObject({ turnover: null, vat: "283.00" });
    expect(document.links).toEqual([
      { label: "Belastingen openen", href: "/app/taxes" },
      { label: "Q4 2026 als PDF", href: "/api/vat-returns/2026-Q4/pdf" },
      { label: "Q4 2026 als CSV", href: "/api/vat-returns/2026-Q4/csv" },
    ]);
    const csv = await owner.request({
      method: "GET",
      url: "/api/reports/btw/csv?from=2026-11-01&to=2026-11-30",
    });
    expect(csv.body).toContain("\r\n1a;Leveringen/diensten belast met hoog tarief;1.570,00;329,00\r\n");
  });

  it("BTW-aangifte: the opgaaf ICP follows the quarter when there are services to clients elsewhere in the EU", async () => {
    const exporter = await t.signIn();
    await createCompanyProfile(t.database.db, exporter.user.id);
    const belgian = await createClientRecord(t.database.db, exporter.user.id, {
      name: "Brussel BV",
      country: "BE",
      taxNumber: "BE0123456749",
    });
    await issueInvoice(exporter, belgian.id, {
      issueDate: "2026-11-02",
      dueDate: "2026-12-02",
      items: [{ description: "Advies", quantity: 1, unitPrice: 640, vatCategory: "reverse_charge" }],
    });
    const document = await report(exporter, "btw", "2026-11-01", "2026-11-30");
    expect(document.figures.map((figure) => figure.value)).toEqual(["0.00", 1]);
    expect(document.sections.map((section) => section.title)).toEqual([
      "Q4 2026 · Lopend · uiterlijk 31-01-2027",
      "Opgaaf ICP Q4 2026 (diensten aan ondernemers in andere EU-landen, rubriek 3b)",
    ]);
    expect(document.sections[1]!.rows.map((row) => row.cells)).toEqual([
      { code: "ICP", label: "BE0123456749 Brussel BV", turnover: "640.00", vat: null },
    ]);
  });

  it("Cashflow counts a paid invoice as money in, from the books", async () => {
    const document = await report(owner, "cashflow", "2026-10-01", "2026-11-30");
    expect(document.sections[0]!.rows.map((row) => row.cells)).toEqual([
      { month: "oktober 2026", in: "1210.00", out: "242.00", net: "968.00" },
      { month: "november 2026", in: "484.00", out: "54.50", net: "429.50" },
      { month: "Totaal", in: "1694.00", out: "296.50", net: "1397.50" },
    ]);
  });

  it("the summary cards agree with the reports", async () => {
    const response = await owner.request({
      method: "GET",
      url: "/api/reports/summary?from=2026-10-01&to=2026-12-31",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: "2026-10-01",
      to: "2026-12-31",
      profitAndLoss: { revenue: "1585.75", expenses: "250.00", netProfit: "1335.75" },
      cashflow: { in: "1694.00", out: "296.50", net: "1397.50" },
      hours: { billableMinutes: 0, totalMinutes: 0, averageRate: null, billableAmount: "0.00" },
    });
    const invalid = await owner.request({
      method: "GET",
      url: "/api/reports/summary?from=2026-12-31&to=2026-10-01",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ to: REPORT_PERIOD_MESSAGES.toBeforeFrom });
  });
});
