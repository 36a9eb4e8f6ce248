import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAmount } from "../../../shared/money";
import { LEDGER_EXPORT_MESSAGES } from "../../../shared/schemas/exports";
import type { ReportDocument } from "../../../shared/schemas/reports";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile, createTransaction } from "../../../../tests/factories";
import { invoiceWithLines, issuedInvoice, markPaid } from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";
import { rebuildLedger } from "../ledger/posting";
import { EXPORT_BATCH_SIZE } from "./service";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
const invoiceNumbers: Record<string, string> = {};

const LINE_1000 = [{ description: "Ontwerp", quantity: 1, unitPrice: 1000, vatCategory: "21" }];

/** An issued invoice of € 1.210,00 through the API, optionally paid; answers its number. */
async function issueInvoice(
  as: SignedIn,
  clientId: string,
  { paidDate, ...dates }: { issueDate: string; dueDate: string; paidDate?: string },
): Promise<string> {
  const invoice = await issuedInvoice(as, invoiceWithLines(clientId, LINE_1000, dates));
  if (paidDate) await markPaid(as, invoice.id, paidDate);
  return invoice.invoiceNumber!;
}

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn({ createdAt: new Date("2025-01-05T09:00:00Z") });
  await createCompanyProfile(t.database.db, owner.user.id);
  const db = t.database.db;
  const id = owner.user.id;
  // 2025: a profit of € 300 that opens 2026 as the result of earlier years.
  await createTransaction(db, id, {
    type: "income",
    date: "2025-06-10",
    amountCents: 50_000,
    description: "Advies 2025",
  });
  await createTransaction(db, id, {
    type: "expense",
    date: "2025-08-01",
    amountCents: 20_000,
    description: "Laptop 2025",
  });
  // 2026.
  const client = await createClientRecord(db, id, { name: "Bakkerij Jansen" });
  const other = await createClientRecord(db, id, { name: "Atelier Noord" });
  invoiceNumbers.paid = await issueInvoice(owner, client.id, {
    issueDate: "2026-02-02",
    dueDate: "2026-02-16",
    paidDate: "2026-02-20",
  });
  invoiceNumbers.old = await issueInvoice(owner, client.id, {
    issueDate: "2026-06-01",
    dueDate: "2026-06-15",
  });
  invoiceNumbers.recent = await issueInvoice(owner, other.id, {
    issueDate: "2026-11-01",
    dueDate: "2026-11-15",
  });
  invoiceNumbers.notDue = await issueInvoice(owner, other.id, {
    issueDate: "2026-11-18",
    dueDate: "2026-12-02",
  });
  await createTransaction(db, id, {
    type: "expense",
    date: "2026-04-10",
    amountCents: 12_345,
    description: '=HYPERLINK("http://x")',
  });
  const purchaseInvoice = {
    supplierName: "Drukkerij Zuid",
    invoiceNumber: "INK-77",
    invoiceDate: "2026-10-01",
    dueDate: "2026-10-15",
    lines: [{ vatRate: 21, netAmount: "100.00", vatAmount: "21.00" }],
  };
  const purchase = await owner.request({
    method: "POST",
    url: "/api/purchase-invoices",
    payload: purchaseInvoice,
  });
  expect(purchase.statusCode, purchase.body).toBe(201);
  const booked = await owner.request({
    method: "POST",
    url: `/api/purchase-invoices/${purchase.json().id}/book`,
    payload: purchaseInvoice,
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const filed = await owner.request({
    method: "POST",
    url: "/api/vat-returns/2026-Q1/file",
    payload: { filedOn: "2026-04-20", reference: "BTW-Q1" },
  });
  expect(filed.statusCode, filed.body).toBe(200);

  // Another user with data in every export's period, which must never show up in the owner's.
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, stranger.user.id, { tradeName: "Vreemd BV" });
  const strangerClient = await createClientRecord(db, stranger.user.id, { name: "Vreemde Klant" });
  await issueInvoice(stranger, strangerClient.id, { issueDate: "2026-05-05", dueDate: "2026-05-19" });
  await createTransaction(db, stranger.user.id, {
    type: "expense",
    date: "2026-03-03",
    amountCents: 77_700,
    description: "Geheime uitgave",
  });
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });

