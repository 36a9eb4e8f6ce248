import { describe, expect, it } from "vitest";
import { knabCsvFormat } from "./knab-csv";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError } from "./types";

describe("Knab CSV", () => {
  const file = knabCsvFormat.parse(readFixture("knab.csv"));

  it("reads the lines after the 'KNAB EXPORT' line and the header, oldest first", () => {
    expect(file.format).toBe("knab-csv");
    expect(file.formatLabel).toBe("Knab (CSV)");
    const { lines, ...statement } = file.statements[0]!;
    expect(statement).toEqual({
      accountIban: "NL99KNAB0123456789",
      currency: "EUR",
      statementNumber: null,
      openingBalanceCents: null,
      openingDate: "2026-06-18",
      closingBalanceCents: null,
      closingDate: "2026-06-21",
    });
    expect(lines).toEqual([
      line({
        row: 6,
        bookingDate: "2026-06-18",
        valueDate: "2026-06-18",
        amountCents: 0,
        counterpartyName: "Knab",
        description: "Rente 2e kwartaal",
        bankReference: "B9F18PGBIH4K580S",
        transactionCode: "Rente",
      }),
      line({
        row: 4,
        bookingDate: "2026-06-20",
        valueDate: "2026-06-20",
        amountCents: 150000,
        counterpartyName: "Opdrachtgever B.V.",
        counterpartyIban: "NL02ABNA0123456789",
        description: "1234 5678 9012 3456",
        reference: "1234567890123456",
        bankReference: "B9F20PGUJE88SFDR",
        transactionCode: "Ontvangen betaling",
      }),
      line({
        row: 3,
        bookingDate: "2026-06-21",
        valueDate: "2026-06-21",
        amountCents: -82775,
        counterpartyName: "Agnès Dubois",
        counterpartyIban: "FR1420041010050500013M02606",
        description: "Vertaalwerk, juni",
        bankReference: "B9F21PGYA068V2KD",
        transactionCode: "Overboeking",
      }),
    ]);
  });

  it("reports the bad amount", () => {
    expect(file.rowErrors).toEqual([{ row: 5, message: "Ongeldig bedrag '1,2,3'" }]);
  });
});

describe("Knab CSV with BOM and Windows line endings", () => {
  const text = readFixture("knab-crlf.csv");
  const file = knabCsvFormat.parse(text);

  it("books on Boekdatum, keeping the transaction date out", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(file.statements[0]!.lines.map((entry) => [entry.row, entry.bookingDate, entry.valueDate])).toEqual(
      [
        [5, "2026-06-08", "2026-06-08"],
        [3, "2026-06-10", "2026-06-10"],
      ],
    );
    expect(file.statements[0]!.lines[0]).toMatchObject({
      amountCents: -4510,
      counterpartyName: "Belastingdienst",
      description: "Voorlopige aanslag ø",
      transactionCode: "Incasso",
    });
    expect(file.statements[0]!.lines[1]).toMatchObject({
      amountCents: -100000,
      counterpartyIban: "NL99ASNB0123456789",
    });
  });

  it("reports the bad date", () => {
    expect(file.rowErrors).toEqual([{ row: 4, message: "Ongeldige transactiedatum '32-06-2026'" }]);
  });
});

describe("Knab CSV, edge cases", () => {
  it("reads a header without the 'KNAB EXPORT' line, gives no lines for a header only, and throws without it", () => {
    const header = readFixture("knab.csv").split("\n")[1]!;
    expect(knabCsvFormat.sniff(header)).toBe(true);
    expect(knabCsvFormat.parse(header).statements[0]!.lines).toEqual([]);
    expect(() => knabCsvFormat.parse("KNAB EXPORT;;;\n")).toThrow(StatementFormatError);
  });
});
