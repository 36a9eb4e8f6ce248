import { describe, expect, it } from "vitest";
import { abnAmroTabFormat, readDescription } from "./abnamro-tab";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError } from "./types";

describe("ABN AMRO TXT", () => {
  const file = abnAmroTabFormat.parse(readFixture("abnamro.tab"));
  const [bban, iban] = file.statements;

  it("gives one statement per account, the balances from the first and last row", () => {
    expect(file.format).toBe("abnamro-tab");
    expect(file.formatLabel).toBe("ABN AMRO (TXT)");
    expect(file.rowErrors).toEqual([]);
    const { lines, ...statement } = bban!;
    expect(statement).toEqual({
      // An old account number is not an IBAN.
      accountIban: null,
      currency: "EUR",
      statementNumber: null,
      openingBalanceCents: 10000,
      openingDate: "2026-01-05",
      closingBalanceCents: -75774,
      closingDate: "2026-01-08",
    });
    expect(lines.map((entry) => [entry.row, entry.amountCents, entry.balanceAfterCents])).toEqual([
      [1, 121000, 131000],
      [2, -1299, 129701],
      [3, -475, 129226],
      [4, -200000, -70774],
      [5, -5000, -75774],
      [6, 0, -75774],
    ]);
    expect(iban).toMatchObject({
      accountIban: "NL02ABNA0123456789",
      openingBalanceCents: 50000,
      closingBalanceCents: 47501,
    });
  });

  it("reads fixed-width SEPA descriptions, joining words the export split", () => {
    expect(bban!.lines[0]).toEqual(
      line({
        row: 1,
        bookingDate: "2026-01-05",
        valueDate: "2026-01-05",
        amountCents: 121000,
        counterpartyName: "Zoë Åberg",
        counterpartyIban: "NL02ABNA0123456789",
        counterpartyBic: "ABNANL2A",
        description: "Factuur 2026-001 voor ontwerpwerk",
        endToEndId: "2026-001",
        transactionCode: "SEPA Overboeking",
        balanceAfterCents: 131000,
      }),
    );
    expect(bban!.lines[1]).toMatchObject({
      counterpartyName: "NETFLIX INTERNATIONAL B.V.",
      counterpartyIban: "NL91ABNA0417164300",
      description: "Netflix maand",
      reference: "1234567890123456",
      endToEndId: "1234567890123456",
      transactionCode: "SEPA Incasso algemeen doorlopend",
    });
  });

  it("reads card payments and cash withdrawals with the merchant as counterparty", () => {
    expect(bban!.lines[2]).toMatchObject({
      counterpartyName: "Hema Zaandam",
      counterpartyIban: null,
      description: "BEA NR:A1B23C 06.01.26/09.15 Hema Zaandam,PAS123 ZAANDAM",
      transactionCode: "BEA",
    });
    expect(bban!.lines[4]).toMatchObject({
      counterpartyName: "Geldmaat Utrecht 22",
      description: "GEA, Betaalpas Geldmaat Utrecht 22,PAS123 NR:012345, 07.01.26/17:55 Utrecht",
      transactionCode: "GEA",
    });
  });

  it("reads structured SEPA descriptions with slashes and empty values", () => {
    expect(bban!.lines[3]).toMatchObject({
      counterpartyName: "Jan Jansen",
      counterpartyIban: "NL44RABO0123456789",
      counterpartyBic: "RABONL2U",
      description: "Factuur 2026-002/3 deel 2",
      endToEndId: null,
      transactionCode: "SEPA OVERBOEKING",
    });
    expect(iban!.lines).toEqual([
      line({
        row: 7,
        bookingDate: "2026-01-06",
        valueDate: "2026-01-06",
        amountCents: -2499,
        counterpartyName: "bol.com",
        counterpartyIban: "NL27INGB0000026500",
        counterpartyBic: "INGBNL2A",
        description: "Bestelling 4021 Crème brûlée set",
        endToEndId: "06-01-2026 21:12 0050001234567890",
        transactionCode: "iDEAL",
        balanceAfterCents: 47501,
      }),
    ]);
  });

  it("keeps other descriptions as text", () => {
    expect(bban!.lines[5]).toMatchObject({
      counterpartyName: null,
      description: "ABN AMRO Bank N.V. Basic Package 0,00",
      transactionCode: null,
    });
  });
});

describe("ABN AMRO TXT with BOM and Windows line endings", () => {
  const text = readFixture("abnamro-crlf.tab");
  const file = abnAmroTabFormat.parse(text);

  it("reads the good rows, a negative balance and a description that is not fixed width", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(file.statements).toHaveLength(1);
    expect(file.statements[0]).toMatchObject({
      accountIban: null,
      openingBalanceCents: 1000,
      closingBalanceCents: -1550,
      closingDate: "2026-02-03",
    });
    const [refund, card] = file.statements[0]!.lines;
    expect(refund).toMatchObject({
      row: 1,
      amountCents: 5000,
      counterpartyName: "Café Olé",
      description: "Terugbetaling",
    });
    expect(card).toMatchObject({
      row: 4,
      amountCents: -7550,
      counterpartyName: "SumUp *Fietsenmaker Ö",
      transactionCode: "BEA",
      balanceAfterCents: -1550,
    });
  });

  it("reports the bad date and the bad amount with their line numbers", () => {
    expect(file.rowErrors).toEqual([
      { row: 2, message: "Ongeldige datum '20260230'; Ongeldige valutadatum '20260230'" },
      { row: 3, message: "Ongeldig bedrag '-10,0,0'" },
    ]);
  });
});

describe("ABN AMRO descriptions", () => {
  it("reads a compact labelled description and an old card payment as the bank summary shows them", () => {
    expect(
      readDescription(
        "SEPA Overboeking IBAN: NL02ABNA0123456789 BIC: ABNANL2A Naam: Jan Jansen Omschrijving: Factuur 7 Kenmerk: RF18 5390 0754 7034",
      ),
    ).toEqual({
      counterpartyName: "Jan Jansen",
      counterpartyIban: "NL02ABNA0123456789",
      counterpartyBic: "ABNANL2A",
      description: "Factuur 7",
      reference: "RF18539007547034",
      endToEndId: "RF18 5390 0754 7034",
      transactionCode: "SEPA Overboeking",
    });
    expect(readDescription("BEA   NR:XXXX 01.02.26/12.34 Albert Heijn 1234,PAS123").counterpartyName).toBe(
      "Albert Heijn 1234",
    );
  });

  it("reads a creditor reference in a structured description", () => {
    expect(
      readDescription(
        "/TRTP/SEPA OVERBOEKING/IBAN/NL02ABNA0123456789/BIC/ABNANL2A/NAME/Klant/REMI/CDTRREFTP//CD/SCOR/ISSR/CUR/CDTRREF/1234567890123456/EREF/E-1",
      ),
    ).toMatchObject({ reference: "1234567890123456", endToEndId: "E-1", counterpartyName: "Klant" });
  });
});

describe("ABN AMRO TXT, edge cases", () => {
  it("reports a row with the wrong number of columns and throws for a file that is not this layout", () => {
    const good = "123456789\tEUR\t20260105\t0,00\t1,00\t20260105\t1,00\t/TRTP/X/NAME/A";
    expect(abnAmroTabFormat.parse(`${good}\n123456789\tEUR\n`).rowErrors).toEqual([
      { row: 2, message: "Regel heeft 2 kolommen, verwacht 8" },
    ]);
    expect(() => abnAmroTabFormat.parse("a,b,c\n")).toThrow(StatementFormatError);
    expect(() => abnAmroTabFormat.parse("")).toThrow("Het bestand is leeg");
  });
});
