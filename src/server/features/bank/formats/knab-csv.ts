/**
 * Knab CSV export: a first line "KNAB EXPORT;;;…", then the header "Rekeningnummer;Transactiedatum;
 * Valutacode;CreditDebet;Bedrag;Tegenrekeningnummer;Tegenrekeninghouder;Valutadatum;Betaalwijze;Omschrijving;
 * Type betaling;Machtigingsnummer;Incassant ID;Adres;Referentie;Boekdatum" (with a trailing semicolon),
 * columns found by name. Dates dd-mm-yyyy, the amount unsigned with a decimal comma ("827,75", "2500"), its
 * sign in CreditDebet C/D. Referentie is Knab's unique id of the entry. Rows are newest first by Boekdatum,
 * the day the entry was booked on the account, which is the booking date here (Transactiedatum can be a day
 * earlier).
 */
import {
  anyDateToIso,
  collapseWhitespace,
  ibanOrNull,
  parseAmountCents,
  structuredReference,
  withSign,
} from "./common";
import {
  cellAt,
  headerKey,
  ownAccount,
  readAmount,
  readCsvRecords,
  readDate,
  readDirection,
  readOptionalDate,
  readRowsUnderHeader,
  requiredColumns,
  requireHeader,
  type AccountLine,
  type CsvRecord,
  type HeaderLine,
} from "./csv-statement";
import type { ParsedFile, StatementFormat } from "./types";

const COLUMN_NAMES = {
  account: ["rekeningnummer"],
  transactionDate: ["transactiedatum"],
  currency: ["valutacode"],
  direction: ["creditdebet"],
  amount: ["bedrag"],
  counterpartyAccount: ["tegenrekeningnummer"],
  counterpartyName: ["tegenrekeninghouder"],
  valueDate: ["valutadatum"],
  method: ["betaalwijze"],
  description: ["omschrijving"],
  reference: ["referentie"],
  bookingDate: ["boekdatum"],
} as const;

const REQUIRED = ["account", "transactionDate", "direction", "amount", "counterpartyName"] as const;

const SIGN_OF_DIRECTION: Record<string, 1 | -1> = { d: -1, c: 1 };

const amountOf = (raw: string) => parseAmountCents(raw, ",");

/** The header record (after the optional "KNAB EXPORT" line) and its columns. */
function findHeader(
  records: CsvRecord[],
): (Omit<HeaderLine<keyof typeof COLUMN_NAMES>, "delimiter"> & { index: number }) | null {
  const index = headerKey(records[0]?.cells[0] ?? "") === "knab export" ? 1 : 0;
  const header = records[index]?.cells;
  const columns = header ? requiredColumns(header, COLUMN_NAMES, REQUIRED) : null;
  return header && columns ? { index, header, columns } : null;
}

function sniff(text: string): boolean {
  return findHeader(readCsvRecords(text, { delimiter: ";", limit: 2 })) !== null;
}

function parse(text: string): ParsedFile {
  const records = readCsvRecords(text, { delimiter: ";" });
  const { index, header, columns } = requireHeader(
    findHeader(records),
    "Geen Knab-kopregel gevonden (Rekeningnummer, Transactiedatum, CreditDebet, Bedrag, Tegenrekeninghouder)",
  );
  const readLine = (cells: string[], row: number, errors: string[]): AccountLine | null => {
    const cell = (column: number | null) => cellAt(cells, column);
    const transactionDate = readDate(cell(columns.transactionDate), anyDateToIso, errors, "transactiedatum");
    const booked = readOptionalDate(cell(columns.bookingDate), anyDateToIso, errors, "boekdatum");
    const valueDate = readOptionalDate(cell(columns.valueDate), anyDateToIso, errors, "valutadatum");
    const amount = readAmount(cell(columns.amount), amountOf, errors);
    const sign = readDirection(cell(columns.direction), SIGN_OF_DIRECTION, errors, "C of D");
    if (transactionDate === null || amount === null || sign === null) return null;
    const currency = cell(columns.currency).toUpperCase() || "EUR";
    const description = collapseWhitespace(cell(columns.description));
    return {
      ...ownAccount(cell(columns.account)),
      accountCurrency: currency,
      line: {
        row,
        bookingDate: booked ?? transactionDate,
        valueDate,
        amountCents: withSign(amount, sign),
        currency,
        counterpartyName: collapseWhitespace(cell(columns.counterpartyName)) || null,
        counterpartyIban: ibanOrNull(cell(columns.counterpartyAccount)),
        counterpartyBic: null,
        description,
        reference: structuredReference(description),
        bankReference: cell(columns.reference) || null,
        endToEndId: null,
        transactionCode: collapseWhitespace(cell(columns.method)) || null,
        balanceAfterCents: null,
      },
    };
  };
  const rows = records.slice(index + 1);
  return {
    format: "knab-csv",
    formatLabel: "Knab (CSV)",
    ...readRowsUnderHeader(rows, header, readLine, "newest-first"),
  };
}

export const knabCsvFormat: StatementFormat = { id: "knab-csv", sniff, parse };
