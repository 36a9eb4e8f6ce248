import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../../../shared/format";
import { centsToDecimal } from "../../../shared/money";
import { splitVatIncluded } from "../../../shared/vat";
import type { BankLine, BankRule } from "../../../shared/schemas/bank-statements";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import type { VatReturnAnswer } from "../../../shared/schemas/vat-returns";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { bankLines, camt053, importFile, imported, lineWith, mt940 } from "../../../../tests/bank";
import { expectEveryEntryBalanced } from "../../../../tests/books";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  invoiceBody,
  issuedInvoice,
  ONE_LINE,
  ONE_LINE_TOTALS,
  postJson as post,
} from "../../../../tests/invoices";

let t: TestApp;

const OWN_IBAN = "NL91ABNA0417164300";
const SAVINGS_IBAN = "NL02ABNA0123456789";
const CLIENT_IBAN = "NL44RABO0123456789";

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-30T10:00:00Z");
});
afterAll(() => t.close());

const get = (as: SignedIn, url: string) => as.request({ method: "GET", url });

/** A user with company data, a client with an IBAN and the main account's IBAN set. */
async function freelancer() {
  const user = await t.signIn();
  await createCompanyProfile(t.database.db, user.user.id);
  const client = await createClientRecord(t.database.db, user.user.id, { iban: CLIENT_IBAN });
  const accounts = (await get(user, "/api/bank-accounts")).json() as Array<{ id: string; name: string }>;
  const main = accounts[0]!;
  const updated = await user.request({
    method: "PUT",
    url: `/api/bank-accounts/${main.id}`,
    payload: { name: "Zakelijk", iban: OWN_IBAN, openingBalance: "1000,00", openingDate: "2026-01-01" },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { user, clientId: client.id, accountId: main.id };
}

/** An issued invoice of € 1.210,00 dated 20 November. */
const invoiceOf = (as: SignedIn, clientId: string, overrides: object = {}) =>
  issuedInvoice(as, invoiceBody(clientId, { items: ONE_LINE, ...ONE_LINE_TOTALS, ...overrides }));

const invoice = async (as: SignedIn, id: string): Promise<InvoiceDetail> =>
  (await get(as, `/api/invoices/${id}`)).json();

const accountBalance = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/ledger/accounts")).json() as Array<{ name: string; balance: string }>).find(
    (row) => row.name === name,
  )?.balance;

const book = (as: SignedIn, lineId: string, payload: object) =>
  post(as, `/api/bank-lines/${lineId}/book`, payload);

const categoryId = async (as: SignedIn, name: string) =>
  ((await get(as, "/api/categories")).json() as Array<{ id: string; name: string }>).find(
    (category) => category.name === name,
  )!.id;

describe("POST /api/bank-statements/import", () => {
  it("imports a CAMT.053 statement: the exact payment of an invoice is matched at once, the rest waits", async () => {
    const { user, clientId } = await freelancer();
    const sale = await invoiceOf(user, clientId);
    const file = camt053({
      iban: OWN_IBAN,
      opening: "1000.00",
      id: "NOV-1",
      entries: [
        {
          date: "2026-11-24",
          amount: "1210.00",
          name: "Bakkerij De Korenschoof",
          iban: CLIENT_IBAN,
          text: `Factuur ${sale.invoiceNumber}`,
        },
        {
          date: "2026-11-25",
          amount: "-121.00",
          name: "Kantoorhandel BV",
          iban: "NL20INGB0001234567",
          text: "Bureaustoel",
        },
        { date: "2026-11-26", amount: "0.00", name: "Bank", text: "Rente 0" },
      ],
    });
    const answer = await imported(user, file);
    expect(answer).toMatchObject({
      formatLabel: expect.stringContaining("CAMT.053"),
      read: 3,
      new: 3,
      known: 0,
      matched: 1,
      toHandle: 2,
    });
    expect((await invoice(user, sale.id)).status).toBe("paid");
    // The payment is the bank line: Bank + 1.210, Debiteuren settled, no revenue twice.
    expect(await accountBalance(user, "Debiteuren")).toBe("0.00");
    const open = await bankLines(user, "open");
    expect(open.map((line) => line.amount).sort()).toEqual(["-121.00", "0.00"]);
    const booked = lineWith(await bankLines(user, "booked"), "Bakkerij");
    expect(booked).toMatchObject({ booking: "invoices", bookedAs: `Betaling factuur ${sale.invoiceNumber}` });
    // The bank's closing balance = the books' balance + what is still to handle.
    const [balances] = (await get(user, "/api/bank-statements/balances")).json();
    expect(balances).toMatchObject({
      name: "Zakelijk",
      bankBalance: "2089.00",
      bankBalanceDate: "2026-11-26",
      booksBalance: "2210.00",
      unhandled: "-121.00",
      difference: "0.00",
    });
    expect((await get(user, "/api/bank-statements")).json()).toEqual([
      expect.objectContaining({ statementNumber: "NOV-1", closingBalance: "2089.00", newLines: 3 }),
    ]);
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("adds nothing when the same file comes again, and only the new lines of an overlapping one", async () => {
    const { user } = await freelancer();
    const first = camt053({
      iban: OWN_IBAN,
      opening: "1000.00",
      id: "NOV-A",
      entries: [
        { date: "2026-11-02", amount: "-10.00", name: "Koffiebar", text: "Koffie" },
        { date: "2026-11-02", amount: "-10.00", name: "Koffiebar", text: "Koffie" },
        { date: "2026-11-03", amount: "-45.50", name: "NS", text: "Reis" },
      ],
    });
    expect(await imported(user, first)).toMatchObject({ read: 3, new: 3, known: 0 });
    expect(await imported(user, first)).toMatchObject({ read: 3, new: 0, known: 3, warnings: [] });
    // Another export of the bank: its own references, the same lines by content.
    const overlapping = camt053({
      iban: OWN_IBAN,
      opening: "944.50",
      id: "NOV-B",
      entries: [
        { date: "2026-11-03", amount: "-45.50", name: "NS", text: "Reis" },
        { date: "2026-11-04", amount: "250.00", name: "Klant", text: "Voorschot" },
      ],
    });
    expect(await imported(user, overlapping)).toMatchObject({ read: 2, new: 1, known: 1 });
    expect(await bankLines(user)).toHaveLength(4);
  });

  it("warns when a statement's opening balance does not continue the previous one", async () => {
    const { user } = await freelancer();
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "100.00",
        id: "A",
        entries: [{ date: "2026-11-02", amount: "-10.00", text: "a" }],
      }),
    );
    const gap = await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "50.00",
        id: "B",
        entries: [{ date: "2026-11-09", amount: "-5.00", text: "b" }],
      }),
    );
    expect(gap.warnings).toEqual([
      `Afschrift B (Zakelijk): het beginsaldo ${formatEuro(5000)} sluit niet aan op het eindsaldo ${formatEuro(9000)} van het vorige afschrift; verschil ${formatEuro(-4000)}. Mist er een afschrift?`,
    ]);
  });

  it("asks before adding an account for an IBAN that is not the user's, and stores nothing", async () => {
    const { user } = await freelancer();
    const file = camt053({
      iban: SAVINGS_IBAN,
      opening: "0",
      entries: [{ date: "2026-11-02", amount: "5.00", text: "Rente" }],
    });
    const { statusCode, answer } = await importFile(user, file);
    expect(statusCode).toBe(200);
    expect(answer).toEqual({
      status: "unknown-account",
      formatLabel: expect.any(String),
      ibans: [SAVINGS_IBAN],
    });
    expect(await bankLines(user)).toEqual([]);
  });

  it("refuses a file of an unknown format, an empty file and a corrupt CAMT with a Dutch message", async () => {
    const { user } = await freelancer();
    const unknown = await importFile(user, "Dit is geen bankafschrift\nmaar een boodschappenlijst\n");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.answer.message).toMatch(/^Dit bestand/);
    const empty = await importFile(user, "");
    expect(empty).toMatchObject({ statusCode: 400, answer: { message: "Het bestand is leeg." } });
    const file = camt053({
      iban: OWN_IBAN,
      opening: "0",
      entries: [{ date: "2026-11-02", amount: "5.00", text: "x" }],
    });
    const corrupt = await importFile(user, file.slice(0, file.length / 2));
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.answer.message).toMatch(/regel \d+/);
    expect(await bankLines(user)).toEqual([]);
  });
});

