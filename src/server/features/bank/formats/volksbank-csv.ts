/**
 * The CSV export of de Volksbank's banks (ASN Bank, SNS, RegioBank): one layout, no header, comma, 19 fields
 * (a 20th, empty one is tolerated), as in ASN's "formaatbeschrijving":
 *  0 boekingsdatum dd-mm-yyyy         7 valutasoort rekening             14 globale transactiecode (OVB, BEA)
 *  1 opdrachtgeversrekening (IBAN)    8 saldo voor mutatie ("122800.83") 15 volgnummer transactie
 *  2 tegenrekeningnummer              9 valutasoort mutatie              16 betalingskenmerk ('…')
 *  3 naam tegenrekening              10 transactiebedrag ("-200.00")     17 omschrijving ('…')
 *  4-6 adres, postcode, plaats       11 journaaldatum, 12 valutadatum    18 afschriftnummer
 *                                    13 interne transactiecode
 * Free text is quoted with single quotes, without escaping, and names can start with one ("'t Hoekje"), so
 * the fields are split on every comma and a record with more pieces than fields is put back together around
 * the fields that never hold a comma (currencies, amounts, dates, codes).
 * The volgnummer is unique only together with the journaaldatum and is "00000000" on some entries, so the
 * bank reference is "journaaldatum/volgnummer", or null for zeros.
 * Which bank wrote the file shows in the bank code of the own IBAN: ASNB, SNSB or RBRB.
 */
import {
  anyDateToIso,
  collapseWhitespace,
  dutchBankCode,
  ibanOrNull,
  normaliseIban,
  parseAmountCents,
  structuredReference,
} from "./common";
import {
  ownAccount,
  readAmount,
  readDate,
  readFixedLayout,
  readOptionalDate,
  sniffLayout,
  type AccountLine,
  type FixedLayout,
} from "./csv-statement";
import type { ParsedFile } from "./types";

const FIELD_COUNT = 19;
/** Index of "valutasoort rekening", the first of the fields that never hold a comma. */
const FIXED_START = 7;
const FIXED_COUNT = 9;

export type VolksbankBank = "asn" | "sns";

const amountOf = (raw: string) => parseAmountCents(raw, ".");

function isFixedRun(pieces: readonly string[], start: number): boolean {
  const at = (offset: number) => (pieces[start + offset] ?? "").trim();
  return (
    /^[A-Z]{3}$/.test(at(0)) &&
    /^[A-Z]{3}$/.test(at(2)) &&
    /^-?\d+(\.\d{1,2})?$/.test(at(1)) &&
    /^-?\d+(\.\d{1,2})?$/.test(at(3)) &&
    /^\d{1,2}-\d{1,2}-\d{4}$/.test(at(4))
  );
}

/** The 19 fields of a record, or null when the pieces cannot be put together into the layout. */
function fieldsOf(pieces: readonly string[]): string[] | null {
  if (pieces.length === FIELD_COUNT) return [...pieces];
  if (pieces.length === FIELD_COUNT + 1 && pieces[FIELD_COUNT]!.trim() === "") {
    return pieces.slice(0, FIELD_COUNT);
  }
  for (let start = FIXED_START; start + FIXED_COUNT <= pieces.length; start++) {
    if (!isFixedRun(pieces, start)) continue;
    // Extra pieces before the fixed run belong to the name (its address fields are never filled).
    const extra = start - FIXED_START;
    const name = pieces.slice(3, 4 + extra).join(",");
    // After the run: betalingskenmerk (quoted or comma-free), omschrijving, afschriftnummer, maybe an empty 20th.
    const rest = pieces.slice(start + FIXED_COUNT).join(",");
    const match = /^('[^']*'|[^,]*),([\s\S]*?),(\d*),?$/.exec(rest);
    if (!match) return null;
    return [
      ...pieces.slice(0, 3),
      name,
      ...pieces.slice(4 + extra, start),
      ...pieces.slice(start, start + FIXED_COUNT),
      match[1]!,
      match[2]!,
      match[3]!,
    ];
  }
  return null;
}

function isLayoutRow(fields: readonly string[]): boolean {
  return (
    anyDateToIso(fields[0]!.trim()) !== null &&
    ibanOrNull(fields[1]) !== null &&
    isFixedRun(fields, FIXED_START) &&
    amountOf(fields[8]!.trim()) !== null &&
    amountOf(fields[10]!.trim()) !== null
  );
}

const LAYOUT: FixedLayout<string[]> = {
  // No quote character: the single quotes stay in the pieces and are stripped per field.
  csv: { delimiter: ",", quoteChar: "\u0000" },
  fieldsOf,
  expected: FIELD_COUNT,
  read: readLine,
  notTheLayout: "Geen enkele regel heeft de indeling van ASN Bank, SNS of RegioBank (19 kolommen)",
  fileOrder: "oldest-first",
};

/** Which of the Volksbank banks wrote the file, or null when it is not this layout. */
export function sniffVolksbank(text: string): VolksbankBank | null {
  const first = sniffLayout(text, LAYOUT.csv, fieldsOf, isLayoutRow);
  return first ? bankOf(first[1]!) : null;
}

/** SNS and RegioBank by their bank codes; any other (ASNB, or an unknown one) is read as ASN. */
function bankOf(ownAccount: string): VolksbankBank {
  const code = dutchBankCode(normaliseIban(ownAccount));
  return code === "SNSB" || code === "RBRB" ? "sns" : "asn";
}

function unquote(text: string): string {
  return text.trim().replace(/^'([\s\S]*)'$/, "$1");
}

export function parseVolksbankCsv(text: string): Pick<ParsedFile, "statements" | "rowErrors"> {
  return readFixedLayout(text, LAYOUT);
}

function readLine(fields: string[], row: number, errors: string[]): AccountLine | null {
  const field = (index: number) => fields[index]!.trim();
  const bookingDate = readDate(field(0), anyDateToIso, errors);
  const balanceBefore = readAmount(field(8), amountOf, errors, "saldo");
  const amount = readAmount(field(10), amountOf, errors);
  const journalDate = readOptionalDate(field(11), anyDateToIso, errors, "journaaldatum");
  const valueDate = readOptionalDate(field(12), anyDateToIso, errors, "valutadatum");
  if (bookingDate === null || balanceBefore === null || amount === null) return null;
  const accountCurrency = field(7).toUpperCase() || "EUR";
  const sequence = field(15);
  const paymentReference = collapseWhitespace(unquote(field(16)));
  return {
    ...ownAccount(field(1)),
    accountCurrency,
    balanceBeforeCents: balanceBefore,
    statementNumber: field(18) || null,
    line: {
      row,
      bookingDate,
      valueDate,
      amountCents: amount,
      currency: field(9).toUpperCase() || accountCurrency,
      counterpartyName: collapseWhitespace(field(3)) || null,
      counterpartyIban: ibanOrNull(field(2)),
      counterpartyBic: null,
      description: collapseWhitespace(unquote(field(17))),
      reference: structuredReference(paymentReference) ?? (paymentReference || null),
      bankReference: /^0*$/.test(sequence) ? null : `${journalDate ?? bookingDate}/${sequence}`,
      endToEndId: null,
      transactionCode: field(14) || null,
      balanceAfterCents: balanceBefore + amount,
    },
  };
}
