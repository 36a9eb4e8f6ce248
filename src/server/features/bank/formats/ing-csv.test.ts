import { describe, expect, it } from "vitest";
import { ingCsvFormat } from "./ing-csv";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError } from "./types";

describe("ING CSV, current semicolon layout", () => {
  const file = ingCsvFormat.parse(readFixture("ing-semicolon.csv"));

  it("gives one statement per account in order of first appearance, lines oldest first", () => {
    expect(file.format).toBe("ing-csv");
    expect(file.formatLabel).toBe("ING (CSV)");
    expect(file.statements.map((statement) => statement.accountIban)).toEqual([
      "NL69INGB0123456789",
      "NL20INGB0001234567",
    ]);
    expect(file.statements.map((statement) => statement.lines.map((entry) => entry.row))).toEqual([
      [6, 2],
      [8, 7, 5, 3],
    ]);
  });

  it("reads the savings account with foreign characters and the BIC", () => {
    expect(file.statements[0]).toEqual({
      accountIban: "NL69INGB0123456789",
      currency: "EUR",
      statementNumber: null,
      openingBalanceCents: 50000,
      openingDate: "2026-03-03",
      closingBalanceCents: 52500,
      closingDate: "2026-03-05",
      lines: [
        line({
          row: 6,
          bookingDate: "2026-03-03",
          valueDate: "2026-03-03",
          amountCents: 5000,
          counterpartyName: "J. de Vries",
          counterpartyIban: "NL20INGB0001234567",
          description: "Sparen",
          transactionCode: "GT",
          balanceAfterCents: 55000,
        }),
        line({
          row: 2,
          bookingDate: "2026-03-05",
          valueDate: "2026-03-05",
          amountCents: -2500,
          counterpartyName: "Bäckerei Straße",
          counterpartyIban: "DE89370400440532013000",
          counterpartyBic: "COBADEFFXXX",
          description: "Brötchen für € 25",
          transactionCode: "OV",
          balanceAfterCents: 52500,
        }),
      ],
    });
  });

  it("reads a negative running balance, a zero line and card payment notes", () => {
    const [income, tax, zero, card] = file.statements[1]!.lines;
    expect(file.statements[1]).toMatchObject({
      openingBalanceCents: 10000,
      openingDate: "2026-03-02",
      closingBalanceCents: -5450,
      closingDate: "2026-03-04",
    });
    expect(income).toEqual(
      line({
        row: 8,
        bookingDate: "2026-03-02",
        valueDate: "2026-03-02",
        amountCents: 125000,
        counterpartyName: "Müller & Söhne GmbH",
        counterpartyIban: "DE89370400440532013000",
        description: "Factuur 2026-014",
        endToEndId: "2026-014",
        transactionCode: "GT",
        balanceAfterCents: 135000,
      }),
    );
    expect(tax).toMatchObject({
      amountCents: -140000,
      counterpartyName: "Belastingdienst",
      counterpartyIban: "NL86INGB0002445588",
      description: "1234 5678 9012 3456",
      reference: "1234567890123456",
      balanceAfterCents: -5000,
    });
    expect(zero).toEqual(
      line({
        row: 5,
        bookingDate: "2026-03-03",
        valueDate: "2026-03-03",
        amountCents: 0,
        counterpartyName: "Kwijtschelding",
        transactionCode: "VZ",
        balanceAfterCents: -5000,
      }),
    );
    expect(card).toMatchObject({
      amountCents: -450,
      counterpartyName: "Café Rêve Utrecht",
      counterpartyIban: null,
      description: "Pasvolgnr: 003 04-03-2026 08:15 Transactie: 0A1B2C Term: CT1234",
      valueDate: "2026-03-04",
      transactionCode: "BA",
      balanceAfterCents: -5450,
    });
  });

  it("reports the row with a bad amount and reads the others", () => {
    expect(file.rowErrors).toEqual([{ row: 4, message: "Ongeldig bedrag '12,3,4'" }]);
  });
});

describe("ING CSV, old comma layout with BOM and Windows line endings", () => {
  const text = readFixture("ing-comma-crlf.csv");
  const file = ingCsvFormat.parse(text);

  it("is the file as described", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
  });

  it("reads the lines without a balance, oldest first", () => {
    expect(file.statements).toHaveLength(1);
    const [statement] = file.statements;
    expect(statement).toMatchObject({
      accountIban: "NL20INGB0001234567",
      openingBalanceCents: null,
      closingBalanceCents: null,
      openingDate: "2026-01-13",
      closingDate: "2026-01-15",
    });
    expect(statement!.lines).toEqual([
      line({
        row: 5,
        bookingDate: "2026-01-13",
        valueDate: "2026-01-13",
        amountCents: -325,
        counterpartyName: "Kosten OranjePakket",
        description: "1 dec t/m 31 dec 2025 ING BANK N.V.",
        transactionCode: "DV",
      }),
      line({
        row: 4,
        bookingDate: "2026-01-14",
        valueDate: "2026-01-14",
        amountCents: -2399,
        counterpartyName: "bol.com",
        counterpartyIban: "NL27INGB0000026500",
        description: "1234567890 bestelling",
        endToEndId: "14-01-2026 10:12 0050001234567890",
        transactionCode: "ID",
      }),
      line({
        row: 2,
        bookingDate: "2026-01-15",
        valueDate: "2026-01-15",
        amountCents: -114950,
        counterpartyName: "Hotel Zoë B.V.",
        counterpartyIban: "NL91ABNA0417164300",
        description: "Boeking 2026/77, kamer 3",
        transactionCode: "OV",
      }),
    ]);
  });

  it("reports the impossible date", () => {
    expect(file.rowErrors).toEqual([{ row: 3, message: "Ongeldige datum '20260231'" }]);
  });
});

