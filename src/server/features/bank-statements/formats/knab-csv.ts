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
  normaliseIban,
  parseAmountCents,
  structuredReference,
  withSign,
} from "./common";
import {
  assembleStatements,
  cellAt,
  columnCountMessage,
  findColumns,
  headerKey,
  readAmount,
  readCsvRecords,
  readDate,
  readOptionalDate,
  sortRowErrors,
  type AccountLine,
  type CsvRecord,
  type RowError,
} from "./csv-statement";
import { StatementFormatError, type ParsedFile, type StatementFormat } from "./types";

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

type Columns = Record<keyof typeof COLUMN_NAMES, number | null>;

const REQUIRED = ["account", "transactionDate", "direction", "amount", "counterpartyName"] as const;

const SIGN_OF_DIRECTION: Record<string, 1 | -1> = { d: -1, c: 1 };

const amountOf = (raw: string) => parseAmountCents(raw, ",");

/** The header record (after the optional "KNAB EXPORT" line) and its columns. */
function findHeader(records: CsvRecord[]): { index: number; header: string[]; columns: Columns } | null {
  const index = headerKey(records[0]?.cells[0] ?? "") === "knab export" ? 1 : 0;
  const header = records[index]?.cells;
  if (!header) return null;
  const columns = findColumns(header, COLUMN_NAMES);
  return REQUIRED.every((column) => columns[column] !== null) ? { index, header, columns } : null;
}

function sniff(text: string): boolean {
  return findHeader(readCsvRecords(text, { delimiter: ";", limit: 2 })) !== null;
}

function parse(text: string): ParsedFile {
  const records = readCsvRecords(text, { delimiter: ";" });
  const found = findHeader(records);
  if (!found) {
    throw new StatementFormatError(
      "Geen Knab-kopregel gevonden (Rekeningnummer, Transactiedatum, CreditDebet, Bedrag, Tegenrekeninghouder)",
    );
  }
  const { index, header, columns } = found;
  const entries: AccountLine[] = [];
  const rowErrors: RowError[] = [];
  for (const { row, cells } of records.slice(index + 1)) {
    if (cells.length !== header.length) {
      rowErrors.push({ row, message: columnCountMessage(cells.length, header.length) });
      continue;
    }
    const errors: string[] = [];
    const cell = (column: number | null) => cellAt(cells, column);
    const transactionDate = readDate(cell(columns.transactionDate), anyDateToIso, errors, "transactiedatum");
    const booked = readOptionalDate(cell(columns.bookingDate), anyDateToIso, errors, "boekdatum");
    const valueDate = readOptionalDate(cell(columns.valueDate), anyDateToIso, errors, "valutadatum");
    const amount = readAmount(cell(columns.amount), amountOf, errors);
    const direction = cell(columns.direction);
    const sign = SIGN_OF_DIRECTION[direction.toLowerCase()];
    if (!sign) errors.push(`Onbekende richting '${direction}' (verwacht C of D)`);
    if (transactionDate === null || amount === null || !sign || errors.length > 0) {
      rowErrors.push({ row, message: errors.join("; ") });
      continue;
    }
    const account = cell(columns.account);
    const currency = cell(columns.currency).toUpperCase() || "EUR";
    const description = collapseWhitespace(cell(columns.description));
    entries.push({
      accountKey: normaliseIban(account) ?? "",
      accountIban: ibanOrNull(account),
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
    });
  }
  return {
    format: "knab-csv",
    formatLabel: "Knab (CSV)",
    statements: assembleStatements(entries, "newest-first"),
    rowErrors: sortRowErrors(rowErrors),
  };
}

export const knabCsvFormat: StatementFormat = { id: "knab-csv", sniff, parse };