describe("other formats", () => {
  it("imports an ING MT940 with its structured :86: details", async () => {
    const { user } = await freelancer();
    const answer = await imported(
      user,
      mt940({
        iban: OWN_IBAN,
        opening: "100.00",
        entries: [
          {
            date: "2026-11-02",
            amount: "-45.50",
            name: "Kantoorboekhandel Het Spui",
            iban: "NL71INGB0009876543",
            text: "Pasbetaling Kantoorboekhandel Het Spui Amsterdam, schriften en pennen",
          },
          {
            date: "2026-11-03",
            amount: "250.00",
            name: "Jansen & Zn",
            iban: CLIENT_IBAN,
            reference: "RF18539007547034",
          },
        ],
      }),
    );
    expect(answer).toMatchObject({ formatLabel: "MT940 (ING)", read: 2, new: 2 });
    const lines = await bankLines(user);
    expect(lineWith(lines, "Het Spui")).toMatchObject({
      amount: "-45.50",
      counterpartyIban: "NL71INGB0009876543",
      description: "Pasbetaling Kantoorboekhandel Het Spui Amsterdam, schriften en pennen",
    });
    expect(lineWith(lines, "Jansen")).toMatchObject({ amount: "250.00", reference: "RF18539007547034" });
  });

  it("asks what to do with rows it cannot read: the good ones, or none", async () => {
    const { user } = await freelancer();
    const header =
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"';
    const row = (date: string, name: string, amount: string) =>
      `"${date}";"${name}";"${OWN_IBAN}";"NL20INGB0001234567";"GT";"Af";"${amount}";"Online bankieren";"Naam: ${name} Valutadatum: 04-11-2026";"100,00";""`;
    const file = [
      header,
      row("20261104", "Drukkerij", "12,50"),
      row("20261131", "Kapot", "1,00"),
      row("20261103", "Koffie", "3,10"),
    ].join("\r\n");
    const first = await importFile(user, file);
    expect(first.statusCode).toBe(200);
    expect(first.answer).toMatchObject({
      status: "needs-choice",
      readable: 2,
      rowErrors: [{ row: 3, message: expect.stringContaining("20261131") }],
    });
    expect(await bankLines(user)).toEqual([]);
    const good = await imported(user, file, "&skipBadRows=true");
    expect(good).toMatchObject({ formatLabel: "ING (CSV)", read: 2, new: 2, rowErrors: [{ row: 3 }] });
    expect((await bankLines(user)).map((line) => line.amount).sort()).toEqual(["-12.50", "-3.10"]);
    // The lines are the user's personal data too (AVG art. 15 and 20).
    const exported = (await get(user, "/api/privacy/export")).json();
    expect(
      exported.bankStatementLines.map((line: { counterpartyName: string }) => line.counterpartyName).sort(),
    ).toEqual(["Drukkerij", "Koffie"]);
    expect(exported.bankStatements).toHaveLength(1);
  });
});

