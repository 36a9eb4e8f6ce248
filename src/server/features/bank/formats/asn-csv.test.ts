import { describe, expect, it } from "vitest";
import { asnCsvFormat } from "./asn-csv";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError } from "./types";

describe("ASN Bank CSV", () => {
  const file = asnCsvFormat.parse(readFixture("asn.csv"));
  const [statement] = file.statements;

  it("reads the statement with balances from 'saldo voor mutatie'", () => {
    expect(file.format).toBe("asn-csv");
    expect(file.formatLabel).toBe("ASN Bank (CSV)");
    expect(file.rowErrors).toEqual([]);
    const { lines, ...rest } = statement!;
    expect(rest).toEqual({
      accountIban: "NL45ASNB0708219871",
      currency: "EUR",
      // The lines span two afschriften.
      statementNumber: null,
      openingBalanceCents: 10000,
      openingDate: "2026-03-02",
      closingBalanceCents: 5250,
      closingDate: "2026-03-05",
    });
    expect(lines.map((entry) => [entry.row, entry.amountCents, entry.balanceAfterCents])).toEqual([
      [1, 121000, 131000],
      [2, -150000, -19000],
      [3, 0, -19000],
      [4, 25000, 6000],
      [5, -750, 5250],
    ]);
  });

  it("reads single-quoted text with commas and strips the quotes", () => {
    expect(statement!.lines[0]).toEqual(
      line({
        row: 1,
        bookingDate: "2026-03-02",
        valueDate: "2026-03-02",
        amountCents: 121000,
        counterpartyName: "Grafisch bureau Ärmel",
        counterpartyIban: "NL91ABNA0417164300",
        description: "Factuur 2026-031, ontwerp logo",
        bankReference: "2026-03-02/51392971",
        transactionCode: "OVB",
        balanceAfterCents: 131000,
      }),
    );
    expect(statement!.lines[1]).toMatchObject({
      reference: "1234567890123456",
      description: "Omzetbelasting Q4",
      transactionCode: "INC",
    });
  });

  it("gives no bank reference for a zero volgnummer", () => {
    expect(statement!.lines[2]).toEqual(
      line({
        row: 3,
        bookingDate: "2026-03-03",
        valueDate: "2026-03-03",
        description: "Kosten gebruik betaalrekening",
        transactionCode: "KST",
        balanceAfterCents: -19000,
      }),
    );
  });

  it("keeps a name with a comma or a leading apostrophe whole", () => {
    expect(statement!.lines[3]).toMatchObject({
      counterpartyName: "jansen, j.",
      valueDate: "2026-03-05",
      description: "Terugbetaling lunch — met dank",
    });
    expect(statement!.lines[4]).toMatchObject({
      counterpartyName: "'t hoekje",
      description: "Betaalautomaat 05-03-26 12:01 pasnr. 001",
      transactionCode: "BEA",
    });
  });
});

describe("ASN Bank CSV with BOM and Windows line endings", () => {
  const text = readFixture("asn-crlf.csv");
  const file = asnCsvFormat.parse(text);

  it("reads the good rows and reports the impossible date", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(file.statements[0]).toMatchObject({
      statementNumber: "14",
      openingBalanceCents: 5250,
      closingBalanceCents: 0,
    });
    expect(file.statements[0]!.lines.map((entry) => [entry.row, entry.counterpartyName])).toEqual([
      [1, "bakkerij bröd"],
      [3, "bakkerij bröd"],
    ]);
    expect(file.rowErrors).toEqual([
      {
        row: 2,
        message:
          "Ongeldige datum '31-04-2026'; Ongeldige journaaldatum '31-04-2026'; Ongeldige valutadatum '31-04-2026'",
      },
    ]);
  });
});

describe("ASN Bank CSV, edge cases", () => {
  it("reports a row that does not fit the layout and throws for a file that has none", () => {
    const good = readFixture("asn.csv").split("\n")[0]!;
    expect(asnCsvFormat.parse(`${good}\nkapot,regel\n`).rowErrors).toEqual([
      { row: 2, message: "Regel heeft 2 kolommen, verwacht 19" },
    ]);
    expect(() => asnCsvFormat.parse("kapot,regel\n")).toThrow(StatementFormatError);
    expect(() => asnCsvFormat.parse("\n")).toThrow("Het bestand is leeg");
  });

  it("tolerates an empty 20th field", () => {
    const good = readFixture("asn.csv").split("\n")[2]!;
    expect(asnCsvFormat.parse(`${good},\n`).statements[0]!.lines[0]).toMatchObject({
      description: "Kosten gebruik betaalrekening",
    });
  });
});
