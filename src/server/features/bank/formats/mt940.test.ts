import { describe, expect, it } from "vitest";
import { camt052Format, camt053Format } from "./camt";
import { mt940Format } from "./mt940";
import { parseMt940Details } from "./mt940-details";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError } from "./types";

/** A one-statement MT940 around the given :61:/:86: lines, for the cases a fixture file would hide. */
function statementWith(opening: string, entries: string[], closing: string): string {
  return [
    ":20:TEST",
    ":25:NL20INGB0001234567EUR",
    ":28C:1",
    `:60F:${opening}`,
    ...entries,
    `:62F:${closing}`,
  ].join("\n");
}

function parseError(text: string): string {
  try {
    mt940Format.parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return (error as Error).message;
  }
  throw new Error("parse did not throw");
}

describe("MT940 from ING (structured :86:)", () => {
  const file = mt940Format.parse(readFixture("ing.sta"));

  it("reads one statement per {1:}…-} message, with the ING label", () => {
    expect(file.format).toBe("mt940");
    expect(file.formatLabel).toBe("MT940 (ING)");
    expect(file.rowErrors).toEqual([]);
    expect(file.statements).toHaveLength(2);
  });

  it("reads a statement over several days, a zero line, a reversal and the New Year wrap", () => {
    expect(file.statements[0]).toEqual({
      accountIban: "NL20INGB0001234567",
      currency: "EUR",
      statementNumber: "00252",
      openingBalanceCents: 125000,
      openingDate: "2023-12-28",
      closingBalanceCents: 56865,
      closingDate: "2023-12-31",
      lines: [
        line({
          row: 6,
          bookingDate: "2023-12-29",
          valueDate: "2023-12-29",
          amountCents: 151250,
          // The :86: wraps inside the IBAN and inside "/REMI/"; joined without a space both read whole.
          counterpartyName: "Brood- en Banketbakkerij De Korenschoof BV",
          counterpartyIban: "NL91ABNA0417164300",
          counterpartyBic: "ABNANL2A",
          description: "Factuur 2023-118 houtwerk dakkapel en goten",
          bankReference: "00000000001005",
          endToEndId: "20231229-KORENSCHOOF-FAC2023118",
          transactionCode: "NTRF",
        }),
        line({
          row: 11,
          bookingDate: "2023-12-29",
          valueDate: "2023-12-29",
          amountCents: 0,
          description: "Kosten zakelijk betalingsverkeer december 2023, 0 posten",
          bankReference: "00000000001006",
          transactionCode: "NMSC",
        }),
        line({
          row: 15,
          bookingDate: "2023-12-30",
          valueDate: "2023-12-30",
          amountCents: -6135,
          counterpartyName: "Tankstation De Rotonde BV",
          counterpartyIban: "NL36INGB0007654321",
          counterpartyBic: "INGBNL2A",
          // The continuation line starts with ":30:00": not a tag, so text.
          description: "Pasbetaling 30-12-2023 om 16:30:00 pas 012",
          bankReference: "00000000001007",
          transactionCode: "NMSC",
        }),
        line({
          row: 20,
          bookingDate: "2023-12-31",
          valueDate: "2024-01-02",
          amountCents: -214500,
          counterpartyName: "Belastingdienst",
          counterpartyIban: "NL86INGB0002445588",
          counterpartyBic: "INGBNL2A",
          reference: "1234567890123456",
          bankReference: "00000000001008",
          endToEndId: "20231231-BTW-2023Q4",
          transactionCode: "NTRF",
        }),
        line({
          row: 24,
          bookingDate: "2023-12-31",
          valueDate: "2023-12-31",
          amountCents: 1250,
          counterpartyName: "Sportvereniging Oranje Boven",
          counterpartyIban: "NL04RABO0112233445",
          counterpartyBic: "RABONL2U",
          description: "Contributie december 2023 lid 4471",
          bankReference: "00000000001009",
          endToEndId: "SVO-2023-12-4471",
          transactionCode: "NDDT",
        }),
      ],
    });
  });

  it("reads the next statement ending in a negative balance", () => {
    expect(file.statements[1]).toEqual({
      accountIban: "NL20INGB0001234567",
      currency: "EUR",
      statementNumber: "00253",
      openingBalanceCents: 56865,
      openingDate: "2023-12-31",
      closingBalanceCents: -30634,
      closingDate: "2024-01-02",
      lines: [
        line({
          row: 39,
          bookingDate: "2024-01-02",
          valueDate: "2024-01-02",
          amountCents: -89999,
          counterpartyName: "Buerobedarf Schmidt GmbH",
          counterpartyIban: "DE89370400440532013000",
          counterpartyBic: "COBADEFFXXX",
          description: "Rechnung 2023-4471 Buerostuehle",
          bankReference: "00000000001010",
          transactionCode: "NTRF",
        }),
        line({
          row: 44,
          bookingDate: "2024-01-02",
          valueDate: "2024-01-02",
          amountCents: 2500,
          counterpartyName: "J. de Vries",
          counterpartyIban: "NL02ABNA0123456789",
          counterpartyBic: "ABNANL2A",
          description: "Lunch 28 december",
          bankReference: "00000000001011",
          endToEndId: "TIKKIE-7781-2024",
          transactionCode: "NTRF",
        }),
      ],
    });
  });
});