describe("ING CSV, English export", () => {
  const file = ingCsvFormat.parse(readFixture("ing-english.csv"));

  it("reads Debit/Credit, 'Value date: dd/mm/yyyy' and notes over two lines", () => {
    const [statement] = file.statements;
    expect(statement).toMatchObject({ openingBalanceCents: 100000, closingBalanceCents: 252000 });
    expect(statement!.lines.map((entry) => [entry.row, entry.amountCents, entry.balanceAfterCents])).toEqual([
      [6, -86518, 13482],
      [5, -3482, 10000],
      [2, 242000, 252000],
    ]);
    expect(statement!.lines[0]).toMatchObject({
      counterpartyName: "Vastgoed B.V.",
      description: "Huur februari",
      endToEndId: null,
      valueDate: "2026-02-08",
      transactionCode: "IC",
    });
    expect(statement!.lines[1]!.description).toBe(
      "Card sequence no.: 001 09/02/2026 18:00 Transaction: X1Y2Z3 Term: AB1234",
    );
    expect(statement!.lines[2]).toEqual(
      line({
        row: 2,
        bookingDate: "2026-02-10",
        valueDate: "2026-02-10",
        amountCents: 242000,
        counterpartyName: "Jansen Consultancy",
        counterpartyIban: "NL44RABO0123456789",
        description: "Invoice 2026-003 paid in full",
        reference: "RF18539007547034",
        endToEndId: "RF18 5390 0754 7034",
        transactionCode: "GT",
        balanceAfterCents: 252000,
      }),
    );
  });

  it("counts rows by file line, past a field that spans two lines", () => {
    expect(file.rowErrors).toEqual([
      { row: 4, message: "Onbekende richting 'Sideways' (verwacht Af of Bij)" },
    ]);
  });
});

describe("ING CSV, edge cases", () => {
  const header =
    '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"';

  it("gives a statement without lines for a header-only file", () => {
    const file = ingCsvFormat.parse(`${header}\r\n\r\n`);
    expect(file.rowErrors).toEqual([]);
    expect(file.statements).toEqual([
      {
        accountIban: null,
        currency: "EUR",
        statementNumber: null,
        openingBalanceCents: null,
        openingDate: null,
        closingBalanceCents: null,
        closingDate: null,
        lines: [],
      },
    ]);
  });

  it("orders one day by its running balances, even against ING's usual order, and reports a short row", () => {
    const file = ingCsvFormat.parse(
      [
        header,
        '"20260301";"A";"NL20INGB0001234567";"";"GT";"Bij";"10,00";"";"";"20,00";""',
        '"20260301";"B";"NL20INGB0001234567";"";"GT";"Af";"5,00";"";"";"15,00";""',
        '"20260301";"C";"NL20INGB0001234567"',
      ].join("\n"),
    );
    expect(file.statements[0]!.lines.map((entry) => entry.counterpartyName)).toEqual(["A", "B"]);
    expect(file.statements[0]!.openingBalanceCents).toBe(1000);
    expect(file.rowErrors).toEqual([{ row: 4, message: "Regel heeft 3 kolommen, verwacht 11" }]);
  });

  it("reads the savings account export", () => {
    const file = ingCsvFormat.parse(
      [
        '"Datum";"Omschrijving";"Rekening";"Rekening naam";"Tegenrekening";"Af Bij";"Bedrag";"Valuta";"Mutatiesoort";"Mededelingen";"Saldo na mutatie"',
        '"2026-01-01";"Rente";"V 286-81505";"Oranje Spaarrekening";"";"Bij";"9,20";"EUR";"Rente";"";"1509,20"',
      ].join("\n"),
    );
    expect(file.statements[0]).toMatchObject({
      accountIban: null,
      openingBalanceCents: 150000,
      closingBalanceCents: 150920,
    });
    expect(file.statements[0]!.lines[0]).toMatchObject({ amountCents: 920, counterpartyName: "Rente" });
  });

  it("throws for a file without the ING header", () => {
    expect(() => ingCsvFormat.parse("Datum,Type,Beschrijving,Bedrag\n")).toThrow(StatementFormatError);
  });
});
