/**
 * The XAF audit file, validated with a real XSD validator (xmllint, libxml2-utils) against the official 3.2
 * schema in tests/standards/xaf, and its figures held against the books: a populated 2026 (sales invoice and its
 * credit note, a purchase invoice, bank transactions, a memorial entry, depreciation) after a closed 2025.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { and, between, eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { invoiceBody, issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../../tests/invoices";
import { AUDIT_FILE_MESSAGES } from "../../../shared/schemas/exports";
import { centsToDecimal } from "../../../shared/money";
import { journalLines, transactions } from "../../db/schema/index";
import { rebuildLedger } from "../ledger/posting";
import { listAccountBalances, profitAndLoss } from "../ledger/queries";
import { writeAuditFile } from "./xaf";

const XSD = fileURLToPath(
  new URL("../../../../tests/standards/xaf/XmlAuditfileFinancieel3.2.xsd", import.meta.url),
);

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let folder: string;

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });
const post = async (as: SignedIn, url: string, payload: object | null = {}, status = 200) => {
  const response = await as.request({ method: "POST", url, payload: payload ?? undefined });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

/** xmllint's verdict on the file: the exact output when it fails, so a failure says which element is wrong. */
function validate(xml: string, name: string): string {
  const path = join(folder, name);
  writeFileSync(path, xml);
  const result = spawnSync("xmllint", ["--noout", "--schema", XSD, path], { encoding: "utf8" });
  if (result.error) throw result.error;
  return result.status === 0 ? "valid" : result.stderr;
}

const ARRAYS = new Set([
  "customerSupplier",
  "ledgerAccount",
  "vatCode",
  "period",
  "obLine",
  "journal",
  "transaction",
  "trLine",
  "vat",
]);
const parser = new XMLParser({ parseTagValue: false, isArray: (name) => ARRAYS.has(name) });

type TrLine = {
  nr: string;
  accID: string;
  docRef: string;
  effDate: string;
  desc: string;
  amnt: string;
  amntTp: "D" | "C";
  custSupID?: string;
  invRef?: string;
  vat?: Array<{ vatID: string; vatPerc: string; vatAmnt: string; vatAmntTp: "D" | "C" }>;
};
type Journal = {
  jrnID: string;
  jrnTp: string;
  transaction?: Array<{ nr: string; desc: string; trDt: string; periodNumber: string; trLine: TrLine[] }>;
};
type AuditFile = {
  header: Record<string, string>;
  company: {
    companyIdent?: string;
    companyName: string;
    taxRegIdent: string;
    customersSuppliers?: { customerSupplier: Array<Record<string, string>> };
    generalLedger: {
      ledgerAccount: Array<{ accID: string; accDesc: string; accTp: string; leadCode: string }>;
    };
    vatCodes: { vatCode: Array<{ vatID: string }> };
    periods: { period: Array<{ periodNumber: string }> };
    openingBalance: {
      opBalDate: string;
      linesCount: string;
      totalDebit: string;
      totalCredit: string;
      obLine?: Array<{ accID: string; amnt: string; amntTp: "D" | "C" }>;
    };
    transactions: { linesCount: string; totalDebit: string; totalCredit: string; journal?: Journal[] };
  };
};

const parse = (xml: string) => (parser.parse(xml) as { auditfile: AuditFile }).auditfile;
const cents = (amount: string, side: "D" | "C") => Math.round(Number(amount) * 100) * (side === "C" ? -1 : 1);
const linesOf = (file: AuditFile) =>
  (file.company.transactions.journal ?? []).flatMap((journal) =>
    (journal.transaction ?? []).flatMap((entry) => entry.trLine),
  );