describe("one computation", () => {
  it("after booking bank lines the VAT return, the profit and loss, the dashboard and the bank balance agree", async () => {
    const { user } = await freelancer();
    // Amounts and rates chosen so rounding matters: VAT included in odd cents.
    const bookings: Array<[string, number, string]> = [
      ["-9.99", 21, "Kantoorkosten"],
      ["-10.01", 9, "Representatie"],
      ["-33.33", 21, "Software en abonnementen"],
      ["-7.00", 0, "Bankkosten"],
      ["121.00", 21, "Omzet"],
      ["54.51", 9, "Omzet"],
      ["12.34", 0, "Rente"],
    ];
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "1000.00",
        entries: bookings.map(([amount], index) => ({
          date: `2026-11-${String(index + 2).padStart(2, "0")}`,
          amount,
          name: `Partij ${index}`,
          text: `Regel ${index}`,
        })),
      }),
    );
    const open = await bankLines(user, "open");
    for (const [index, [, vatRate, category]] of bookings.entries()) {
      const line = lineWith(open, `Regel ${index}`);
      const response = await book(user, line.id, {
        kind: "category",
        categoryId: await categoryId(user, category),
        vatRate,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const split = bookings.map(([amount, rate]) => ({
      cents: Math.round(Number(amount) * 100),
      ...splitVatIncluded(Math.abs(Math.round(Number(amount) * 100)), rate * 100),
      rate,
    }));
    const sum = (pick: (row: (typeof split)[number]) => number) =>
      split.reduce((total, row) => total + pick(row), 0);
    const vatReturn: VatReturnAnswer = (await get(user, "/api/vat-returns/2026-Q4")).json();
    const rubriek = (code: string) => vatReturn.rubrieken.find((row) => row.code === code)!;
    expect(rubriek("1a").vat).toBe(
      centsToDecimal(sum((row) => (row.cents > 0 && row.rate === 21 ? row.vatAmount : 0))),
    );
    expect(rubriek("1b").vat).toBe(
      centsToDecimal(sum((row) => (row.cents > 0 && row.rate === 9 ? row.vatAmount : 0))),
    );
    expect(rubriek("5b").vat).toBe(centsToDecimal(sum((row) => (row.cents < 0 ? row.vatAmount : 0))));
    const profit = (await get(user, "/api/ledger/profit-and-loss?from=2026-11-01&to=2026-11-30")).json();
    const revenue = sum((row) => (row.cents > 0 ? row.amount : 0));
    const expenses = sum((row) => (row.cents < 0 ? row.amount : 0));
    expect(profit).toMatchObject({
      totalRevenue: centsToDecimal(revenue),
      totalExpenses: centsToDecimal(expenses),
    });
    const dashboard = (await get(user, "/api/dashboard/metrics?period=quarter")).json();
    expect(dashboard).toMatchObject({
      totalRevenue: centsToDecimal(revenue),
      totalExpenses: centsToDecimal(expenses),
      bankLinesToHandle: 0,
    });
    const [balances] = (await get(user, "/api/bank-statements/balances")).json();
    expect(balances).toMatchObject({
      bankBalance: centsToDecimal(100_000 + sum((row) => row.cents)),
      difference: "0.00",
    });
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });
});

