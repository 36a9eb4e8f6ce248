import { describe, expect, it } from "vitest";
import { readFixture, statementLine as line } from "./test-fixtures";
import { triodosCsvFormat } from "./triodos-csv";
import { StatementFormatError } from "./types";

describe("Triodos CSV", () => {
  const file = triodosCsvFormat.parse(readFixture("triodos.csv"));

  it("reads the lines with their sign from Debet/Credit", () => {
    expect(file.format).toBe("triodos-csv");
    expect(file.formatLabel).toBe("Triodos (CSV)");
    const { lines, ...statement } = file.statements[0]!;
    expect(statement).toEqual({
      accountIban: "NL70TRIO0123456789",
      currency: "EUR",
      statementNumber: null,
      openingBalanceCents: null,
      openingDate: "2026-03-02",
      closingBalanceCents: null,
      closingDate: "2026-03-04",
    });
    expect(lines).toEqual([
      line({
        row: 1,
        bookingDate: "2026-03-02",
        amountCents: 150000,
        counterpartyName: "Stichting Ëlan",
        counterpartyIban: "NL91ABNA0417164300",
        description: "Factuur 2026-010 workshop",
        transactionCode: "IC",
      }),
      line({
        row: 2,
        bookingDate: "2026-03-02",
        amountCents: -640,
        counterpartyName: "ALBERT HEIJN 1234",
        description: "ALBERT HEIJN 1234\\AMSTERDAM\\ BETAALAUTOMAAT 02-03-26 12:01 PASNR. 001",
        transactionCode: "BA",
      }),
      line({
        row: 3,
        bookingDate: "2026-03-03",
        amountCents: 0,
        counterpartyName: "Triodos Bank",
        description: "Correctie kosten",
        transactionCode: "KN",
      }),
      line({
        row: 4,
        bookingDate: "2026-03-04",
        amountCents: -8995,
        counterpartyName: "Société Générale Prêt",
        counterpartyIban: "FR1420041010050500013M02606",
        description: "Incasso mars, contrat 4411",
        transactionCode: "ID",
      }),
    ]);
  });

  it("reports the bad amount", () => {
    expect(file.rowErrors).toEqual([{ row: 5, message: "Ongeldig bedrag '1.2.3'" }]);
  });
});

describe("Triodos CSV with a balance column, BOM and Windows line endings", () => {
  const text = readFixture("triodos-balance-crlf.csv");
  const file = triodosCsvFormat.parse(text);

  it("reads the running balance, also when negative", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(file.statements[0]).toMatchObject({
      openingBalanceCents: 10000,
      openingDate: "2026-05-12",
      closingBalanceCents: 85000,
      closingDate: "2026-05-13",
    });
    expect(
      file.statements[0]!.lines.map((entry) => [entry.row, entry.amountCents, entry.balanceAfterCents]),
    ).toEqual([
      [1, -25000, -15000],
      [3, 100000, 85000],
    ]);
    expect(file.statements[0]!.lines[1]!.counterpartyName).toBe("Klant Ünal");
  });

  it("reports the bad date", () => {
    expect(file.rowErrors).toEqual([{ row: 2, message: "Ongeldige datum '31-05-2026x'" }]);
  });
});

describe("Triodos CSV, edge cases", () => {
  it("reports an unknown direction and throws for a file that is not this layout", () => {
    const file = triodosCsvFormat.parse(
      '"02-03-2026","NL70TRIO0123456789","1,00","Af","A","","OV","x"\n"02-03-2026","NL70TRIO0123456789","1,00","Credit","A","","OV","x"\n',
    );
    expect(file.rowErrors).toEqual([
      { row: 1, message: "Onbekende richting 'Af' (verwacht Debet of Credit)" },
    ]);
    expect(file.statements[0]!.lines).toHaveLength(1);
    expect(() => triodosCsvFormat.parse("a,b\n")).toThrow(StatementFormatError);
  });
});
