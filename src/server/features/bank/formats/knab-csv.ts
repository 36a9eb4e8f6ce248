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
  headerCsvFormat,
  headerKey,
  ownAccount,
  readAmount,
  readCsvRecords,
  readDate,
  readDirection,
  readOptionalDate,
  requiredColumns,
  type HeaderLine,
} from "./csv-statement";

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
function findHeader(text: string): HeaderLine<keyof typeof COLUMN_NAMES> | null {
  const records = readCsvRecords(text, { delimiter: ";", limit: 2 });
  const index = headerKey(records[0]?.cells[0] ?? "") === "knab export" ? 1 : 0;
  const header = records[index]?.cells;
  const columns = header ? requiredColumns(header, COLUMN_NAMES, REQUIRED) : null;
  return header && columns ? { delimiter: ";", header, columns, rowsFrom: index + 1 } : null;
}

export const knabCsvFormat = headerCsvFormat({
  id: "knab-csv",
  formatLabel: "Knab (CSV)",
  findHeader,
  notTheHeader:
    "Geen Knab-kopregel gevonden (Rekeningnummer, Transactiedatum, CreditDebet, Bedrag, Tegenrekeninghouder)",
  fileOrder: "newest-first",
  readLine: (cell, row, errors) => {
    const transactionDate = readDate(cell("transactionDate"), anyDateToIso, errors, "transactiedatum");
    const booked = readOptionalDate(cell("bookingDate"), anyDateToIso, errors, "boekdatum");
    const valueDate = readOptionalDate(cell("valueDate"), anyDateToIso, errors, "valutadatum");
    const amount = readAmount(cell("amount"), amountOf, errors);
    const sign = readDirection(cell("direction"), SIGN_OF_DIRECTION, errors, "C of D");
    if (transactionDate === null || amount === null || sign === null) return null;
    const currency = cell("currency").toUpperCase() || "EUR";
    const description = collapseWhitespace(cell("description"));
    return {
      ...ownAccount(cell("account")),
      accountCurrency: currency,
      line: {
        row,
        bookingDate: booked ?? transactionDate,
        valueDate,
        amountCents: withSign(amount, sign),
        currency,
        counterpartyName: collapseWhitespace(cell("counterpartyName")) || null,
        counterpartyIban: ibanOrNull(cell("counterpartyAccount")),
        counterpartyBic: null,
        description,
        reference: structuredReference(description),
        bankReference: cell("reference") || null,
        endToEndId: null,
        transactionCode: collapseWhitespace(cell("method")) || null,
        balanceAfterCents: null,
      },
    };
  },
});