describe("booking bank lines", () => {
  it("books a cost with the VAT included: € 121 at 21% is € 100 cost and € 21 to reclaim (5b)", async () => {
    const { user } = await freelancer();
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [{ date: "2026-11-05", amount: "-121.00", name: "Kantoorhandel BV", text: "Bureaustoel" }],
      }),
    );
    const line = (await bankLines(user, "open"))[0]!;
    const response = await book(user, line.id, {
      kind: "category",
      categoryId: await categoryId(user, "Kantoorkosten"),
      vatRate: 21,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      booking: "category",
      bookedAs: "Kantoorkosten, 21% btw",
      proposal: null,
    });
    const vat: VatReturnAnswer = (await get(user, "/api/vat-returns/2026-Q4")).json();
    expect(vat.rubrieken.find((rubriek) => rubriek.code === "5b")?.vat).toBe("21.00");
    expect(await accountBalance(user, "Kantoorkosten")).toBe("100.00");
    // The transactions list shows it, and it can only change through the line.
    const transactions = (await get(user, "/api/transactions")).json() as Array<{
      id: string;
      amountIncludingVat: string;
    }>;
    expect(transactions.map((row) => row.amountIncludingVat)).toEqual(["121.00"]);
    const removal = await user.request({ method: "DELETE", url: `/api/transactions/${transactions[0]!.id}` });
    expect(removal.statusCode).toBe(409);
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("matches a partial payment, then books the rest with a small difference written off", async () => {
    const { user, clientId } = await freelancer();
    const sale = await invoiceOf(user, clientId);
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [
          {
            date: "2026-11-24",
            amount: "600.00",
            name: "Korenschoof",
            iban: CLIENT_IBAN,
            text: `Deel ${sale.invoiceNumber}`,
          },
          {
            date: "2026-11-27",
            amount: "607.50",
            name: "Korenschoof",
            iban: CLIENT_IBAN,
            text: `Rest ${sale.invoiceNumber}`,
          },
        ],
      }),
    );
    const lines = await bankLines(user, "open");
    const partial = lineWith(lines, "Deel");
    expect(partial.proposal).toMatchObject({
      kind: "invoices",
      certain: false,
      payments: [{ invoiceId: sale.id, amount: "600.00" }],
    });
    expect((await post(user, "/api/bank-lines/accept", { ids: [partial.id] })).json()).toEqual({
      booked: 0,
      skipped: 1,
    });
    expect(
      (
        await book(user, partial.id, {
          kind: "invoices",
          payments: [{ invoiceId: sale.id, amount: "600,00" }],
        })
      ).statusCode,
    ).toBe(200);
    expect(await invoice(user, sale.id)).toMatchObject({ status: "sent", openAmount: "610.00" });

    const rest = lineWith(await bankLines(user, "open"), "Rest");
    expect(rest.proposal).toMatchObject({
      kind: "invoices",
      difference: "-2.50",
      payments: [{ amount: "610.00" }],
    });
    const tooMuch = await book(user, rest.id, {
      kind: "invoices",
      payments: [{ invoiceId: sale.id, amount: "610.00" }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors.payments).toBe(
      "De betalingen zijn samen meer dan het bedrag van de bankregel",
    );
    const written = await book(user, rest.id, {
      kind: "invoices",
      payments: [{ invoiceId: sale.id, amount: "610.00" }],
      writeOffDifference: true,
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(await invoice(user, sale.id)).toMatchObject({ status: "paid", openAmount: "0.00" });
    expect(await accountBalance(user, "Algemene kosten")).toBe("2.50");
    expect(await accountBalance(user, "Debiteuren")).toBe("0.00");
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("books one transfer that pays two invoices, certain when the numbers and the sum agree", async () => {
    const { user, clientId } = await freelancer();
    const first = await invoiceOf(user, clientId);
    const second = await invoiceOf(user, clientId);
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [
          {
            date: "2026-11-25",
            amount: "2420.00",
            name: "Korenschoof",
            iban: CLIENT_IBAN,
            text: `Facturen ${first.invoiceNumber} en ${second.invoiceNumber}`,
          },
        ],
      }),
    );
    expect((await invoice(user, first.id)).status).toBe("paid");
    expect((await invoice(user, second.id)).status).toBe("paid");
    const line = (await bankLines(user, "booked"))[0]!;
    // Undone: both invoices are open again and the line waits.
    const undone = await user.request({ method: "DELETE", url: `/api/bank-lines/${line.id}/booking` });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ booking: null, proposal: { kind: "invoices", certain: true } });
    expect((await invoice(user, first.id)).openAmount).toBe("1210.00");
    expect(await accountBalance(user, "Debiteuren")).toBe("2420.00");
    expect((await get(user, "/api/transactions")).json()).toEqual([]);
  });

  it("books a VAT payment against Af te dragen btw, which filing the return filled: no cost, no VAT", async () => {
    const { user, clientId } = await freelancer();
    t.now.value = new Date("2026-10-20T10:00:00Z");
    await invoiceOf(user, clientId, { issueDate: "2026-08-10", dueDate: "2026-08-24" });
    const filed = await post(user, "/api/vat-returns/2026-Q3/file", {
      filedOn: "2026-10-15",
      reference: "BTW-Q3",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(await accountBalance(user, "Af te dragen btw")).toBe("210.00");
    expect(await accountBalance(user, "Te betalen btw hoog (21%)")).toBe("0.00");
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [
          {
            date: "2026-10-19",
            amount: "-210.00",
            name: "Belastingdienst",
            iban: "NL86INGB0002445588",
            text: "Btw 3e kwartaal",
          },
        ],
      }),
    );
    t.now.value = new Date("2026-11-30T10:00:00Z");
    const line = (await bankLines(user, "open"))[0]!;
    expect(line.proposal).toMatchObject({ kind: "vat", certain: false });
    expect((await book(user, line.id, { kind: "vat" })).statusCode).toBe(200);
    expect(await accountBalance(user, "Af te dragen btw")).toBe("0.00");
    const profit = (await get(user, "/api/ledger/profit-and-loss?from=2026-01-01&to=2026-12-31")).json();
    expect(profit).toMatchObject({ totalRevenue: "1000.00", totalExpenses: "0.00" });
    const q4: VatReturnAnswer = (await get(user, "/api/vat-returns/2026-Q4")).json();
    expect(q4.rubrieken.every((rubriek) => rubriek.vat === null || rubriek.vat === "0.00")).toBe(true);
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("books a transfer to an own account on Kruisposten (certain) and a private withdrawal on Privé-opnamen", async () => {
    const { user } = await freelancer();
    const savings = await post(user, "/api/bank-accounts", { name: "Spaar", iban: SAVINGS_IBAN });
    expect(savings.statusCode).toBe(201);
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [
          { date: "2026-11-10", amount: "-500.00", name: "Eigen spaar", iban: SAVINGS_IBAN, text: "Sparen" },
          {
            date: "2026-11-11",
            amount: "-300.00",
            name: "J. de Vries",
            iban: "NL55INGB0000000001",
            text: "Privé",
          },
        ],
      }),
    );
    // The transfer is certain: matched on import.
    expect(lineWith(await bankLines(user, "booked"), "Sparen")).toMatchObject({ booking: "transfer" });
    const privateLine = lineWith(await bankLines(user, "open"), "Privé");
    expect((await book(user, privateLine.id, { kind: "private" })).statusCode).toBe(200);
    // The transactions list says what they are, and that they belong to their line.
    const listed = (await get(user, "/api/transactions")).json() as Array<{
      balanceBooking: string | null;
      bankStatementLineId: string | null;
    }>;
    expect(listed.map((row) => row.balanceBooking).sort()).toEqual(["private", "transfer"]);
    expect(listed.every((row) => row.bankStatementLineId !== null)).toBe(true);
    // Equity, credit-positive: a withdrawal is negative.
    expect(await accountBalance(user, "Privé-opnamen")).toBe("-300.00");
    expect(await accountBalance(user, "Kruisposten")).toBe("500.00");
    const profit = (await get(user, "/api/ledger/profit-and-loss?from=2026-01-01&to=2026-12-31")).json();
    expect(profit.netProfit).toBe("0.00");
    await expectEveryEntryBalanced(t.database.db, user.user.id);
  });

  it("links a transaction booked by hand before the statement came, and unlinking keeps it", async () => {
    const { user, accountId } = await freelancer();
    const manual = await post(user, "/api/transactions", {
      type: "expense",
      description: "Hosting",
      amount: "50",
      vatRate: "21",
      date: "2026-11-12",
      status: "completed",
      bankAccountId: accountId,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const answer = await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [{ date: "2026-11-13", amount: "-60.50", name: "Hoster", text: "Hosting nov" }],
      }),
    );
    expect(answer.matched).toBe(1);
    const line = (await bankLines(user, "booked"))[0]!;
    expect(line).toMatchObject({ booking: "existing" });
    expect(
      (await user.request({ method: "DELETE", url: `/api/bank-lines/${line.id}/booking` })).statusCode,
    ).toBe(200);
    expect((await get(user, "/api/transactions")).json()).toHaveLength(1);
  });

  it("refuses bookings that do not fit, with the field named, and changes nothing", async () => {
    const { user, clientId } = await freelancer();
    const sale = await invoiceOf(user, clientId);
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [{ date: "2026-11-05", amount: "-20.00", name: "Shop", text: "Iets" }],
      }),
    );
    const line = (await bankLines(user, "open"))[0]!;
    const cases: Array<[object, string, string]> = [
      [
        { kind: "category", categoryId: await categoryId(user, "Omzet"), vatRate: 21 },
        "categoryId",
        "Geld dat uitgaat hoort bij een uitgavencategorie",
      ],
      [
        { kind: "category", categoryId: await categoryId(user, "Kantoorkosten"), vatRate: 7 },
        "vatRate",
        "Kies 21%, 9% of 0% btw",
      ],
      [
        { kind: "invoices", payments: [{ invoiceId: sale.id, amount: "20" }] },
        "payments",
        "Alleen geld dat binnenkomt kan een factuur betalen",
      ],
      [{ kind: "invoices", payments: [] }, "payments", "Kies minstens één factuur"],
      [{ kind: "existing", transactionId: "nope" }, "transactionId", "Kies de transactie"],
    ];
    for (const [payload, field, message] of cases) {
      const response = await book(user, line.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors?.[field] ?? response.json().message, JSON.stringify(payload)).toBe(
        message,
      );
    }
    expect((await bankLines(user, "open"))[0]!.booking).toBeNull();
    expect((await get(user, "/api/transactions")).json()).toEqual([]);
    const booked = await book(user, line.id, { kind: "private" });
    expect(booked.statusCode).toBe(200);
    const twice = await book(user, line.id, { kind: "private" });
    expect(twice).toMatchObject({ statusCode: 409 });
  });
});

