import { describe, expect, it } from "vitest";
import { bunqCsvFormat } from "./bunq-csv";
import { readFixture, statementLine as line } from "./test-fixtures";

describe("bunq CSV, semicolon with decimal commas", () => {
  const file = bunqCsvFormat.parse(readFixture("bunq-semicolon.csv"));

  it("reads the lines oldest first, without balances", () => {
    expect(file.format).toBe("bunq-csv");
    expect(file.formatLabel).toBe("bunq (CSV)");
    const { lines, ...statement } = file.statements[0]!;
    expect(statement).toEqual({
      accountIban: "NL44BUNQ2025123456",
      currency: "EUR",
      statementNumber: null,
      openingBalanceCents: null,
      openingDate: "2026-06-01",
      closingBalanceCents: null,
      closingDate: "2026-06-03",
    });
    expect(lines).toEqual([
      line({
        row: 6,
        bookingDate: "2026-06-01",
        valueDate: "2026-06-02",
        amountCents: 200000,
        counterpartyName: "Opdrachtgever B.V.",
        counterpartyIban: "NL02ABNA0123456789",
        description: "Factuur 2026-019",
      }),
      line({
        row: 5,
        bookingDate: "2026-06-01",
        valueDate: "2026-06-01",
        amountCents: 0,
        counterpartyName: "bunq",
        description: "bunq Payday 2026-06-01 EUR",
      }),
      line({
        row: 3,
        bookingDate: "2026-06-02",
        valueDate: "2026-06-02",
        amountCents: 1250,
        counterpartyName: "Jan Jansen",
        counterpartyIban: "NL20INGB0001234567",
        description: "Terugbetaling lunch",
      }),
      line({
        row: 2,
        bookingDate: "2026-06-03",
        valueDate: "2026-06-03",
        amountCents: -123456,
        counterpartyName: "Möbelhaus Größe",
        counterpartyIban: "NL91ABNA0417164300",
        description: "Bureau + stoel, factuur 88",
      }),
    ]);
  });

  it("reports the bad amount", () => {
    expect(file.rowErrors).toEqual([{ row: 4, message: "Ongeldig bedrag '12.5.0'" }]);
  });
});

describe("bunq CSV, comma with decimal points, BOM and Windows line endings", () => {
  const text = readFixture("bunq-comma-crlf.csv");
  const file = bunqCsvFormat.parse(text);

  it("reads amounts with a decimal point and thousands commas", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(
      file.statements[0]!.lines.map((entry) => [entry.row, entry.bookingDate, entry.amountCents]),
    ).toEqual([
      [5, "2026-07-13", 100000],
      [3, "2026-07-14", 1250],
      [2, "2026-07-15", -123456],
    ]);
    expect(file.statements[0]!.lines[2]).toMatchObject({
      counterpartyName: "Señor Café",
      counterpartyIban: "DE89370400440532013000",
      description: "Catering, juli",
    });
  });

  it("reports the bad date", () => {
    expect(file.rowErrors).toEqual([{ row: 4, message: "Ongeldige datum '14-07-2026x'" }]);
  });
});

describe("bunq CSV, older export without the Account column", () => {
  it("reads the lines without an account IBAN", () => {
    const file = bunqCsvFormat.parse(
      [
        '"Date";"Interest Date";"Amount";"Counterparty";"Name";"Description"',
        '"2024-07-02";"2024-07-02";"0,05";"NL13BUNQ2094122549";"bunq";"bunq Payday 2024-07-02 EUR"',
      ].join("\n"),
    );
    expect(file.statements[0]!.accountIban).toBeNull();
    expect(file.statements[0]!.lines[0]).toMatchObject({
      amountCents: 5,
      counterpartyIban: "NL13BUNQ2094122549",
    });
  });
});