describe("MT940S from Rabobank", () => {
  const file = mt940Format.parse(readFixture("rabobank.940"));

  it("reads two accounts, zero-padded amounts, the counter IBAN on the :61:'s second line and RC", () => {
    expect(file.formatLabel).toBe("MT940 (Rabobank)");
    expect(file.statements).toEqual([
      {
        accountIban: "NL44RABO0123456789",
        currency: "EUR",
        statementNumber: "00031",
        openingBalanceCents: 432109,
        openingDate: "2024-01-30",
        closingBalanceCents: 513564,
        closingDate: "2024-01-31",
        lines: [
          line({
            row: 6,
            bookingDate: "2024-01-31",
            valueDate: "2024-01-31",
            amountCents: -25000,
            counterpartyName: "Café Le Brûlé",
            counterpartyIban: "NL93RABO0987654321",
            description: "Factuur 2024-0007 catering kick-off 26 januari",
            endToEndId: "FAC-2024-0007",
            transactionCode: "N102",
          }),
          line({
            row: 10,
            bookingDate: "2024-01-31",
            valueDate: "2024-01-31",
            amountCents: 121000,
            counterpartyName: "Müller & Söhne GmbH",
            counterpartyIban: "DE89370400440532013000",
            description: "Rechnung 2024-0003 Beratung Januar",
            endToEndId: "E2E-2024-0042",
            transactionCode: "N541",
          }),
          line({
            row: 15,
            bookingDate: "2024-01-31",
            valueDate: "2024-01-31",
            amountCents: -4550,
            counterpartyName: "KPN B.V.",
            counterpartyIban: "NL02ABNA0123456789",
            reference: "5012345678901234",
            transactionCode: "N102",
          }),
          line({
            row: 19,
            bookingDate: "2024-01-31",
            valueDate: "2024-01-31",
            // RC: the reversal of a credit takes the money out again.
            amountCents: -9995,
            counterpartyName: "Jansen Klussen",
            counterpartyIban: "NL04RABO0112233445",
            description: "Terugboeking Factuur 2024-0001",
            endToEndId: "E2E-2024-0039",
            transactionCode: "N541",
          }),
        ],
      },
      {
        accountIban: "NL93RABO0987654321",
        currency: "EUR",
        statementNumber: "00031",
        openingBalanceCents: -12050,
        openingDate: "2024-01-30",
        closingBalanceCents: 37950,
        closingDate: "2024-01-31",
        lines: [
          line({
            row: 28,
            bookingDate: "2024-01-31",
            valueDate: "2024-01-31",
            amountCents: 50000,
            counterpartyName: "R. van den Berg",
            counterpartyIban: "NL44RABO0123456789",
            description: "Aanvulling rekening",
            endToEndId: "SPAAR-2024-01",
            transactionCode: "N541",
          }),
        ],
      },
    ]);
  });
});