describe("learning from earlier bookings", () => {
  it("proposes the category a counterparty was booked on last time, by IBAN, else by name — not as certain", async () => {
    const { user } = await freelancer();
    const ns = { name: "NS Reizigers", iban: "NL19INGB0000000051" };
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        id: "L1",
        entries: [
          { date: "2026-11-02", amount: "-21.80", ...ns, text: "Treinkaartje" },
          { date: "2026-11-02", amount: "-4.50", name: "Kiosk Centraal", text: "Koffie" },
        ],
      }),
    );
    const first = await bankLines(user, "open");
    const travel = await categoryId(user, "Reiskosten");
    const food = await categoryId(user, "Representatie");
    await book(user, lineWith(first, "Treinkaartje").id, {
      kind: "category",
      categoryId: travel,
      vatRate: 9,
    });
    await book(user, lineWith(first, "Koffie").id, { kind: "category", categoryId: food, vatRate: 9 });
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "-26.30",
        id: "L2",
        entries: [
          { date: "2026-11-09", amount: "-43.60", ...ns, text: "Retour Utrecht" },
          { date: "2026-11-09", amount: "-3.90", name: "kiosk centraal", text: "Thee" },
          { date: "2026-11-09", amount: "-8.00", name: "Onbekend", text: "Iets" },
        ],
      }),
    );
    const next = await bankLines(user, "open");
    expect(lineWith(next, "Retour").proposal).toMatchObject({
      kind: "category",
      categoryId: travel,
      vatRate: 9,
      certain: false,
    });
    expect(lineWith(next, "Thee").proposal).toMatchObject({
      kind: "category",
      categoryId: food,
      certain: false,
    });
    expect(lineWith(next, "Iets").proposal).toBeNull();
  });
});

