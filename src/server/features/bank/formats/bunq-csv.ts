/**
 * bunq CSV export: "Date";"Interest Date";"Amount";"Account";"Counterparty";"Name";"Description", semicolon
 * and quoted, or comma-separated in newer exports; older exports lack "Account". Columns are found by name,
 * also in Dutch ("Datum";"Rentedatum";"Bedrag";"Rekening";"Tegenrekening";"Naam";"Omschrijving").
 * Dates YYYY-MM-DD. The amount is signed, and its decimal separator follows the user's number setting:
 * "-1,234.56", "-1.234,56", "12.50" and "12,50" all occur. Rows are newest first. No balances or references.
 */
import { anyDateToIso, collapseWhitespace, ibanOrNull, parseAmountCentsEitherSeparator } from "./common";
import {
  cellAt,
  ownAccount,
  readAmount,
  readCsvRecords,
  readDate,
  readHeaderLine,
  readOptionalDate,
  readRowsUnderHeader,
  requireHeader,
  type AccountLine,
} from "./csv-statement";
import type { ParsedFile, StatementFormat } from "./types";

const COLUMN_NAMES = {
  date: ["date", "datum"],
  interestDate: ["interest date", "rentedatum"],
  amount: ["amount", "bedrag"],
  account: ["account", "rekening"],
  counterparty: ["counterparty", "tegenrekening"],
  name: ["name", "naam"],
  description: ["description", "omschrijving"],
} as const;

const REQUIRED = ["date", "interestDate", "amount", "counterparty", "name", "description"] as const;

const readHeader = (text: string) => readHeaderLine(text, [";", ","], COLUMN_NAMES, REQUIRED);

function parse(text: string): ParsedFile {
  const { delimiter, header, columns } = requireHeader(
    readHeader(text),
    "Regel 1 is geen bunq-kopregel (Date, Interest Date, Amount, Counterparty, Name, Description)",
  );
  const readLine = (cells: string[], row: number, errors: string[]): AccountLine | null => {
    const cell = (index: number | null) => cellAt(cells, index);
    const bookingDate = readDate(cell(columns.date), anyDateToIso, errors);
    const valueDate = readOptionalDate(cell(columns.interestDate), anyDateToIso, errors, "rentedatum");
    const amount = readAmount(cell(columns.amount), parseAmountCentsEitherSeparator, errors);
    if (bookingDate === null || amount === null) return null;
    return {
      ...ownAccount(cell(columns.account)),
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
    };
  };
  const rows = readCsvRecords(text, { delimiter }).slice(1);
  return {
    format: "bunq-csv",
    formatLabel: "bunq (CSV)",
    ...readRowsUnderHeader(rows, header, readLine, "newest-first"),
  };
}

export const bunqCsvFormat: StatementFormat = {
  id: "bunq-csv",
  sniff: (text) => readHeader(text) !== null,
  parse,
};