describe("MT940 from ABN AMRO (Windows line endings and a BOM)", () => {
  const text = readFixture("abnamro.sta");
  const file = mt940Format.parse(text);

  it("is really a CRLF file with a BOM", () => {
    expect(text.startsWith("\uFEFFABNANL2A\r\n940\r\n")).toBe(true);
    expect(text.split("\n").every((row) => row === "" || row.endsWith("\r"))).toBe(true);
  });

  it("reads the SEPA /TRTP/ layout, the fixed-width layout and the bare account number", () => {
    expect(file.formatLabel).toBe("MT940 (ABN AMRO)");
    expect(file.statements).toEqual([
      {
        // :25:417164300 is ABN AMRO's account number; its IBAN is NL91ABNA0417164300.
        accountIban: "NL91ABNA0417164300",
        currency: "EUR",
        statementNumber: "24065/1",
        openingBalanceCents: 250000,
        openingDate: "2024-03-05",
        closingBalanceCents: 129155,
        closingDate: "2024-03-07",
        lines: [
          line({
            row: 8,
            bookingDate: "2024-03-06",
            valueDate: "2024-03-06",
            amountCents: -125000,
            counterpartyName: "Verhuur Kantoorruimte Utrecht BV",
            counterpartyIban: "NL44RABO0123456789",
            counterpartyBic: "RABONL2U",
            description: "Huur maart 2024 unit 4B",
            transactionCode: "N654",
          }),
          line({
            row: 12,
            bookingDate: "2024-03-06",
            valueDate: "2024-03-06",
            amountCents: 9950,
            counterpartyName: "Atelier Dupont SRL",
            counterpartyIban: "BE68539007547034",
            counterpartyBic: "GKCCBEBB",
            description: "Facture 2024-011 réparation",
            endToEndId: "2024-011-DUPONT",
            transactionCode: "N654",
          }),
          line({
            row: 16,
            bookingDate: "2024-03-07",
            valueDate: "2024-03-07",
            amountCents: -1295,
            description: "BEA NR:7TM9J3 07.03.24/12.54 HEMA UTRECHT CENTRUM,PAS123",
            transactionCode: "N426",
          }),
          line({
            row: 18,
            bookingDate: "2024-03-07",
            valueDate: "2024-03-07",
            amountCents: -4500,
            description:
              "GIRO 428428 KPN B.V. BETALINGSKENM. 5012345678901234 BETREFT FACTUUR D.D. 01-03-2024 INCL. 7,81 BTW",
            reference: "5012345678901234",
            transactionCode: "N192",
          }),
        ],
      },
      {
        accountIban: "NL91ABNA0417164300",
        currency: "EUR",
        statementNumber: "24066/1",
        openingBalanceCents: 129155,
        openingDate: "2024-03-07",
        closingBalanceCents: -845,
        closingDate: "2024-03-08",
        lines: [
          line({
            row: 30,
            bookingDate: "2024-03-08",
            valueDate: "2024-03-08",
            amountCents: -130000,
            counterpartyName: "Zonnepanelen Groen VOF",
            counterpartyIban: "NL43TRIO0197654321",
            counterpartyBic: "TRIONL2U",
            description:
              "SEPA Overboeking IBAN: NL43TRIO0197654321 BIC: TRIONL2U Naam: Zonnepanelen Groen VOF " +
              "Omschrijving: Termijn 2 van 3 Kenmerk: ZG-2024-0815",
            endToEndId: "ZG-2024-0815",
            transactionCode: "N658",
          }),
        ],
      },
    ]);
  });
});

