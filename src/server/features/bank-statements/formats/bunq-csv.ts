/**
 * bunq CSV export: "Date";"Interest Date";"Amount";"Account";"Counterparty";"Name";"Description", semicolon
 * and quoted, or comma-separated in newer exports; older exports lack "Account". Columns are found by name,
 * also in Dutch ("Datum";"Rentedatum";"Bedrag";"Rekening";"Tegenrekening";"Naam";"Omschrijving").
 * Dates YYYY-MM-DD. The amount is signed, and its decimal separator follows the user's number setting:
 * "-1,234.56", "-1.234,56", "12.50" and "12,50" all occur. Rows are newest first. No balances or references.
 */
import {
  anyDateToIso,
  collapseWhitespace,
  ibanOrNull,
  normaliseIban,
  parseAmountCentsEitherSeparator,
} from "./common";
import {
  assembleStatements,
  cellAt,
  columnCountMessage,
  detectDelimiter,
  findColumns,
  headLines,
  readAmount,
  readCsvRecords,
  readDate,
  readOptionalDate,
  sortRowErrors,
  type AccountLine,
  type RowError,
} from "./csv-statement";
import { StatementFormatError, type ParsedFile, type StatementFormat } from "./types";

const COLUMN_NAMES = {
  date: ["date", "datum"],
  interestDate: ["interest date", "rentedatum"],
  amount: ["amount", "bedrag"],
  account: ["account", "rekening"],
  counterparty: ["counterparty", "tegenrekening"],
  name: ["name", "naam"],
  description: ["description", "omschrijving"],
} as const;

type Columns = Record<keyof typeof COLUMN_NAMES, number | null>;

const REQUIRED = ["date", "interestDate", "amount", "counterparty", "name", "description"] as const;

function readHeader(text: string): { delimiter: string; header: string[]; columns: Columns } | null {
  const firstLine = headLines(text, 1);
  const delimiter = detectDelimiter(firstLine, [";", ","]);
  const header = readCsvRecords(firstLine, { delimiter, limit: 1 })[0]?.cells;
  if (!header) return null;
  const columns = findColumns(header, COLUMN_NAMES);
  return REQUIRED.every((column) => columns[column] !== null) ? { delimiter, header, columns } : null;
}

function parse(text: string): ParsedFile {
  const found = readHeader(text);
  if (!found) {
    throw new StatementFormatError(
      "Regel 1 is geen bunq-kopregel (Date, Interest Date, Amount, Counterparty, Name, Description)",
    );
  }
  const { delimiter, header, columns } = found;
  const entries: AccountLine[] = [];
  const rowErrors: RowError[] = [];
  for (const { row, cells } of readCsvRecords(text, { delimiter }).slice(1)) {
    if (cells.length !== header.length) {
      rowErrors.push({ row, message: columnCountMessage(cells.length, header.length) });
      continue;
    }
    const errors: string[] = [];
    const cell = (index: number | null) => cellAt(cells, index);
    const bookingDate = readDate(cell(columns.date), anyDateToIso, errors);
    const valueDate = readOptionalDate(cell(columns.interestDate), anyDateToIso, errors, "rentedatum");
    const amount = readAmount(cell(columns.amount), parseAmountCentsEitherSeparator, errors);
    if (bookingDate === null || amount === null || errors.length > 0) {
      rowErrors.push({ row, message: errors.join("; ") });
      continue;
    }
    const account = cell(columns.account);
    entries.push({
      accountKey: normaliseIban(account) ?? "",
      accountIban: ibanOrNull(account),
      accountCurrency: "EUR",
      line: {
        row,
        bookingDate,
        valueDate,
        amountCents: amount,
        currency: "EUR",
        counterpartyName: collapseWhitespace(cell(columns.name)) || null,
        counterpartyIban: ibanOrNull(cell(columns.counterparty)),
        counterpartyBic: null,
        description: collapseWhitespace(cell(columns.description)),
        reference: null,
        bankReference: null,
        endToEndId: null,
        transactionCode: null,
        balanceAfterCents: null,
      },
    });
  }
  return {
    format: "bunq-csv",
    formatLabel: "bunq (CSV)",
    statements: assembleStatements(entries, "newest-first"),
    rowErrors: sortRowErrors(rowErrors),
  };
}

export const bunqCsvFormat: StatementFormat = {
  id: "bunq-csv",
  sniff: (text) => readHeader(text) !== null,
  parse,
};
