import { describe, expect, it } from "vitest";
import { asnCsvFormat } from "./asn-csv";
import { snsCsvFormat } from "./sns-csv";
import { readFixture, statementLine as line } from "./test-fixtures";

describe("SNS CSV", () => {
  const file = snsCsvFormat.parse(readFixture("sns.csv"));

  it("reads the Volksbank layout under its own label", () => {
    expect(file.format).toBe("sns-csv");
    expect(file.formatLabel).toBe("SNS/RegioBank (CSV)");
    expect(file.rowErrors).toEqual([]);
    const { lines, ...statement } = file.statements[0]!;
    expect(statement).toEqual({
      accountIban: "NL12SNSB0123456789",
      currency: "EUR",
      statementNumber: "1",
      openingBalanceCents: 200000,
      openingDate: "2026-01-15",
      closingBalanceCents: -5000,
      closingDate: "2026-01-17",
    });
    expect(lines).toEqual([
      line({
        row: 1,
        bookingDate: "2026-01-15",
        valueDate: "2026-01-15",
        amountCents: -95000,
        counterpartyName: "verhuurder b.v.",
        counterpartyIban: "NL44RABO0123456789",
        description: "Huur januari",
        reference: "RF18539007547034",
        bankReference: "2026-01-15/70000001",
        transactionCode: "INC",
        balanceAfterCents: 105000,
      }),
      line({
        row: 2,
        bookingDate: "2026-01-16",
        valueDate: "2026-01-16",
        amountCents: -110000,
        description: "Geldautomaat Zürich",
        bankReference: "2026-01-16/70000002",
        transactionCode: "GEA",
        balanceAfterCents: -5000,
      }),
      line({
        row: 3,
        bookingDate: "2026-01-17",
        valueDate: "2026-01-17",
        amountCents: 0,
        counterpartyName: "klant één",
        counterpartyIban: "NL02ABNA0123456789",
        description: "Nulbetaling",
        bankReference: "2026-01-17/70000003",
        transactionCode: "OVB",
        balanceAfterCents: -5000,
      }),
    ]);
  });
});

describe("RegioBank CSV with BOM and Windows line endings", () => {
  const text = readFixture("regiobank-crlf.csv");
  const file = snsCsvFormat.parse(text);

  it("reads a RegioBank file as SNS/RegioBank and reports the bad amount", () => {
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("\r\n");
    expect(file.statements[0]).toMatchObject({
      accountIban: "NL89RBRB0123456789",
      openingBalanceCents: 30000,
      closingBalanceCents: -2000,
    });
    expect(
      file.statements[0]!.lines.map((entry) => [entry.row, entry.counterpartyIban, entry.description]),
    ).toEqual([
      [1, "NL44RABO0123456789", "Tuinonderhoud, februari"],
      [3, "DE89370400440532013000", "Pflanzen"],
    ]);
    expect(file.statements[0]!.lines[1]!.counterpartyName).toBe("gärtnerei müller");
    expect(file.rowErrors).toEqual([{ row: 2, message: "Ongeldig bedrag '-1.2.3'" }]);
  });
});

describe("ASN and SNS share the layout", () => {
  it("tells them apart by the bank code of the own IBAN; an unknown one is ASN's", () => {
    const sns = readFixture("sns.csv");
    expect(snsCsvFormat.sniff(sns)).toBe(true);
    expect(asnCsvFormat.sniff(sns)).toBe(false);
    const other = sns.replaceAll("NL12SNSB0123456789", "NL12BUNQ0123456789");
    expect(asnCsvFormat.sniff(other)).toBe(true);
    expect(snsCsvFormat.sniff(other)).toBe(false);
  });
});
