import { describe, expect, it } from "vitest";
import { parseCsvDate, parseTransactionsCsv, type CsvParseResult } from "./csv-import";

function rowsOf(result: CsvParseResult) {
  if (!result.ok) throw new Error(result.error);
  return result.rows;
}

describe("parseCsvDate", () => {
  it.each([
    ["31-01-2026", "2026-01-31"],
    ["1-2-2026", "2026-02-01"],
    ["31/01/2026", "2026-01-31"],
    ["31.01.2026", "2026-01-31"],
    ["2026-01-31", "2026-01-31"],
    ["20260131", "2026-01-31"],
    ["29-02-2028", "2028-02-29"],
  ])("%j -> %s", (text, iso) => {
    expect(parseCsvDate(text)).toBe(iso);
  });

  it.each([
    ["29-02-2027"],
    ["32-01-2026"],
    ["2026-13-01"],
    ["01-31-2026x"],
    ["gisteren"],
    [""],
    ["2026/01/31"],
  ])("rejects %j", (text) => {
    expect(parseCsvDate(text)).toBeNull();
  });
});

describe("parseTransactionsCsv", () => {
  it("reads the specification's columns, comma-separated", () => {
    const rows = rowsOf(
      parseTransactionsCsv(
        "Datum,Bedrag,Beschrijving,BTW,Categorie\n15-01-2026,1210.00,Factuur 2026-001,21,Omzet\n2026-01-16,-60.50,Lunch,9,\n",
      ),
    );
    expect(rows).toEqual([
      {
        row: 2,
        ok: true,
        value: {
          date: "2026-01-15",
          type: "income",
          amount: 121000,
          vatRateHundredths: 2100,
          vatAmount: 25410,
          amountIncludingVat: 146410,
          description: "Factuur 2026-001",
          categoryName: "Omzet",
        },
      },
      {
        row: 3,
        ok: true,
        value: {
          date: "2026-01-16",
          type: "expense",
          amount: 6050,
          vatRateHundredths: 900,
          vatAmount: 545,
          amountIncludingVat: 6595,
          description: "Lunch",
          categoryName: null,
        },
      },
    ]);
  });

  it("reads English headers in any case, semicolons, a BOM, CRLF and quoted fields with separators and newlines", () => {
    const text =
      '\uFEFFDATE;Amount;DESCRIPTION;Vat;Category\r\n"31-01-2026";"1.234,56";"Huur; januari\r\nkantoor";"21%";"huisvesting"\r\n';
    const [row] = rowsOf(parseTransactionsCsv(text));
    expect(row).toMatchObject({
      row: 2,
      ok: true,
      value: {
        date: "2026-01-31",
        type: "income",
        amount: 123456,
        vatRateHundredths: 2100,
        description: "Huur; januari kantoor",
        categoryName: "huisvesting",
      },
    });
  });

  it("uses omschrijving as the description and VAT 0 without a VAT column or for a zero amount", () => {
    const rows = rowsOf(
      parseTransactionsCsv(
        "omschrijving,datum,bedrag\nKoffie,02-03-2026,€ -3,50\nNul,02-03-2026,0\n".replace(
          "€ -3,50",
          '"€ -3,50"',
        ),
      ),
    );
    expect(rows.map((row) => row.ok && row.value)).toEqual([
      expect.objectContaining({
        type: "expense",
        amount: 350,
        vatRateHundredths: 0,
        vatAmount: 0,
        description: "Koffie",
      }),
      expect.objectContaining({ type: "income", amount: 0, vatRateHundredths: 0, amountIncludingVat: 0 }),
    ]);
  });

  it("reads an ING export (semicolons, YYYYMMDD, unsigned amount with Af Bij)", () => {
    const text = [
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"',
      '"20260105";"Albert Heijn 1234";"NL20INGB0001234567";"";"BA";"Af";"12,34";"Betaalautomaat";"Pasvolgnr: 001";"-1,00";""',
      '"20260104";"Klant BV";"NL20INGB0001234567";"NL91ABNA0417164300";"OV";"Bij";"1.210,00";"Overschrijving";"Factuur 12";"1.000,00";""',
    ].join("\n");
    expect(rowsOf(parseTransactionsCsv(text)).map((row) => row.ok && row.value)).toEqual([
      expect.objectContaining({
        date: "2026-01-05",
        type: "expense",
        amount: 1234,
        description: "Albert Heijn 1234",
      }),
      expect.objectContaining({
        date: "2026-01-04",
        type: "income",
        amount: 121000,
        description: "Klant BV",
      }),
    ]);
  });

  it("reads an ING English export (Debit/credit)", () => {
    const text =
      '"Date";"Name / Description";"Account";"Counterparty";"Code";"Debit/credit";"Amount (EUR)";"Transaction type";"Notifications";"Resulting balance";"Tag"\n' +
      '"20260105";"Shell";"NL20INGB0001234567";"";"BA";"Debit";"50,00";"Payment terminal";"";"0,00";""\n';
    expect(rowsOf(parseTransactionsCsv(text))[0]).toMatchObject({
      ok: true,
      value: { type: "expense", amount: 5000, description: "Shell" },
    });
  });

  it("reads a Rabobank export (signed amounts, counterparty and description joined)", () => {
    const header =
      '"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Tegenrekening IBAN/BBAN","Naam tegenpartij","Naam uiteindelijke partij","Naam initiërende partij","BIC tegenpartij","Code","Batch ID","Transactiereferentie","Machtigingskenmerk","Incassant ID","Betalingskenmerk","Omschrijving-1","Omschrijving-2","Omschrijving-3","Reden retour","Oorspr bedrag","Oorspr munt","Koers"';
    const line = (amount: string, name: string, text: string) =>
      `"NL11RABO0123456789","EUR","RABONL2U","000000000000000001","2026-02-01","2026-02-01","${amount}","+1000,00","NL91ABNA0417164300","${name}","","","","cb","","","","","","${text}","","","","","",""`;
    const rows = rowsOf(
      parseTransactionsCsv(
        [header, line("+442,98", "Klant BV", "Factuur 7"), line("-30,00", "KPN", "")].join("\n"),
      ),
    );
    expect(rows.map((row) => row.ok && row.value)).toEqual([
      expect.objectContaining({
        date: "2026-02-01",
        type: "income",
        amount: 44298,
        description: "Klant BV - Factuur 7",
      }),
      expect.objectContaining({ type: "expense", amount: 3000, description: "KPN" }),
    ]);
  });

  it("reports every problem of a broken row with its spreadsheet row number, and keeps the good rows", () => {
    const text = [
      "Datum,Bedrag,Beschrijving,BTW",
      "31-02-2026,10.00,Ongeldige dag,21",
      "01-03-2026,tien,Geen getal,21",
      "01-03-2026,10.00,,21",
      "01-03-2026,10.00,BTW te hoog,121",
      ",,,",
      "01-03-2026,10.00,Goed,",
      "01-03-2026,12.345,Drie decimalen,0",
    ].join("\n");
    expect(rowsOf(parseTransactionsCsv(text))).toEqual([
      { row: 2, ok: false, error: "Ongeldige datum '31-02-2026'" },
      { row: 3, ok: false, error: "Ongeldig bedrag 'tien'" },
      { row: 4, ok: false, error: "Beschrijving ontbreekt" },
      { row: 5, ok: false, error: "Ongeldig BTW-percentage '121' (0 tot en met 100)" },
      { row: 6, ok: true, value: expect.objectContaining({ description: "Goed", vatRateHundredths: 0 }) },
      { row: 7, ok: false, error: "Ongeldig bedrag '12.345'" },
    ]);
  });

  it("reports a row with missing cells", () => {
    expect(rowsOf(parseTransactionsCsv("Datum,Bedrag,Beschrijving\n01-03-2026\n"))).toEqual([
      { row: 2, ok: false, error: "Bedrag ontbreekt; Beschrijving ontbreekt" },
    ]);
  });

  it.each([
    ["", "Het bestand is leeg"],
    ["naam,waarde\nx,1\n", "Kolom Datum, Bedrag, Beschrijving ontbreekt"],
    ["Datum,Beschrijving\n01-01-2026,x\n", "Kolom Bedrag ontbreekt"],
  ])("refuses a file it cannot read: %j", (text, message) => {
    const result = parseTransactionsCsv(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(message);
  });
});
