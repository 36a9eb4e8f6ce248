import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { abnAmroTabFormat } from "./abnamro-tab";
import { asnCsvFormat } from "./asn-csv";
import { bunqCsvFormat } from "./bunq-csv";
import { ingCsvFormat } from "./ing-csv";
import { knabCsvFormat } from "./knab-csv";
import { rabobankCsvFormat } from "./rabobank-csv";
import { snsCsvFormat } from "./sns-csv";
import { readFixture } from "./test-fixtures";
import { triodosCsvFormat } from "./triodos-csv";
import type { FormatId } from "./types";

const CSV_FORMATS = [
  ingCsvFormat,
  rabobankCsvFormat,
  abnAmroTabFormat,
  asnCsvFormat,
  snsCsvFormat,
  bunqCsvFormat,
  triodosCsvFormat,
  knabCsvFormat,
];

const OWN_FIXTURES: Record<string, FormatId> = {
  "ing-semicolon.csv": "ing-csv",
  "ing-comma-crlf.csv": "ing-csv",
  "ing-english.csv": "ing-csv",
  "rabobank.csv": "rabobank-csv",
  "rabobank-english-crlf.csv": "rabobank-csv",
  "abnamro.tab": "abnamro-tab",
  "abnamro-crlf.tab": "abnamro-tab",
  "asn.csv": "asn-csv",
  "asn-crlf.csv": "asn-csv",
  "sns.csv": "sns-csv",
  "regiobank-crlf.csv": "sns-csv",
  "bunq-semicolon.csv": "bunq-csv",
  "bunq-comma-crlf.csv": "bunq-csv",
  "triodos.csv": "triodos-csv",
  "triodos-balance-crlf.csv": "triodos-csv",
  "knab.csv": "knab-csv",
  "knab-crlf.csv": "knab-csv",
};

const recognisedBy = (text: string) =>
  CSV_FORMATS.filter((format) => format.sniff(text)).map((format) => format.id);

describe("sniffing the CSV formats", () => {
  it.each(Object.entries(OWN_FIXTURES))("%s is recognised by %s alone", (name, id) => {
    expect(recognisedBy(readFixture(name))).toEqual([id]);
  });

  it.each(Object.entries(OWN_FIXTURES))("%s is also recognised without BOM and with LF only", (name, id) => {
    const text = readFixture(name)
      .replace(/^\uFEFF/, "")
      .replaceAll("\r\n", "\n");
    expect(recognisedBy(text)).toEqual([id]);
  });

  // The MT940 and CAMT fixtures beside ours belong to other formats: none of the CSV formats may claim them.
  const otherFixtures = readdirSync(new URL("./fixtures/", import.meta.url)).filter(
    (name) => !(name in OWN_FIXTURES),
  );
  it.each(otherFixtures.length > 0 ? otherFixtures : ["(none)"])("%s is recognised by none", (name) => {
    if (name === "(none)") return;
    expect(recognisedBy(readFixture(name))).toEqual([]);
  });

  it.each([
    ["asn.csv", "asn-csv"],
    ["abnamro.tab", "abnamro-tab"],
    ["triodos.csv", "triodos-csv"],
  ] as const)("%s with a broken second row is still recognised by %s", (name, id) => {
    const [first, , ...rest] = readFixture(name).split("\n");
    expect(recognisedBy([first, "kapot", ...rest].join("\n"))).toEqual([id]);
  });

  it.each([
    [
      "the hand-made CSV of csv-import.ts",
      "Datum,Type,Beschrijving,Bedrag,BTW%,Categorie\n2026-01-05,inkomst,Factuur 1,121.00,21,Omzet\n",
    ],
    [
      "the same with semicolons",
      "Datum;Type;Beschrijving;Bedrag;BTW%;Categorie\n05-01-2026;uitgave;Lunch;-12,50;9;Eten\n",
    ],
    ["a minimal date/amount/description CSV", "Datum,Bedrag,Omschrijving\n20260105,12.50,Koffie\n"],
    ["an MT940 file", ":20:940S260105\r\n:25:NL20INGB0001234567EUR\r\n:28C:1\r\n:60F:C260104EUR100,00\r\n"],
    [
      "a CAMT.053 file",
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>',
    ],
    ["an empty file", ""],
    ["an empty line", "\r\n"],
  ])("%s is recognised by none", (_name, text) => {
    expect(recognisedBy(text)).toEqual([]);
  });
});