describe("rules", () => {
  it("a rule made from a line books the open lines it matches and the next import", async () => {
    const { user } = await freelancer();
    const adobe = { name: "Adobe Systems", iban: "IE64IRCE92050112345678", text: "Creative Cloud" };
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        id: "R1",
        entries: [
          { date: "2026-11-01", amount: "-60.49", ...adobe },
          { date: "2026-11-02", amount: "-60.49", ...adobe, text: "Creative Cloud okt" },
        ],
      }),
    );
    const software = await categoryId(user, "Software en abonnementen");
    const created = await post(user, "/api/bank-rules", {
      name: "Adobe",
      direction: "out",
      counterpartyIban: adobe.iban,
      booking: "category",
      categoryId: software,
      vatRate: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      applied: 2,
      rule: { name: "Adobe", categoryName: "Software en abonnementen" },
    });
    const next = await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "-120.98",
        id: "R2",
        entries: [{ date: "2026-12-01", amount: "-60.49", ...adobe, text: "Creative Cloud dec" }],
      }),
    );
    expect(next).toMatchObject({ new: 1, matched: 1, toHandle: 0 });
    expect((await bankLines(user, "booked")).every((line: BankLine) => line.ruleName === "Adobe")).toBe(true);
    const rules: BankRule[] = (await get(user, "/api/bank-rules")).json();
    expect(rules.map((rule) => rule.name)).toEqual(["Adobe"]);
  });

  it("refuses a rule without a condition or with a category of the wrong direction", async () => {
    const { user } = await freelancer();
    const bare = await post(user, "/api/bank-rules", { name: "Alles", booking: "private" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors.name).toBe(
      "Vul minstens één voorwaarde in: IBAN, naam, omschrijving of bedrag",
    );
    const wrong = await post(user, "/api/bank-rules", {
      name: "Klant",
      direction: "in",
      counterpartyName: "Klant",
      booking: "category",
      categoryId: await categoryId(user, "Kantoorkosten"),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.categoryId).toBe("Geld dat binnenkomt hoort bij een inkomstencategorie");
  });
});