describe("MT940 files that cannot be read", () => {
  it("names the statement and line where a cut-off file ends without its closing balance", () => {
    expect(parseError(readFixture("ing-truncated.sta"))).toBe(
      "Het MT940-bestand is afgebroken in afschrift 3 (regel 59): het eindsaldo (:62F:) ontbreekt.",
    );
  });

  it("refuses a statement whose balances do not add up", () => {
    expect(parseError(readFixture("rabobank-unbalanced.940"))).toBe(
      "Het MT940-bestand klopt niet in afschrift 1 (regel 2), rekening NL44RABO0123456789: het beginsaldo " +
        "€ 4.321,09 plus de boekingen (€ 814,55) is € 5.135,64, maar het eindsaldo is € 5.153,64.",
    );
  });

  it("refuses a :61: with an unreadable amount, naming its line", () => {
    const text = statementWith(
      "C240101EUR100,00",
      [":61:2401020102D1O,00NTRFNONREF//0001", ":86:/REMI/USTD//Typo in het bedrag/"],
      "C240102EUR90,00",
    );
    expect(parseError(text)).toBe(
      'Het MT940-bestand is onleesbaar in afschrift 1 (regel 5): het bedrag van de boeking (:61:) "2401020102D1O,00NTRFNONREF//0001" is onleesbaar.',
    );
  });

  it("notices a statement that stops before its closing balance when the next one starts", () => {
    const first = [":20:A", ":25:NL20INGB0001234567EUR", ":60F:C240101EUR0,00", ":61:240102C1,00NTRFNONREF"];
    expect(parseError([...first, ":20:B", ":60F:C240102EUR1,00", ":62F:C240102EUR1,00"].join("\n"))).toBe(
      "Het MT940-bestand is afgebroken in afschrift 1 (regel 5): het eindsaldo (:62F:) ontbreekt.",
    );
  });

  it("refuses a file without statements", () => {
    expect(parseError("")).toBe("Het MT940-bestand bevat geen afschriften (geen :20:-regel gevonden).");
  });
});

describe("MT940 :61: details", () => {
  it.each([
    // value date, entry date → booking date: the entry date's year follows the value date across New Year
    ["2401021231", "2024-01-02", "2023-12-31"],
    ["2312310102", "2023-12-31", "2024-01-02"],
    ["2406300701", "2024-06-30", "2024-07-01"],
    ["240229", "2024-02-29", "2024-02-29"],
  ])("dates %s as value %s, booked %s", (dates, valueDate, bookingDate) => {
    const text = statementWith("C240101EUR0,00", [`:61:${dates}C1,00NTRFNONREF`], "C240101EUR1,00");
    expect(mt940Format.parse(text).statements[0]?.lines[0]).toMatchObject({ valueDate, bookingDate });
  });

  it.each([
    ["C", 1250],
    ["D", -1250],
    ["RD", 1250],
    ["RC", -1250],
    ["CR", 1250], // C with funds code R
  ])("signs mark %s as %i cents", (mark, amountCents) => {
    const closing = `${amountCents < 0 ? "D" : "C"}240101EUR12,50`;
    const text = statementWith("C240101EUR0,00", [`:61:240101${mark}12,50NTRFNONREF//B1`], closing);
    expect(mt940Format.parse(text).statements[0]?.lines[0]?.amountCents).toBe(amountCents);
  });

  it("reads the references, ignoring NONREF, and the old ING type with a space", () => {
    const text = statementWith(
      "C240101EUR10,00",
      [":61:240101D1,NOV NONREF", ":61:240101C11,8NTRFKLANT-REF-1//NONREF"],
      "C240101EUR20,80",
    );
    expect(mt940Format.parse(text).statements[0]?.lines).toEqual([
      line({
        row: 5,
        bookingDate: "2024-01-01",
        valueDate: "2024-01-01",
        amountCents: -100,
        transactionCode: "NOV",
      }),
      line({
        row: 6,
        bookingDate: "2024-01-01",
        valueDate: "2024-01-01",
        amountCents: 1180,
        transactionCode: "NTRF",
      }),
    ]);
  });

  it("labels an MT940 of another bank plainly and keeps a foreign :25: as written", () => {
    const text = statementWith("C240101EUR0,00", [], "C240101EUR0,00").replace(
      ":25:NL20INGB0001234567EUR",
      ":25:NL43TRIO0197654321",
    );
    const file = mt940Format.parse(text);
    expect(file.formatLabel).toBe("MT940");
    expect(file.statements[0]?.accountIban).toBe("NL43TRIO0197654321");
  });

  it("leaves a statement-level :86: after the closing balance out of the lines", () => {
    const text = statementWith(
      "C240101EUR0,00",
      [":61:240101C1,00NTRFNONREF", ":86:/REMI/USTD//Regel/"],
      "C240101EUR1,00",
    );
    const file = mt940Format.parse(`${text}\n:86:/SUM/1/0/1,00/0,00/\n-}`);
    expect(file.statements[0]?.lines.map((entry) => entry.description)).toEqual(["Regel"]);
    expect(file.formatLabel).toBe("MT940 (ING)");
  });
});