async function download(as: SignedIn, query: string) {
  const response = await get(as, `/api/exports/xaf?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Signed movements per account code: opening balance and journal lines. */
function perAccount(lines: ReadonlyArray<{ accID: string; amnt: string; amntTp: "D" | "C" }>) {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.accID, (sums.get(line.accID) ?? 0) + cents(line.amnt, line.amntTp));
  return sums;
}

const categoryId = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/categories")).json() as Array<{ id: string; name: string }>).find(
    (category) => category.name === name,
  )!.id;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "balans-xaf-"));
  t = await buildTestApp();
  t.now.value = new Date("2026-11-26T10:00:00Z");
  owner = await t.signIn({ createdAt: new Date("2025-01-10T09:00:00Z") });
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id, { tradeName: "De Vries & Zonen <Ontwerp>" });
  await createCompanyProfile(t.database.db, stranger.user.id, { tradeName: "Geheim Bureau" });

  // 2025: turnover and a cost, filed and closed; on 1 January 2026 the result goes to Eigen vermogen.
  await post(
    owner,
    "/api/transactions",
    {
      type: "income",
      description: "Opdracht 2025",
      amount: "1000,00",
      vatRate: "21",
      date: "2025-03-10",
      categoryId: await categoryId(owner, "Omzet"),
    },
    201,
  );
  await post(
    owner,
    "/api/transactions",
    {
      type: "expense",
      description: "Bureaustoel",
      amount: "200,00",
      vatRate: "21",
      date: "2025-06-05",
      categoryId: await categoryId(owner, "Kantoorkosten"),
    },
    201,
  );
  for (const quarter of [1, 2, 3, 4])
    await post(owner, `/api/vat-returns/2025-Q${quarter}/file`, {
      filedOn: "2026-01-20",
      reference: `OB-2025-Q${quarter}`,
    });
  await post(owner, "/api/ledger/years/2025/close");

  // 2026: a sales invoice and its credit note, a purchase invoice, bank lines, a memorial entry, an asset.
  const client = await createClientRecord(t.database.db, owner.user.id, { name: "Bakkerij De Korenschoof" });
  const sale = await issuedInvoice(
    owner,
    invoiceBody(client.id, {
      issueDate: "2026-02-10",
      dueDate: "2026-02-24",
      items: ONE_LINE,
      ...ONE_LINE_TOTALS,
    }),
  );
  await post(owner, `/api/invoices/${sale.id}/credit`, { issueDate: "2026-02-20" }, 201);
  await issuedInvoice(owner, invoiceBody(client.id, { issueDate: "2026-05-12", dueDate: "2026-05-26" }));
  const purchase = {
    supplierName: "Groothandel Jansen",
    invoiceNumber: "2026-0042",
    invoiceDate: "2026-04-10",
    dueDate: "2026-05-10",
    lines: [
      { vatRate: 21, netAmount: "100,00", vatAmount: "21,00", categoryId: await categoryId(owner, "Inkoop") },
    ],
  };
  const draft = await post(owner, "/api/purchase-invoices", purchase, 201);
  await post(owner, `/api/purchase-invoices/${draft.id}/book`, purchase);
  await post(
    owner,
    "/api/transactions",
    {
      type: "income",
      description: "Losse opdracht",
      amount: "500,00",
      vatRate: "9",
      date: "2026-04-15",
      categoryId: await categoryId(owner, "Omzet"),
    },
    201,
  );
  await post(
    owner,
    "/api/transactions",
    {
      type: "expense",
      description: "Telefoonabonnement",
      amount: "40,00",
      vatRate: "21",
      date: "2026-06-01",
      categoryId: await categoryId(owner, "Telefoon en internet"),
    },
    201,
  );
  const accounts = await listAccountBalances(t.database.db, owner.user.id, { date: "2026-12-31" });
  const byCode = (code: string) => accounts.find((account) => account.code === code)!.id;
  await post(
    owner,
    "/api/memorial-entries",
    {
      date: "2026-06-30",
      description: "Correctie kantoorkosten naar software",
      lines: [
        { ledgerAccountId: byCode("4210"), amount: "25,00" },
        { ledgerAccountId: byCode("4200"), amount: "-25,00" },
      ],
    },
    201,
  );
  // Privégebruik (1d): goods taken home, € 100 out of the costs with € 21 VAT.
  await post(
    owner,
    "/api/memorial-entries",
    {
      date: "2026-07-01",
      description: "Printer privé",
      vatRubriek: "1d",
      lines: [
        { ledgerAccountId: byCode("0510"), amount: "121,00" },
        { ledgerAccountId: byCode("4590"), amount: "-100,00" },
        { ledgerAccountId: byCode("1710"), amount: "-21,00" },
      ],
    },
    201,
  );
  await post(
    owner,
    "/api/fixed-assets",
    { name: "Laptop", purchaseDate: "2026-03-15", cost: "1.200,00", usefulLifeMonths: 36 },
    201,
  );

  // The stranger's own books, which must never show up in the owner's file.
  await post(
    stranger,
    "/api/transactions",
    {
      type: "income",
      description: "Geheime opdracht",
      amount: "777,00",
      vatRate: "21",
      date: "2026-03-03",
      categoryId: await categoryId(stranger, "Omzet"),
    },
    201,
  );
});

afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("GET /api/exports/xaf", () => {
  it("answers a fiscal year as a downloadable XAF 3.2 file that the official XSD accepts", async () => {
    const response = await download(owner, "year=2026");
    expect(response.headers["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="auditfile-2026.xaf"');
    expect(validate(response.body, "2026.xaf")).toBe("valid");

    const file = parse(response.body);
    expect(file.header).toMatchObject({
      fiscalYear: "2026",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      curCode: "EUR",
      dateCreated: "2026-11-26",
      softwareDesc: "Balans",
    });
    expect(file.company).toMatchObject({
      companyIdent: "87654321",
      companyName: "De Vries & Zonen <Ontwerp>",
      taxRegIdent: "NL000099998B57",
    });
    expect(file.company.periods.period).toHaveLength(12);
    expect(file.company.generalLedger.ledgerAccount).toContainEqual(
      expect.objectContaining({ accID: "1300", accDesc: "Debiteuren", accTp: "B", leadCode: "BVorDebHad" }),
    );
    expect(file.company.generalLedger.ledgerAccount).toContainEqual(
      expect.objectContaining({ accID: "8000", accTp: "P", leadCode: "WOmzNodOdh" }),
    );
    const journals = file.company.transactions.journal!.map((journal) => [journal.jrnID, journal.jrnTp]);
    expect(journals).toEqual([
      ["VERKOOP", "S"],
      ["INKOOP", "P"],
      ["BANK", "B"],
      ["MEMORIAAL", "M"],
      ["AFSCHRIJVING", "M"],
      ["JAARAFSLUITING", "M"],
    ]);
  });

  it("holds the ledger's totals: debit equals credit, and the lines are the journal's lines of the year", async () => {
    const file = parse((await download(owner, "year=2026")).body);
    const { linesCount, totalDebit, totalCredit } = file.company.transactions;
    expect(totalDebit).toBe(totalCredit);
    const lines = linesOf(file);
    expect(lines).toHaveLength(Number(linesCount));
    const debit = lines
      .filter((line) => line.amntTp === "D")
      .reduce((sum, line) => sum + cents(line.amnt, "D"), 0);
    expect(centsToDecimal(debit)).toBe(totalDebit);

    const journal = await t.database.db
      .select({ amount: journalLines.amount })
      .from(journalLines)
      .where(
        and(eq(journalLines.userId, owner.user.id), between(journalLines.date, "2026-01-01", "2026-12-31")),
      );
    expect(journal).toHaveLength(lines.length);
    const ledgerDebit = journal.reduce(
      (sum, row) => sum + Math.max(0, Math.round(Number(row.amount) * 100)),
      0,
    );
    expect(totalDebit).toBe(centsToDecimal(ledgerDebit));

    // Opening balance plus the year's lines is every account's balance at the end of the year (P&L: the year).
    const opening = file.company.openingBalance;
    const movements = perAccount([...(opening.obLine ?? []), ...lines]);
    const closing = await listAccountBalances(t.database.db, owner.user.id, { date: "2026-12-31" });
    const year = await profitAndLoss(t.database.db, owner.user.id, { from: "2026-01-01", to: "2026-12-31" });
    const yearMovement = new Map([
      ...year.revenue.map((line) => [line.code, -line.amountCents] as const),
      ...year.expenses.map((line) => [line.code, line.amountCents] as const),
    ]);
    const before = await profitAndLoss(t.database.db, owner.user.id, {
      from: "0001-01-01",
      to: "2025-12-31",
    });
    for (const account of closing) {
      const expected =
        account.kind === "revenue" || account.kind === "expense"
          ? (yearMovement.get(account.code) ?? 0)
          : account.systemKey === "closed_results"
            ? // Earlier years' results open on Verwerkte resultaten; the closing entry clears them.
              account.balanceCents - before.netProfitCents
            : account.balanceCents;
      expect(movements.get(account.code) ?? 0, account.code).toBe(expected);
    }
  });

  it("opens with the previous year's closing balances, the closing entry of 1 January counted once", async () => {
    const file = parse((await download(owner, "year=2026")).body);
    const opening = file.company.openingBalance;
    expect(opening.opBalDate).toBe("2026-01-01");
    expect(opening.totalDebit).toBe(opening.totalCredit);
    expect(opening.obLine).toHaveLength(Number(opening.linesCount));
    const obLines = perAccount(opening.obLine ?? []);

    const closing2025 = await listAccountBalances(t.database.db, owner.user.id, { date: "2025-12-31" });
    const result2025 = await profitAndLoss(t.database.db, owner.user.id, {
      from: "2025-01-01",
      to: "2025-12-31",
    });
    expect(result2025.netProfitCents).toBe(80_000);
    for (const account of closing2025) {
      if (account.kind === "revenue" || account.kind === "expense")
        expect(obLines.has(account.code)).toBe(false);
      else if (account.systemKey === "closed_results")
        // The year's unclosed result: its credit, on the account the closing entry clears.
        expect(obLines.get(account.code), account.code).toBe(
          account.balanceCents - result2025.netProfitCents,
        );
      else expect(obLines.get(account.code) ?? 0, account.code).toBe(account.balanceCents);
    }
    // Eigen vermogen opens at its 2025 balance; the € 800 result arrives once, as the 1 January closing entry.
    const equity = closing2025.find((account) => account.systemKey === "equity")!;
    expect(obLines.get(equity.code) ?? 0).toBe(equity.balanceCents);
    const closingEntries = file.company.transactions.journal!.find(
      (journal) => journal.jrnID === "JAARAFSLUITING",
    )!;
    expect(closingEntries.transaction).toHaveLength(1);
    expect(closingEntries.transaction![0]!.trDt).toBe("2026-01-01");
    const equityLine = closingEntries.transaction![0]!.trLine.find((line) => line.accID === equity.code)!;
    expect(cents(equityLine.amnt, equityLine.amntTp)).toBe(-80_000);
    const cleared = closingEntries.transaction![0]!.trLine.find((line) => line.accID === "0590")!;
    expect(cents(cleared.amnt, cleared.amntTp)).toBe(80_000);
  });

  it("names the relations the entries refer to, with VAT on the lines", async () => {
    const file = parse((await download(owner, "year=2026")).body);
    const relations = file.company.customersSuppliers!.customerSupplier;
    const client = relations.find((relation) => relation.custSupName === "Bakkerij De Korenschoof")!;
    expect(client).toMatchObject({ custSupTp: "C", taxRegIdent: "NL123456789B01", commerceNr: "12345678" });
    const supplier = relations.find((relation) => relation.custSupName === "Groothandel Jansen")!;
    expect(supplier.custSupTp).toBe("S");

    const sales = file.company.transactions.journal!.find(
      (journal) => journal.jrnID === "VERKOOP",
    )!.transaction!;
    expect(sales).toHaveLength(3);
    const first = sales[0]!;
    expect(first.trDt).toBe("2026-02-10");
    expect(first.trLine.every((line) => line.custSupID === client.custSupID)).toBe(true);
    const revenue = first.trLine.find((line) => line.accID === "8000")!;
    expect(revenue).toMatchObject({ amnt: "1000.00", amntTp: "C", invRef: first.trLine[0]!.docRef });
    expect(revenue.vat).toEqual([{ vatID: "1a", vatPerc: "21.00", vatAmnt: "210.00", vatAmntTp: "C" }]);
    // The credit note reverses it.
    const credit = sales[1]!.trLine.find((line) => line.accID === "8000")!;
    expect(credit).toMatchObject({ amnt: "1000.00", amntTp: "D" });
    expect(credit.vat![0]).toMatchObject({ vatID: "1a", vatAmnt: "210.00", vatAmntTp: "D" });

    const purchases = file.company.transactions.journal!.find(
      (journal) => journal.jrnID === "INKOOP",
    )!.transaction!;
    const voorbelasting = purchases[0]!.trLine.find((line) => line.accID === "1510")!;
    expect(voorbelasting).toMatchObject({ custSupID: supplier.custSupID, invRef: "2026-0042" });
    expect(voorbelasting.vat).toEqual([{ vatID: "5b", vatPerc: "21.00", vatAmnt: "21.00", vatAmntTp: "D" }]);
    const memorial = file.company.transactions.journal!.find((journal) => journal.jrnID === "MEMORIAAL")!;
    expect(memorial.transaction![0]!.trLine[0]!.docRef).toBe("Memoriaal 1");
    // Privégebruik: the value taken out carries 1d's VAT, at the rate the entry implies.
    const privateUse = memorial.transaction![1]!.trLine.find((line) => line.accID === "4590")!;
    expect(privateUse.vat).toEqual([{ vatID: "1d", vatPerc: "21.00", vatAmnt: "21.00", vatAmntTp: "C" }]);
  });

  it("answers a chosen period within the year, opening with the balances of the day before", async () => {
    const response = await download(owner, "from=2026-04-01&to=2026-06-30");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="auditfile-2026-04-01_2026-06-30.xaf"',
    );
    expect(validate(response.body, "q2.xaf")).toBe("valid");
    const file = parse(response.body);
    expect(file.header).toMatchObject({ fiscalYear: "2026", startDate: "2026-04-01", endDate: "2026-06-30" });
    expect(file.company.openingBalance.totalDebit).toBe(file.company.openingBalance.totalCredit);
    expect(linesOf(file).every((line) => line.effDate >= "2026-04-01" && line.effDate <= "2026-06-30")).toBe(
      true,
    );
    // Opening plus the quarter's lines: the balance sheet accounts at the end of June.
    const movements = perAccount([...(file.company.openingBalance.obLine ?? []), ...linesOf(file)]);
    const june = await listAccountBalances(t.database.db, owner.user.id, { date: "2026-06-30" });
    for (const account of june.filter(
      (row) => row.kind !== "revenue" && row.kind !== "expense" && row.systemKey !== "closed_results",
    ))
      expect(movements.get(account.code) ?? 0, account.code).toBe(account.balanceCents);
  });

  it("writes a valid file for a year without bookings", async () => {
    const fresh = await t.signIn();
    const response = await download(fresh, "year=2024");
    expect(validate(response.body, "empty.xaf")).toBe("valid");
    const file = parse(response.body);
    expect(file.company.transactions).toMatchObject({
      linesCount: "0",
      totalDebit: "0.00",
      totalCredit: "0.00",
    });
    expect(file.company.openingBalance.linesCount).toBe("0");
    // No company data in Settings: the name the account was registered with.
    expect(file.company.companyName).toBe("De Vries Ontwerp");
  });

  it("never includes another user's data", async () => {
    const mine = (await download(owner, "year=2026")).body;
    expect(mine).not.toContain("Geheime opdracht");
    expect(mine).not.toContain("777.00");
    expect(mine).not.toContain("Geheim Bureau");
    const theirs = (await download(stranger, "year=2026")).body;
    expect(validate(theirs, "stranger.xaf")).toBe("valid");
    for (const text of [
      "Korenschoof",
      "Groothandel Jansen",
      "Telefoonabonnement",
      "Memoriaal",
      "De Vries &amp; Zonen",
    ])
      expect(theirs).not.toContain(text);
    expect(parse(theirs).company.transactions.linesCount).toBe("3");
  });

  it.each([
    ["", "year", AUDIT_FILE_MESSAGES.periodRequired],
    ["year=twintig", "year", AUDIT_FILE_MESSAGES.year],
    ["year=1999", "year", AUDIT_FILE_MESSAGES.year],
    ["year=2026&from=2026-01-01", "year", AUDIT_FILE_MESSAGES.yearOrPeriod],
    ["from=2026-01-01", "to", AUDIT_FILE_MESSAGES.toRequired],
    ["to=2026-03-31", "from", AUDIT_FILE_MESSAGES.fromRequired],
    ["from=2026-02-30&to=2026-03-31", "from", AUDIT_FILE_MESSAGES.invalidDate],
    ["from=2026-01-01&to=31-03-2026", "to", AUDIT_FILE_MESSAGES.invalidDate],
    ["from=2026-03-31&to=2026-01-01", "to", AUDIT_FILE_MESSAGES.toBeforeFrom],
    ["from=2025-12-01&to=2026-01-31", "to", AUDIT_FILE_MESSAGES.oneYear],
  ])("refuses ?%s with a Dutch message", async (query, field, message) => {
    const response = await get(owner, `/api/exports/xaf?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, fieldErrors: { [field]: message } });
  });

  it("answers 401 when signed out", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/exports/xaf?year=2026" });
    expect(response.statusCode).toBe(401);
  });
});

