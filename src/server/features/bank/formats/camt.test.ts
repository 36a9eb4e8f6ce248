import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { camt052Format, camt053Format } from "./camt";
import { mt940Format } from "./mt940";
import { readFixture, statementLine as line } from "./test-fixtures";
import { StatementFormatError, type StatementFormat } from "./types";

function parseError(format: StatementFormat, text: string): string {
  try {
    format.parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(StatementFormatError);
    return (error as Error).message;
  }
  throw new Error("parse did not throw");
}

/** "CRDT"/"DBIT" balance of a signed amount ("-10.00"). */
function balance(code: string, amount: string, date: string): string {
  const indicator = amount.startsWith("-") ? "DBIT" : "CRDT";
  return (
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount.replace("-", "")}</Amt>` +
    `<CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`
  );
}

/** A minimal one-statement file around the given entries, opening at 0.00, for cases a fixture would hide. */
function camt053With(entries: string, closing: string, namespace = "camt.053.001.02"): string {
  return `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${namespace}"><BkToCstmrStmt>
<GrpHdr><MsgId>M</MsgId><CreDtTm>2024-01-02T00:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2024-01-02T00:00:00</CreDtTm><Acct><Id><IBAN>NL20INGB0001234567</IBAN></Id></Acct>
${balance("OPBD", "0.00", "2024-01-01")}${balance("CLBD", closing, "2024-01-02")}
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

/** A booked entry of 10.00 on 2024-01-02. */
function entry(indicator: "CRDT" | "DBIT", body: string, reversal = false): string {
  return (
    `<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>${indicator}</CdtDbtInd>` +
    `${reversal ? "<RvslInd>true</RvslInd>" : ""}<Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt>` +
    `<BkTxCd><Prtry><Cd>X</Cd></Prtry></BkTxCd>${body}</Ntry>`
  );
}

describe("CAMT.053.001.02 (ING)", () => {
  const file = camt053Format.parse(readFixture("camt053-v02.xml"));

  it("reads both statements with the version in the label", () => {
    expect(file.format).toBe("camt053");
    expect(file.formatLabel).toBe("CAMT.053 (001.02)");
    expect(file.rowErrors).toEqual([]);
    expect(file.statements).toHaveLength(2);
  });

  it("reads foreign characters, a batch, a betalingskenmerk and a reversal", () => {
    expect(file.statements[0]).toEqual({
      accountIban: "NL20INGB0001234567",
      currency: "EUR",
      statementNumber: "0001234567EUR-2024-02-29",
      openingBalanceCents: 100000,
      openingDate: "2024-02-28",
      closingBalanceCents: 210945,
      closingDate: "2024-02-29",
      lines: [
        line({
          row: 1,
          bookingDate: "2024-02-29",
          valueDate: "2024-02-29",
          amountCents: 121000,
          counterpartyName: "Boulangerie Éclair SARL",
          counterpartyIban: "FR1420041010050500013M02606",
          counterpartyBic: "PSSTFRPPXXX",
          description: "Facture 2024-017 vitrine Entwurf für die Straße",
          bankReference: "20240229-0001",
          endToEndId: "FAC-2024-017",
          transactionCode: "PMNT/RCDT/ESCT",
        }),
        line({
          row: 2,
          bookingDate: "2024-02-29",
          valueDate: "2024-02-29",
          amountCents: -7500,
          description:
            "Batch 3 transacties: A. Bakker (€ 25,00, Reiskosten februari); B. de Groot (€ 30,00, Reiskosten " +
            "februari); C. Öztürk (€ 20,00, Parkeerkosten)",
          bankReference: "20240229-0002",
          transactionCode: "PMNT/ICDT/ESCT",
        }),
        line({
          row: 3,
          bookingDate: "2024-02-29",
          valueDate: "2024-02-29",
          amountCents: -4550,
          counterpartyName: "KPN B.V.",
          counterpartyIban: "NL02ABNA0123456789",
          counterpartyBic: "ABNANL2A",
          reference: "5012345678901234",
          bankReference: "20240229-0003",
          transactionCode: "PMNT/ICDT/ESCT",
        }),
        line({
          row: 4,
          bookingDate: "2024-02-29",
          valueDate: "2024-02-29",
          // CRDT with RvslInd: a direct debit came back, so money in; the counterparty is the original creditor.
          amountCents: 1995,
          counterpartyName: "Sportschool FitFit",
          counterpartyIban: "NL39RABO0300065264",
          counterpartyBic: "RABONL2U",
          description: "Contributie februari 2024",
          bankReference: "20240229-0004",
          endToEndId: "FIT-2024-02-88231",
          transactionCode: "PMNT/IDDT/UPDD",
        }),
      ],
    });
  });

  it("reads the second account from a negative opening balance, counting rows across statements", () => {
    expect(file.statements[1]).toEqual({
      accountIban: "NL36INGB0007654321",
      currency: "EUR",
      statementNumber: "0007654321EUR-2024-02-29",
      openingBalanceCents: -5000,
      openingDate: "2024-02-28",
      closingBalanceCents: 5000,
      closingDate: "2024-02-29",
      lines: [
        line({
          row: 5,
          bookingDate: "2024-02-29",
          valueDate: "2024-02-29",
          amountCents: 10000,
          counterpartyName: "Houtwerk Jansen",
          counterpartyIban: "NL20INGB0001234567",
          description: "Overboeking van betaalrekening",
          bankReference: "20240229-0005",
          transactionCode: "102",
        }),
      ],
    });
  });
});

describe("CAMT.053.001.04 (Rabobank, prefixed namespace)", () => {
  it("reads a statement over several days, PRCD as opening, BICFI, entry-only text and a zero line", () => {
    const file = camt053Format.parse(readFixture("camt053-v04.xml"));
    expect(file.formatLabel).toBe("CAMT.053 (001.04)");
    expect(file.statements).toEqual([
      {
        accountIban: "NL44RABO0123456789",
        currency: "EUR",
        statementNumber: "NL44RABO0123456789-2024-03-04",
        openingBalanceCents: 320000,
        openingDate: "2024-02-29",
        closingBalanceCents: 194327,
        closingDate: "2024-03-04",
        lines: [
          line({
            row: 1,
            bookingDate: "2024-03-01",
            valueDate: "2024-03-01",
            amountCents: -125000,
            counterpartyName: "Verhuur Kantoorruimte Utrecht BV",
            counterpartyIban: "NL91ABNA0417164300",
            counterpartyBic: "ABNANL2A",
            description: "Huur maart 2024 unit 4B",
            bankReference: "RABO-0000000041",
            endToEndId: "HUUR-2024-03",
            transactionCode: "PMNT/ICDT/STDO",
          }),
          line({
            row: 2,
            bookingDate: "2024-03-01",
            valueDate: "2024-03-01",
            amountCents: -673,
            description: "Kosten Rabo Zakelijk Totaal februari 2024",
            bankReference: "RABO-0000000042",
            transactionCode: "093",
          }),
          line({
            row: 3,
            bookingDate: "2024-03-04",
            valueDate: "2024-03-04",
            amountCents: 0,
            description: "Rente over februari 2024",
            bankReference: "RABO-0000000043",
            transactionCode: "ACMT/MDOP/INTR",
          }),
        ],
      },
    ]);
  });
});

describe("CAMT.053.001.08", () => {
  it("reads Sts/Cd, Pty/Nm, DtTm dates and an RF reference, and leaves the pending entry out", () => {
    const file = camt053Format.parse(readFixture("camt053-v08.xml"));
    expect(file.formatLabel).toBe("CAMT.053 (001.08)");
    expect(file.statements).toEqual([
      {
        accountIban: "NL43TRIO0197654321",
        currency: "EUR",
        statementNumber: "STMT-NL43TRIO0197654321-20240415",
        openingBalanceCents: -15025,
        openingDate: "2024-04-14",
        closingBalanceCents: -125,
        closingDate: "2024-04-15",
        lines: [
          line({
            row: 1,
            bookingDate: "2024-04-15",
            valueDate: "2024-04-15",
            amountCents: 60500,
            counterpartyName: "Gärtnerei Weiß & Söhne",
            counterpartyIban: "DE89370400440532013000",
            counterpartyBic: "COBADEFFXXX",
            description: "SEPA Overboeking Gärtnerei Weiß",
            reference: "RF18539007547034",
            bankReference: "TRIO240415000123",
            endToEndId: "E2E-KLANT-5521",
            transactionCode: "PMNT/RCDT/ESCT",
          }),
          line({
            row: 2,
            bookingDate: "2024-04-15",
            valueDate: "2024-04-16",
            amountCents: -45600,
            counterpartyName: "Belastingdienst",
            counterpartyIban: "NL86INGB0002445588",
            counterpartyBic: "INGBNL2A",
            description: "Omzetbelasting 1e kwartaal 2024",
            reference: "1234567890123456",
            bankReference: "TRIO240415000187",
            transactionCode: "PMNT/ICDT/ESCT",
          }),
        ],
      },
    ]);
  });
});

describe("CAMT.052.001.08 (intraday, Windows line endings and a BOM)", () => {
  const text = readFixture("camt052-v08.xml");

  it("is really a CRLF file with a BOM", () => {
    expect(text.startsWith('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\r\n')).toBe(true);
  });

  it("takes the interim booked balance as closing and skips the pending entry", () => {
    const file = camt052Format.parse(text);
    expect(file.format).toBe("camt052");
    expect(file.formatLabel).toBe("CAMT.052 (001.08)");
    expect(file.statements).toEqual([
      {
        accountIban: "NL91ABNA0417164300",
        currency: "EUR",
        statementNumber: "417164300-20240520-1200",
        openingBalanceCents: 80000,
        openingDate: "2024-05-20",
        closingBalanceCents: 134901,
        closingDate: "2024-05-20",
        lines: [
          line({
            row: 1,
            bookingDate: "2024-05-20",
            valueDate: "2024-05-20",
            amountCents: 57420,
            counterpartyName: "Stichting Zorg & Welzijn",
            counterpartyIban: "NL44RABO0123456789",
            description: "Factuur 2024-031",
            bankReference: "0520A1B2C3D4E5F6",
            endToEndId: "2024-031",
            transactionCode: "PMNT/RCDT/ESCT",
          }),
          line({
            row: 2,
            bookingDate: "2024-05-20",
            valueDate: "2024-05-20",
            amountCents: -2519,
            description: "BEA, Betaalpas Albert Heijn 1403,PAS123 NR:4X7Q21, 20.05.24/08:14 UTRECHT",
            bankReference: "0520F6E5D4C3B2A1",
            transactionCode: "PMNT/CCRD/POSD",
          }),
        ],
      },
    ]);
  });
});

describe("CAMT entries in detail", () => {
  it("keeps a DBIT reversal negative and takes the original credit's debtor as counterparty", () => {
    const details =
      `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Klant BV</Nm></Dbtr><DbtrAcct><Id><IBAN>NL02ABNA0123456789</IBAN>` +
      `</Id></DbtrAcct><Cdtr><Nm>Houtwerk Jansen</Nm></Cdtr></RltdPties><AddtlTxInf>Storno</AddtlTxInf></TxDtls>` +
      `</NtryDtls>`;
    const file = camt053Format.parse(camt053With(entry("DBIT", details, true), "-10.00"));
    expect(file.statements[0]?.lines).toEqual([
      line({
        row: 1,
        bookingDate: "2024-01-02",
        amountCents: -1000,
        counterpartyName: "Klant BV",
        counterpartyIban: "NL02ABNA0123456789",
        description: "Storno",
        transactionCode: "X",
      }),
    ]);
  });

  it("names a batch's counterparty when all parts share it, and reads a batch without details", () => {
    const part =
      `<TxDtls><RltdPties><Cdtr><Nm>Loonbureau</Nm></Cdtr><CdtrAcct><Id><IBAN>NL44RABO0123456789</IBAN></Id>` +
      `</CdtrAcct></RltdPties></TxDtls>`;
    const entries =
      entry("DBIT", `<NtryDtls>${part}${part}</NtryDtls>`) +
      entry(
        "DBIT",
        `<NtryDtls><Btch><NbOfTxs>12</NbOfTxs></Btch></NtryDtls><AddtlNtryInf>Salarissen</AddtlNtryInf>`,
      );
    const lines = camt053Format.parse(camt053With(entries, "-20.00")).statements[0]?.lines;
    expect(
      lines?.map(({ description, counterpartyName, counterpartyIban }) => [
        description,
        counterpartyName,
        counterpartyIban,
      ]),
    ).toEqual([
      ["Batch 2 transacties: Loonbureau; Loonbureau", "Loonbureau", "NL44RABO0123456789"],
      ["Batch 12 transacties: Salarissen", null, null],
    ]);
  });

  it("reports an entry without any date as a row error, still counting its amount in the balance check", () => {
    const undated = entry("CRDT", "").replace("<BookgDt><Dt>2024-01-02</Dt></BookgDt>", "");
    const file = camt053Format.parse(camt053With(undated + entry("CRDT", ""), "20.00"));
    expect(file.rowErrors).toEqual([{ row: 1, message: "Boeking zonder boek- of valutadatum." }]);
    expect(file.statements[0]?.lines.map((entryLine) => entryLine.row)).toEqual([2]);
  });

  it("reads a file whose Document has no namespace", () => {
    const text = camt053With(entry("CRDT", ""), "10.00").replace(/ xmlns="[^"]+"/, "");
    expect(camt053Format.sniff(text)).toBe(true);
    expect(camt052Format.sniff(text)).toBe(false);
    const file = camt053Format.parse(text);
    expect(file.formatLabel).toBe("CAMT.053");
    expect(file.statements[0]?.lines.map((entryLine) => entryLine.amountCents)).toEqual([1000]);
  });
});

describe("CAMT files that cannot be read", () => {
  it("names the line and column where a cut-off file ends", () => {
    expect(parseError(camt053Format, readFixture("camt053-truncated.xml"))).toBe(
      "Het CAMT-bestand is afgebroken (regel 173, kolom 21): <Document>, <BkToCstmrStmt>, <Stmt>, <Ntry>, " +
        "<NtryDtls>, <TxDtls>, <RltdPties>, <Cdtr> zijn niet afgesloten.",
    );
  });

  it("names the line and column of broken XML", () => {
    const text = readFixture("camt053-v02.xml").replace("Boulangerie", "Boulangerie & Co");
    expect(parseError(camt053Format, text)).toBe(
      "Het CAMT-bestand is geen geldige XML (regel 83, kolom 33): onverwacht teken '&'.",
    );
    const mismatched = readFixture("camt053-v02.xml").replace("<Sts>BOOK</Sts>", "<Sts>BOOK</Stts>");
    expect(parseError(camt053Format, mismatched)).toBe(
      "Het CAMT-bestand is geen geldige XML (regel 50, kolom 18): verwacht </Sts> (geopend op regel 50), maar vond </Stts>.",
    );
  });

  it("refuses a statement whose balances do not add up", () => {
    expect(parseError(camt053Format, readFixture("camt053-unbalanced.xml"))).toBe(
      "Het CAMT-bestand klopt niet in afschrift 1 (0001234567EUR-2024-02-29), rekening NL20INGB0001234567: " +
        "het beginsaldo € 1.000,00 plus de boekingen (€ 1.109,45) is € 2.109,45, maar het eindsaldo is € 2.190,45.",
    );
  });

  it("refuses an amount below the cent", () => {
    const text = camt053With(entry("CRDT", "").replace(">10.00<", ">1.005<"), "1.00");
    expect(parseError(camt053Format, text)).toBe(
      'Het CAMT-bestand is onleesbaar in afschrift 1 (S1): het bedrag "1.005" van boeking 1 (de 1e <Ntry> in het bestand) is onleesbaar.',
    );
  });

  it("refuses the other kind of CAMT message", () => {
    expect(parseError(camt053Format, readFixture("camt052-v08.xml"))).toBe(
      "Het CAMT-bestand bevat geen BkToCstmrStmt (CAMT.053).",
    );
    expect(parseError(camt052Format, readFixture("camt053-v02.xml"))).toBe(
      "Het CAMT-bestand bevat geen BkToCstmrAcctRpt (CAMT.052).",
    );
  });
});

describe("recognising CAMT", () => {
  it.each([
    ["camt053-v02.xml", "053"],
    ["camt053-v04.xml", "053"],
    ["camt053-v08.xml", "053"],
    ["camt053-truncated.xml", "053"],
    ["camt053-unbalanced.xml", "053"],
    ["camt052-v08.xml", "052"],
  ])("knows %s is CAMT.%s and not MT940", (name, kind) => {
    const text = readFixture(name);
    expect(camt053Format.sniff(text)).toBe(kind === "053");
    expect(camt052Format.sniff(text)).toBe(kind === "052");
    expect(mt940Format.sniff(text)).toBe(false);
  });

  it("accepts any camt.053.001.xx namespace and refuses other ISO 20022 messages", () => {
    const v10 = camt053With("", "0.00", "camt.053.001.10");
    expect(camt053Format.sniff(v10)).toBe(true);
    expect(camt053Format.parse(v10).formatLabel).toBe("CAMT.053 (001.10)");
    const notification = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn/></Document>`;
    expect(camt053Format.sniff(notification)).toBe(false);
    expect(camt052Format.sniff(notification)).toBe(false);
  });
});

const XSD_DIR = fileURLToPath(new URL("./xsd/", import.meta.url));
const FIXTURE_DIR = fileURLToPath(new URL("./fixtures/", import.meta.url));
const HAS_XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;
const CAMT_FIXTURES = readdirSync(FIXTURE_DIR).filter((name) => /^camt.*\.xml$/.test(name));

function xmllint(fixture: string): { status: number | null; output: string } {
  const namespace = /urn:iso:std:iso:20022:tech:xsd:(camt\.05[23]\.001\.\d{2})/.exec(readFixture(fixture));
  const schema = `${XSD_DIR}${namespace?.[1] ?? "missing"}.xsd`;
  const result = spawnSync("xmllint", ["--noout", "--schema", schema, `${FIXTURE_DIR}${fixture}`], {
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe.skipIf(!HAS_XMLLINT)(
  "CAMT fixtures against the official ISO 20022 schemas (needs xmllint, libxml2-utils)",
  () => {
    it("has a fixture for every schema", () => {
      expect(CAMT_FIXTURES).toEqual(
        expect.arrayContaining(["camt053-v02.xml", "camt053-v04.xml", "camt053-v08.xml", "camt052-v08.xml"]),
      );
    });

    it.each(CAMT_FIXTURES.filter((name) => name !== "camt053-truncated.xml"))("%s is valid", (fixture) => {
      const result = xmllint(fixture);
      expect(result.output).toContain("validates");
      expect(result.status).toBe(0);
    });

    it("the cut-off fixture is not even well-formed", () => {
      expect(xmllint("camt053-truncated.xml").status).not.toBe(0);
    });
  },
);
