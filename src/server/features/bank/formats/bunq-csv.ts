/**
 * bunq CSV export: "Date";"Interest Date";"Amount";"Account";"Counterparty";"Name";"Description", semicolon
 * and quoted, or comma-separated in newer exports; older exports lack "Account". Columns are found by name,
 * also in Dutch ("Datum";"Rentedatum";"Bedrag";"Rekening";"Tegenrekening";"Naam";"Omschrijving").
 * Dates YYYY-MM-DD. The amount is signed, and its decimal separator follows the user's number setting:
 * "-1,234.56", "-1.234,56", "12.50" and "12,50" all occur. Rows are newest first. No balances or references.
 */
import { anyDateToIso, collapseWhitespace, ibanOrNull, parseAmountCentsEitherSeparator } from "./common";
import {
  headerCsvFormat,
  ownAccount,
  readAmount,
  readDate,
  readHeaderLine,
  readOptionalDate,
} from "./csv-statement";

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

export const bunqCsvFormat = headerCsvFormat({
  id: "bunq-csv",
  formatLabel: "bunq (CSV)",
  findHeader: (text) => readHeaderLine(text, [";", ","], COLUMN_NAMES, REQUIRED),
  notTheHeader:
    "Regel 1 is geen bunq-kopregel (Date, Interest Date, Amount, Counterparty, Name, Description)",
  fileOrder: "newest-first",
  readLine: (cell, row, errors) => {
    const bookingDate = readDate(cell("date"), anyDateToIso, errors);
    const valueDate = readOptionalDate(cell("interestDate"), anyDateToIso, errors, "rentedatum");
    const amount = readAmount(cell("amount"), parseAmountCentsEitherSeparator, errors);
    if (bookingDate === null || amount === null) return null;
    return {
      ...ownAccount(cell("account")),
      accountCurrency: "EUR",
      line: {
        row,
        bookingDate,
        valueDate,
        amountCents: amount,
        currency: "EUR",
        counterpartyName: collapseWhitespace(cell("name")) || null,
        counterpartyIban: ibanOrNull(cell("counterparty")),
        counterpartyBic: null,
        description: collapseWhitespace(cell("description")),
        reference: null,
        bankReference: null,
        endToEndId: null,
        transactionCode: null,
        balanceAfterCents: null,
      },
    };
  },
});