describe("MT940 :86: information", () => {
  it.each([
    [
      "ING with a slash in the name and no city",
      ["/EREF/NOTPROVIDED//CNTP/NL02ABNA0123456789/ABNANL2A/Jansen/De Vries///REMI/USTD//Huur 12/2024/"],
      {
        counterpartyName: "Jansen/De Vries",
        counterpartyIban: "NL02ABNA0123456789",
        counterpartyBic: "ABNANL2A",
        description: "Huur 12/2024",
        reference: null,
        endToEndId: null,
      },
    ],
    [
      "ING with a creditor reference and no BIC",
      ["/CNTP/NL86INGB0002445588//Belastingdienst/APELDOORN//REMI/STRD/ISO/RF18539007547034/"],
      {
        counterpartyName: "Belastingdienst",
        counterpartyIban: "NL86INGB0002445588",
        counterpartyBic: null,
        description: "",
        reference: "RF18539007547034",
        endToEndId: null,
      },
    ],
    [
      "Rabobank with the ultimate party after the real one",
      ["/EREF/X-1/ORDP//NAME/Incassobureau Noord/ULTD//NAME/Klant BV/REMI/Dossier 77/ISDT/2024-01-31"],
      {
        counterpartyName: "Incassobureau Noord",
        counterpartyIban: null,
        counterpartyBic: null,
        description: "Dossier 77",
        reference: null,
        endToEndId: "X-1",
      },
    ],
    [
      "ABN AMRO SEPA with the end-to-end id cut over two lines",
      [
        "/TRTP/SEPA OVERBOEKING/IBAN/FR1420041010050500013M02606/BIC/PSSTFRPP",
        "/NAME/Zoë/REMI/Factuur 9/EREF/NOTPRO",
        "VIDED",
      ],
      {
        counterpartyName: "Zoë",
        counterpartyIban: "FR1420041010050500013M02606",
        counterpartyBic: "PSSTFRPP",
        description: "Factuur 9",
        reference: null,
        endToEndId: null,
      },
    ],
    [
      "free text: a short line ends where the writer ended it",
      ["0111111111 Hr S Marechal", "ROSMALEN Betaling"],
      {
        counterpartyName: null,
        counterpartyIban: null,
        counterpartyBic: null,
        description: "0111111111 Hr S Marechal ROSMALEN Betaling",
        reference: null,
        endToEndId: null,
      },
    ],
    [
      "free text: a full 65-character line was wrapped inside a word",
      [`${"x".repeat(53)}Overboek`, "ing ontvangen"],
      {
        counterpartyName: null,
        counterpartyIban: null,
        counterpartyBic: null,
        description: `${"x".repeat(53)}Overboeking ontvangen`,
        reference: null,
        endToEndId: null,
      },
    ],
  ])("%s", (_case, lines, expected) => {
    expect(parseMt940Details(lines)).toEqual(expected);
  });
});

describe("recognising MT940", () => {
  it.each(["ing.sta", "rabobank.940", "abnamro.sta", "ing-truncated.sta", "rabobank-unbalanced.940"])(
    "knows %s is MT940 and not CAMT",
    (name) => {
      const text = readFixture(name);
      expect(mt940Format.sniff(text)).toBe(true);
      expect(camt053Format.sniff(text)).toBe(false);
      expect(camt052Format.sniff(text)).toBe(false);
    },
  );

  it.each([
    ["a CAMT.053 file", readFixture("camt053-v02.xml")],
    ["an ING CSV header", '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij"\n'],
    ["text that mentions a tag", "Zie :20: en :25: in de handleiding"],
  ])("does not take %s for MT940", (_case, text) => {
    expect(mt940Format.sniff(text)).toBe(false);
  });
});
