import { describe, expect, it } from "vitest";
import { rabobankCsvFormat } from "./rabobank-csv";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError } from "./types";

describe("Rabobank CSV, Dutch header", () => {
  const file = rabobankCsvFormat.parse(readFixture("rabobank.csv"));

  it("gives one statement per account with balances from 'Saldo na trn'", () => {
    expect(file.format).toBe("rabobank-csv");
    expect(file.formatLabel).toBe("Rabobank (CSV)");
    expect(
      file.statements.map(({ lines, ...statement }) => [statement, lines.map((entry) => entry.row)]),
    ).toEqual([
      [
        {
          accountIban: "NL44RABO0123456789",
          currency: "EUR",
          statementNumber: null,
          openingBalanceCents: 10000,
          openingDate: "2026-04-01",
          closingBalanceCents: -22000,
          closingDate: "2026-04-03",
        },
        [2, 3, 6],
      ],
      [
        {
          accountIban: "NL50RABO0123456789",
          currency: "EUR",
          statementNumber: null,
          openingBalanceCents: 1234,
          openingDate: "2026-04-02",
          closingBalanceCents: 11234,
          closingDate: "2026-04-05",
        },
        [4, 7],
      ],
    ]);
  });

  it("reads every field of a line", () => {
    const [income, tax, membership] = file.statements[0]!.lines;
    expect(income).toEqual(
      line({
        row: 2,
        bookingDate: "2026-04-01",
        valueDate: "2026-04-01",
        amountCents: 121000,
        counterpartyName: "Bloemenhandel Łódź & Zoon",
        counterpartyIban: "NL91ABNA0417164300",
        counterpartyBic: "ABNANL2A",
        description: "Factuur 2026-042 bloemen voor opening",
        bankReference: "000000000000000101",
        endToEndId: "E2E-2026-0042",
        transactionCode: "cb",
        balanceAfterCents: 131000,
      }),
    );
    expect(tax).toMatchObject({
      amountCents: -150000,
      reference: "1234567890123456",
      balanceAfterCents: -19000,
    });
    expect(membership).toEqual(
      line({
        row: 6,
        bookingDate: "2026-04-03",
        valueDate: "2026-04-04",
        amountCents: -3000,
        counterpartyName: "Sportclub Élan",
        counterpartyIban: "NL02ABNA0123456789",
        counterpartyBic: "ABNANL2A",
        description: "Lidmaatschap sportschool april Crème de la crème",
        reference: "RF18539007547034",
        bankReference: "000000000000000104",
        endToEndId: "SUB-2026-04",
        transactionCode: "ei",
        balanceAfterCents: -22000,
      }),
    );
  });

  it("reads a zero line", () => {
    expect(file.statements[1]!.lines[0]).toMatchObject({
      amountCents: 0,
      counterpartyName: "Rabobank",
      counterpartyIban: null,
      balanceAfterCents: 1234,
    });
  });

  it("reports the impossible date (both date columns)", () => {
    expect(file.rowErrors).toEqual([
      { row: 5, message: "Ongeldige datum '2026-04-31'; Ongeldige rentedatum '2026-04-31'" },
    ]);
  });
});

describe("Rabobank CSV, English header with BOM and Windows line endings", () => {
  const text = readFixture("rabobank-english-crlf.csv");
  const file = rabobankCsvFormat.parse(text);

  it("reads the English columns, a foreign IBAN and a negative balance", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(file.statements).toHaveLength(1);
    expect(file.statements[0]).toMatchObject({
      accountIban: "NL71RABO0123456789",
      openingBalanceCents: -100000,
      closingBalanceCents: -80000,
    });
    expect(file.statements[0]!.lines).toEqual([
      line({
        row: 2,
        bookingDate: "2026-05-11",
        valueDate: "2026-05-11",
        amountCents: 25050,
        counterpartyName: "Fjällräven Ltd",
        counterpartyIban: "GB29NWBK60161331926819",
        counterpartyBic: "NWBKGB2L",
        description: "Invoice 77 — thanks",
        bankReference: "000000000000000001",
        endToEndId: "INV-77",
        transactionCode: "cb",
        balanceAfterCents: -74950,
      }),
      line({
        row: 4,
        bookingDate: "2026-05-12",
        valueDate: "2026-05-12",
        amountCents: -5050,
        counterpartyName: "Geldmaat",
        description: "Geldautomaat Utrecht",
        bankReference: "000000000000000003",
        transactionCode: "ga",
        balanceAfterCents: -80000,
      }),
    ]);
  });

  it("reports the unreadable amount", () => {
    expect(file.rowErrors).toEqual([{ row: 3, message: "Ongeldig bedrag 'twelve'" }]);
  });
});

describe("Rabobank CSV, edge cases", () => {
  it("gives a statement without lines for a header-only file and throws without the header", () => {
    const header = readFixture("rabobank.csv").split("\n")[0]!;
    expect(rabobankCsvFormat.parse(header).statements[0]!.lines).toEqual([]);
    expect(() => rabobankCsvFormat.parse('"Datum","Bedrag"\n')).toThrow(StatementFormatError);
  });
});