describe("writeAuditFile", () => {
  it("streams a large year in chunks, reading the journal in batches of whole entries", async () => {
    const user = await t.signIn();
    const rows = Array.from({ length: 2500 }, (_, index) => ({
      userId: user.user.id,
      type: index % 3 === 0 ? ("income" as const) : ("expense" as const),
      description: `Mutatie ${index + 1}`,
      // 900 on one day (2,700 lines, more than a batch): that day is read in pages of its own.
      date:
        index < 900
          ? "2026-07-01"
          : `2026-${String((index % 12) + 1).padStart(2, "0")}-${String((index % 28) + 1).padStart(2, "0")}`,
      amount: "100.00",
      vatRate: "21.00",
      vatAmount: "21.00",
      amountIncludingVat: "121.00",
    }));
    await t.database.db.insert(transactions).values(rows);
    await rebuildLedger(t.database.db, user.user.id, { today: "2026-11-26" });

    const chunks: string[] = [];
    const period = { fiscalYear: 2026, from: "2026-01-01", to: "2026-12-31", isYear: true };
    for await (const chunk of writeAuditFile(
      t.database.db,
      { userId: user.user.id, fallbackName: "Test" },
      period,
      t.now.value,
    ))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(80 * 1024);
    const xml = chunks.join("");
    expect(validate(xml, "large.xaf")).toBe("valid");
    const file = parse(xml);
    const entries = file.company.transactions.journal![0]!.transaction!;
    expect(entries).toHaveLength(2500);
    expect(new Set(entries.map((entry) => entry.trLine[0]!.docRef)).size).toBe(2500);
    expect(file.company.transactions.linesCount).toBe(String(2500 * 3));
    expect(file.company.transactions.totalDebit).toBe(file.company.transactions.totalCredit);
  });

  it("writes the same file whatever the page size, each entry with its own relation and document", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const client = await createClientRecord(t.database.db, user.user.id, { name: "Drukkerij Het Anker" });
    const sale = await issuedInvoice(
      user,
      invoiceBody(client.id, { issueDate: "2026-03-02", dueDate: "2026-03-16" }),
    );
    const purchase = {
      supplierName: "Papierhandel Smit",
      invoiceNumber: "PS-7",
      invoiceDate: "2026-03-05",
      dueDate: "2026-04-05",
      lines: [
        { vatRate: 21, netAmount: "50,00", vatAmount: "10,50", categoryId: await categoryId(user, "Inkoop") },
      ],
    };
    const draft = await post(user, "/api/purchase-invoices", purchase, 201);
    await post(user, `/api/purchase-invoices/${draft.id}/book`, purchase);
    // Bank lines on one day, paying the invoice and the purchase invoice, between lines that pay neither.
    const bankLine = (description: string, type: "income" | "expense", link: object = {}) => ({
      userId: user.user.id,
      type,
      description,
      date: "2026-03-20",
      amount: "60.50",
      vatRate: "0.00",
      vatAmount: "0.00",
      amountIncludingVat: "60.50",
      ...link,
    });
    await t.database.db
      .insert(transactions)
      .values([
        bankLine("Kantoorartikelen", "expense"),
        bankLine("Betaling factuur Het Anker", "income", { invoiceId: sale.id }),
        bankLine("Parkeren", "expense"),
        bankLine("Betaling Papierhandel Smit", "expense", { purchaseInvoiceId: draft.id }),
        bankLine("Rente", "income"),
      ]);
    await rebuildLedger(t.database.db, user.user.id, { today: "2026-11-26" });

    const write = async (batchLines?: number) => {
      const chunks: string[] = [];
      const period = { fiscalYear: 2026, from: "2026-01-01", to: "2026-12-31", isYear: true };
      for await (const chunk of writeAuditFile(
        t.database.db,
        { userId: user.user.id, fallbackName: "Test" },
        period,
        t.now.value,
        batchLines === undefined ? {} : { batchLines },
      ))
        chunks.push(chunk);
      return chunks.join("");
    };
    const whole = await write();
    expect(validate(whole, "pages.xaf")).toBe("valid");
    // One line a page: every page ends inside an entry, which is then read on its own.
    for (const batchLines of [1, 2, 3, 4, 7]) expect(await write(batchLines), String(batchLines)).toBe(whole);

    const file = parse(whole);
    const relations = file.company.customersSuppliers!.customerSupplier;
    const anker = relations.find((relation) => relation.custSupName === "Drukkerij Het Anker")!;
    const smit = relations.find((relation) => relation.custSupName === "Papierhandel Smit")!;
    const bank = file.company.transactions.journal!.find((journal) => journal.jrnID === "BANK")!.transaction!;
    expect(bank).toHaveLength(5);
    const entry = (desc: string) => bank.find((candidate) => candidate.desc === desc)!.trLine;
    expect(entry("Betaling factuur Het Anker").every((line) => line.custSupID === anker.custSupID)).toBe(
      true,
    );
    expect(entry("Betaling Papierhandel Smit").every((line) => line.custSupID === smit.custSupID)).toBe(true);
    for (const desc of ["Kantoorartikelen", "Parkeren", "Rente"])
      expect(entry(desc).every((line) => line.custSupID === undefined && line.invRef === undefined)).toBe(
        true,
      );
    const sales = file.company.transactions.journal!.find(
      (journal) => journal.jrnID === "VERKOOP",
    )!.transaction!;
    expect(sales[0]!.trLine.every((line) => line.invRef === sale.invoiceNumber)).toBe(true);
    const purchases = file.company.transactions.journal!.find((journal) => journal.jrnID === "INKOOP")!;
    expect(purchases.transaction![0]!.trLine.every((line) => line.custSupID === smit.custSupID)).toBe(true);
  });
});