describe("another user's records", () => {
  it("answer 404: lines, candidates, bookings and rules", async () => {
    const { user } = await freelancer();
    const stranger = await t.signIn();
    await imported(
      user,
      camt053({
        iban: OWN_IBAN,
        opening: "0",
        entries: [{ date: "2026-11-05", amount: "-20.00", text: "Iets" }],
      }),
    );
    const line = (await bankLines(user, "open"))[0]!;
    const rule = (
      await post(user, "/api/bank-rules", { name: "Iets", descriptionContains: "Iets", booking: "private" })
    ).json().rule as BankRule;
    expect((await get(stranger, `/api/bank-lines/${line.id}/candidates`)).statusCode).toBe(404);
    expect((await book(stranger, line.id, { kind: "private" })).statusCode).toBe(404);
    expect(
      (await stranger.request({ method: "DELETE", url: `/api/bank-lines/${line.id}/booking` })).statusCode,
    ).toBe(404);
    expect((await stranger.request({ method: "DELETE", url: `/api/bank-rules/${rule.id}` })).statusCode).toBe(
      404,
    );
    expect((await post(stranger, "/api/bank-lines/accept", { ids: [line.id] })).json()).toEqual({
      booked: 0,
      skipped: 1,
    });
    expect(await bankLines(stranger)).toEqual([]);
    expect((await get(stranger, "/api/bank-rules")).json()).toEqual([]);
  });
});