/** The CSV's records, without the byte order mark. */
async function csv(as: SignedIn, url: string): Promise<string[][]> {
  const response = await get(as, url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.body.startsWith("\uFEFF")).toBe(true);
  return Papa.parse<string[]>(response.body.slice(1), { delimiter: ";" }).data;
}

const amount = (cell: string | undefined) => (cell ? parseAmount(cell)! : 0);

/** The rows of the table after the header row with the given first column label. */
function tableAfter(records: string[][], firstHeader: string): string[][] {
  const start = records.findIndex((record) => record[0] === firstHeader);
  expect(start).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const record of records.slice(start + 1)) {
    if (record.length <= 1) break;
    rows.push(record);
  }
  return rows;
}

describe("validation and access", () => {
  it("answers each bad period with its Dutch message", async () => {
    const cases: Array<[string, string]> = [
      ["format=csv", LEDGER_EXPORT_MESSAGES.periodRequired],
      ["format=xls&year=2026", LEDGER_EXPORT_MESSAGES.formatInvalid],
      ["year=2026", LEDGER_EXPORT_MESSAGES.formatInvalid],
      ["format=csv&year=26", LEDGER_EXPORT_MESSAGES.yearInvalid],
      ["format=csv&year=1999", LEDGER_EXPORT_MESSAGES.yearInvalid],
      ["format=csv&year=2026&from=2026-01-01", LEDGER_EXPORT_MESSAGES.yearAndDates],
      ["format=csv&to=2026-12-31", LEDGER_EXPORT_MESSAGES.fromRequired],
      ["format=csv&from=2026-01-01", LEDGER_EXPORT_MESSAGES.toRequired],
      ["format=csv&from=2026-02-30&to=2026-03-01", LEDGER_EXPORT_MESSAGES.dateInvalid],
      ["format=csv&from=2026-03-01&to=2026-02-28", LEDGER_EXPORT_MESSAGES.toBeforeFrom],
      ["format=csv&from=2019-01-01&to=2026-12-31", LEDGER_EXPORT_MESSAGES.tooLong],
    ];
    for (const path of ["general-ledger", "trial-balance", "journal"]) {
      for (const [query, message] of cases) {
        const response = await get(owner, `/api/exports/${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().message, `${path}?${query}`).toBe(message);
      }
    }
  });

  it("answers bad open-item and VAT questions with their Dutch messages", async () => {
    const cases: Array<[string, string]> = [
      ["open-items?format=csv&date=2026-11-20", LEDGER_EXPORT_MESSAGES.roleInvalid],
      ["open-items?format=csv&role=klanten&date=2026-11-20", LEDGER_EXPORT_MESSAGES.roleInvalid],
      ["open-items?format=csv&role=debtors", LEDGER_EXPORT_MESSAGES.dateRequired],
      ["open-items?format=csv&role=debtors&date=20-11-2026", LEDGER_EXPORT_MESSAGES.dateInvalid],
      ["open-items?format=doc&role=debtors&date=2026-11-20", LEDGER_EXPORT_MESSAGES.formatInvalid],
      ["vat-reconciliation?format=csv", LEDGER_EXPORT_MESSAGES.yearRequired],
      ["vat-reconciliation?format=csv&year=twintig", LEDGER_EXPORT_MESSAGES.yearInvalid],
      ["vat-reconciliation?format=pdf&year=2101", LEDGER_EXPORT_MESSAGES.yearInvalid],
      ["vat-reconciliation?year=2026", LEDGER_EXPORT_MESSAGES.formatInvalid],
    ];
    for (const [path, message] of cases) {
      const response = await get(owner, `/api/exports/${path}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message, path).toBe(message);
    }
  });

  it("answers 401 when signed out", async () => {
    for (const path of [
      "general-ledger?format=csv&year=2026",
      "trial-balance?format=pdf&year=2026",
      "journal?format=csv&year=2026",
      "open-items?format=csv&role=debtors&date=2026-11-20",
      "vat-reconciliation?format=csv&year=2026",
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/api/exports/${path}` });
      expect(response.statusCode, path).toBe(401);
    }
  });

  it("answers 404 for an unknown account and for another user's account", async () => {
    const missing = await get(owner, "/api/exports/general-ledger?format=csv&year=2026&account=9999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(LEDGER_EXPORT_MESSAGES.accountNotFound);
    const theirs = await get(stranger, "/api/ledger/accounts?date=2026-12-31");
    const theirAccount = (theirs.json() as Array<{ id: string; code: string }>).find(
      (account) => account.code === "1300",
    )!;
    const foreign = await get(
      owner,
      `/api/exports/general-ledger?format=csv&year=2026&account=${theirAccount.id}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("never includes another user's data", async () => {
    for (const path of [
      "general-ledger?format=csv&year=2026",
      "trial-balance?format=csv&year=2026",
      "journal?format=csv&year=2026",
      "open-items?format=csv&role=debtors&date=2026-11-20",
      "open-items?format=csv&role=creditors&date=2026-11-20",
      "vat-reconciliation?format=csv&year=2026",
    ]) {
      const body = (await get(owner, `/api/exports/${path}`)).body;
      expect(body, path).not.toContain("Vreemde Klant");
      expect(body, path).not.toContain("Geheime uitgave");
      expect(body, path).not.toContain("Vreemd BV");
      expect(body, path).not.toContain("777,00");
      expect(body, path).toContain("De Vries Ontwerp");
    }
  });
});

async function reportJson(name: string, from: string, to: string): Promise<ReportDocument> {
  const response = await get(owner, `/api/reports/${name}?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Account code -> amount in cents, from a report's sections. */
function reportAmounts(document: ReportDocument): Map<string, number> {
  const amounts = new Map<string, number>();
  for (const section of document.sections)
    for (const row of section.rows) {
      const code = row.cells.code;
      if (typeof code === "string" && code !== "") amounts.set(code, parseAmount(String(row.cells.amount))!);
    }
  return amounts;
}

describe("GET /api/exports/trial-balance", () => {
  it("agrees with the profit and loss and the balance sheet the reports show, and its totals agree", async () => {
    for (const [from, to] of [
      ["2026-01-01", "2026-12-31"],
      ["2026-04-01", "2026-09-30"],
    ] as const) {
      const records = await csv(owner, `/api/exports/trial-balance?format=csv&from=${from}&to=${to}`);
      const rows = tableAfter(records, "Rekening");
      const accounts = rows.filter((row) => row[0] !== "");
      // The period's movements (debit − credit) and the closing balance (debit side − credit side).
      const movements = new Map(accounts.map((row) => [row[0]!, amount(row[4]) - amount(row[5])]));
      const balances = new Map(accounts.map((row) => [row[0]!, amount(row[6]) - amount(row[7])]));
      const pnl = reportAmounts(await reportJson("winst-en-verlies", from, to));
      const sheet = reportAmounts(await reportJson("balans", from, to));
      expect(pnl.size).toBeGreaterThan(0);
      // Revenue is positive in the report and a credit in the books; costs are debits.
      const kindSign = (code: string) => (code.startsWith("8") ? -1 : 1);
      for (const [code, reported] of pnl)
        expect(movements.get(code) ?? 0, code).toBe(kindSign(code) * reported);
      // Assets are debit balances; liabilities and equity credit balances (0xxx equity, 1[6-9]xx debts).
      const sideOf = (code: string) => (/^(0[5-9]|1[6-9])/.test(code) ? -1 : 1);
      let sheetAccounts = 0;
      for (const [code, reported] of sheet) {
        if (!/^\d{4}$/.test(code)) continue;
        sheetAccounts += 1;
        expect(balances.get(code) ?? 0, code).toBe(sideOf(code) * reported);
      }
      expect(sheetAccounts).toBeGreaterThan(3);
      const total = rows.find((row) => row[2] === "Totaal")!;
      expect(amount(total[4])).toBeGreaterThan(0);
      expect(amount(total[4])).toBe(amount(total[5]));
      expect(amount(total[6])).toBe(amount(total[7]));
    }
  });

  it("shows the results of earlier years on their own line, 2025's profit of € 300", async () => {
    const records = await csv(owner, "/api/exports/trial-balance?format=csv&year=2026");
    const earlier = tableAfter(records, "Rekening").find(
      (row) => row[2] === "Resultaat voorgaande boekjaren",
    )!;
    expect(amount(earlier[7])).toBe(30_000);
    expect(records.some((record) => record[0]?.startsWith("De totalen sluiten"))).toBe(true);
  });

  it("renders the same figures as a PDF", async () => {
    const response = await get(owner, "/api/exports/trial-balance?format=pdf&year=2026");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="proef-en-saldibalans_2026-01-01_2026-12-31.pdf"',
    );
    const text = (await pdfText(response.rawPayload)).join("\n");
    expect(text).toContain("Proef- en saldibalans");
    expect(text).toContain("1300");
    expect(text).toContain("Debiteuren");
    expect(text).toContain("De totalen sluiten");
  });
});

describe("GET /api/exports/general-ledger", () => {
  it("gives per account its opening balance, every line with a running balance and the closing balance", async () => {
    const records = await csv(owner, "/api/exports/general-ledger?format=csv&year=2026&account=1300");
    const rows = tableAfter(records, "Datum");
    expect(records.filter((record) => record[0] === "Datum")).toHaveLength(1);
    expect(rows[0]![3]).toBe("Beginsaldo");
    let balance = amount(rows[0]![7]);
    expect(balance).toBe(0);
    const lines = rows.slice(1, -2);
    // Four invoices and one payment.
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      balance += amount(line[5]) - amount(line[6]);
      expect(amount(line[7])).toBe(balance);
    }
    expect(lines.map((line) => line[1])).toContain(invoiceNumbers.old);
    expect(lines.find((line) => line[1] === invoiceNumbers.old)![4]).toBe("Bakkerij Jansen");
    expect(rows.at(-1)![3]).toBe("Eindsaldo");
    // Three invoices of € 1.210 are open.
    expect(amount(rows.at(-1)![7])).toBe(3 * 121_000);
  });

  it("opens a balance-sheet account with everything before the period and a cost account with the year to date", async () => {
    const records = await csv(owner, "/api/exports/general-ledger?format=csv&from=2026-05-01&to=2026-12-31");
    const titles = records.filter((record) => record.length === 1 && /^\d{4} /.test(record[0]!));
    expect(titles.length).toBeGreaterThan(3);
    const cardOf = (prefix: string) => {
      const index = records.findIndex((record) => record[0]?.startsWith(prefix));
      return records[index + 2]!;
    };
    // Debiteuren on 1 May: the June invoice is not yet there, February's was paid.
    expect(cardOf("1300 Debiteuren")[3]).toBe("Beginsaldo");
    expect(amount(cardOf("1300 Debiteuren")[7])).toBe(0);
    // Algemene kosten: April's expense of € 123,45 is this year's, 2025's laptop is not.
    expect(amount(cardOf("4590 Algemene kosten")[7])).toBe(12_345);
  });

  it("renders each account's card as a PDF", async () => {
    const response = await get(owner, "/api/exports/general-ledger?format=pdf&year=2026");
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).join("\n");
    expect(text).toContain("Grootboekkaarten");
    expect(text).toContain("1300 Debiteuren");
    expect(text).toContain("Beginsaldo");
    expect(text).toContain("Eindsaldo");
    expect(text).toContain(invoiceNumbers.old!);
  });
});

describe("GET /api/exports/journal", () => {
  it("lists every entry with its lines in date order, each balanced, cells that look like formulas neutralised", async () => {
    const records = await csv(owner, "/api/exports/journal?format=csv&year=2026");
    const rows = tableAfter(records, "Datum");
    const lines = rows.slice(0, -1);
    const dates = lines.map((row) => row[0]!.split("-").reverse().join("-"));
    expect([...dates].sort()).toEqual(dates);
    const perEntry = new Map<string, number>();
    for (const row of lines) {
      const key = `${row[0]}|${row[1]}|${row[2]}`;
      perEntry.set(key, (perEntry.get(key) ?? 0) + amount(row[7]) - amount(row[8]));
    }
    for (const [key, sum] of perEntry) expect(sum, key).toBe(0);
    expect(lines.some((row) => row[5] === '\'=HYPERLINK("http://x")')).toBe(true);
    expect(lines.some((row) => row[1] === "INK-77" && row[6] === "Drukkerij Zuid")).toBe(true);
    const total = rows.at(-1)!;
    expect(amount(total[7])).toBe(amount(total[8]));
  });

  it("renders as a PDF", async () => {
    const response = await get(owner, "/api/exports/journal?format=pdf&from=2026-01-01&to=2026-06-30");
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).join("\n");
    expect(text).toContain("Journaal");
    expect(text).toContain(invoiceNumbers.paid!);
    expect(text).not.toContain(invoiceNumbers.recent!);
  });

  it("says so when the period has no bookings", async () => {
    const records = await csv(owner, "/api/exports/journal?format=csv&year=2020");
    expect(records.some((record) => record[0] === "Geen boekingen in deze periode.")).toBe(true);
  });
});

describe("GET /api/exports/open-items", () => {
  it("gives the debtors that the invoice list shows as open, per relation, with ageing", async () => {
    const records = await csv(owner, "/api/exports/open-items?format=csv&role=debtors&date=2026-11-20");
    const rows = tableAfter(records, "Relatie");
    const items = rows.filter((row) => row[1] !== "");
    const list = (await get(owner, "/api/invoices")).json() as Array<{
      invoiceNumber: string | null;
      openAmount: string;
      status: string;
    }>;
    const open = list.filter(
      (invoice) => invoice.status !== "draft" && parseAmount(invoice.openAmount) !== 0,
    );
    expect(items.map((row) => row[1]).sort()).toEqual(open.map((invoice) => invoice.invoiceNumber).sort());
    for (const invoice of open) {
      const row = items.find((item) => item[1] === invoice.invoiceNumber)!;
      expect(amount(row[5])).toBe(parseAmount(invoice.openAmount));
    }
    const bucketOf = (number: string) =>
      items
        .find((row) => row[1] === number)!
        .slice(6)
        .findIndex(Boolean);
    expect(bucketOf(invoiceNumbers.notDue!)).toBe(0);
    expect(bucketOf(invoiceNumbers.recent!)).toBe(1);
    expect(bucketOf(invoiceNumbers.old!)).toBe(4);
    expect(rows.some((row) => row[0] === "Totaal Bakkerij Jansen")).toBe(true);
    const total = rows.find((row) => row[0] === "Totaal")!;
    expect(amount(total[5])).toBe(3 * 121_000);
    expect(amount(rows.find((row) => row[0] === "Saldo 1300 Debiteuren")![5])).toBe(3 * 121_000);
  });

  it("gives an earlier date's open items from the books of that date", async () => {
    const records = await csv(owner, "/api/exports/open-items?format=csv&role=debtors&date=2026-02-18");
    const items = tableAfter(records, "Relatie").filter((row) => row[1] !== "");
    // Paid on 20 February: still open on the 18th, two days past due.
    expect(items.map((row) => row[1])).toEqual([invoiceNumbers.paid]);
    expect(items[0]![4]).toBe("2");
  });

  it("gives the creditors that the purchase invoice list shows as open", async () => {
    const records = await csv(owner, "/api/exports/open-items?format=csv&role=creditors&date=2026-11-20");
    const items = tableAfter(records, "Relatie").filter((row) => row[1] !== "");
    const list = (
      (await get(owner, "/api/purchase-invoices?status=open")).json() as {
        items: Array<{ invoiceNumber: string | null; openAmount: string }>;
      }
    ).items;
    expect(list).toHaveLength(1);
    expect(items.map((row) => row[1])).toEqual(list.map((invoice) => invoice.invoiceNumber));
    expect(amount(items[0]![5])).toBe(parseAmount(list[0]!.openAmount));
    // Due 15 October: 36 days on 20 November.
    expect(items[0]![4]).toBe("36");
    expect(items[0]!.slice(6).findIndex(Boolean)).toBe(2);
  });

  it("renders as a PDF", async () => {
    const response = await get(owner, "/api/exports/open-items?format=pdf&role=debtors&date=2026-11-20");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain("openstaande-posten-debiteuren_2026-11-20.pdf");
    const text = (await pdfText(response.rawPayload)).join("\n");
    expect(text).toContain("Openstaande posten debiteuren");
    expect(text).toContain("Bakkerij Jansen");
    expect(text).toContain("> 90 dagen");
  });
});

describe("GET /api/exports/vat-reconciliation", () => {
  it("sets the VAT accounts' balances per period against the return as filed", async () => {
    const records = await csv(owner, "/api/exports/vat-reconciliation?format=csv&year=2026");
    const q1 = records.findIndex((record) => record[0]?.startsWith("Q1 2026"));
    expect(records[q1]![0]).toContain("Ingediend");
    const rows = tableAfter(records.slice(q1), "Rekening");
    const payable = rows.find((row) => row[2] === "5a")!;
    // Q1: the February invoice's € 210,00 VAT, filed as € 210.
    expect(amount(payable[3])).toBe(21_000);
    expect(amount(payable[4])).toBe(21_000);
    expect(amount(payable[5])).toBe(0);
    expect(amount(rows.find((row) => row[2] === "5b")![3])).toBe(0);
    // Filing moved the period's balance to Af te dragen btw.
    expect(amount(rows.find((row) => row[0] === "1790")![3])).toBe(21_000);
    const q2 = records.findIndex((record) => record[0]?.startsWith("Q2 2026"));
    expect(q2).toBeGreaterThan(q1);
  });

  it("renders as a PDF", async () => {
    const response = await get(owner, "/api/exports/vat-reconciliation?format=pdf&year=2026");
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).join("\n");
    expect(text).toContain("Btw-aansluiting");
    expect(text).toContain("Te betalen btw hoog (21%)");
  });
});

describe("a large year", () => {
  it("pages through more lines than one batch holds, each line once and in order", async () => {
    const bulk = await t.signIn();
    const db = t.database.db;
    const count = EXPORT_BATCH_SIZE + 300;
    // Many entries on a few days: the keyset must page inside one day.
    await db.execute(sql`
      insert into transactions (user_id, type, description, date, amount, vat_rate, vat_amount, amount_including_vat)
      select ${bulk.user.id}::uuid, 'expense', 'Bulk ' || n, date '2026-03-01' + (n % 3), 10.00, 21.00, 2.10, 12.10
      from generate_series(1, ${count}) n`);
    await rebuildLedger(db, bulk.user.id);
    const records = await csv(bulk, "/api/exports/journal?format=csv&year=2026");
    const lines = tableAfter(records, "Datum").slice(0, -1);
    // Cost, VAT and bank: three lines per transaction.
    expect(lines).toHaveLength(count * 3);
    const descriptions = new Set(lines.map((row) => `${row[3]}|${row[5]}`));
    expect(descriptions.size).toBe(count * 3);
    const card = tableAfter(
      await csv(bulk, "/api/exports/general-ledger?format=csv&year=2026&account=4590"),
      "Datum",
    );
    expect(card.slice(1, -2)).toHaveLength(count);
    expect(amount(card.at(-1)![7])).toBe(count * 1_000);
  });
});
