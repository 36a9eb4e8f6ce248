/**
 * Rabobank CSV export (domain.md §4; CSV_A_<yyyymmdd>_<hhmmss>.csv): comma, all quoted, 26 columns with a
 * Dutch or English header, found by name:
 * "IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Tegenrekening IBAN/BBAN",
 * "Naam tegenpartij",…,"BIC tegenpartij","Code",…,"Transactiereferentie",…,"Betalingskenmerk",
 * "Omschrijving-1","Omschrijving-2","Omschrijving-3",… (English "Ccy","Seq No","Date","Value Date","Amount",
 * "Bal After Bkng","Counterpty IBAN/BBAN","Name Counterpty",…).
 * Dates YYYY-MM-DD; amounts signed with a decimal comma ("+442,98"). Volgnr numbers the entries of an
 * account, so it is the bank reference.
 */
import {
  anyDateToIso,
  collapseWhitespace,
  endToEndIdOrNull,
  ibanOrNull,
  parseAmountCents,
  structuredReference,
} from "./common";
import {
  cellAt,
  ownAccount,
  readAmount,
  readCsvRecords,
  readDate,
  readHeaderLine,
  readOptionalAmount,
  readOptionalDate,
  readRowsUnderHeader,
  requireHeader,
  type AccountLine,
} from "./csv-statement";
import type { ParsedFile, StatementFormat } from "./types";

const COLUMN_NAMES = {
  account: ["iban/bban"],
  currency: ["munt", "ccy"],
  sequence: ["volgnr", "seq no"],
  date: ["datum", "date"],
  valueDate: ["rentedatum", "value date"],
  amount: ["bedrag", "amount"],
  balance: ["saldo na trn", "bal after bkng"],
  counterpartyIban: ["tegenrekening iban/bban", "counterpty iban/bban"],
  counterpartyName: ["naam tegenpartij", "name counterpty"],
  ultimateName: ["naam uiteindelijke partij", "name ultimate pty"],
  counterpartyBic: ["bic tegenpartij", "counterpty bic"],
  code: ["code"],
  endToEndId: ["transactiereferentie", "transaction reference"],
  paymentReference: ["betalingskenmerk", "payment reference"],
  description1: ["omschrijving-1", "description-1"],
  description2: ["omschrijving-2", "description-2"],
  description3: ["omschrijving-3", "description-3"],
} as const;

const REQUIRED = ["account", "sequence", "date", "amount", "balance"] as const;

const signedAmount = (raw: string) => parseAmountCents(raw, ",");

const readHeader = (text: string) => readHeaderLine(text, [","], COLUMN_NAMES, REQUIRED);

function parse(text: string): ParsedFile {
  const { header, columns } = requireHeader(
    readHeader(text),
    "Regel 1 is geen Rabobank-kopregel (IBAN/BBAN, Volgnr, Datum, Bedrag, Saldo na trn)",
  );
  const readLine = (cells: string[], row: number, errors: string[]): AccountLine | null => {
    const cell = (index: number | null) => cellAt(cells, index);
    const bookingDate = readDate(cell(columns.date), anyDateToIso, errors);
    const valueDate = readOptionalDate(cell(columns.valueDate), anyDateToIso, errors, "rentedatum");
    const amount = readAmount(cell(columns.amount), signedAmount, errors);
    const balance = readOptionalAmount(cell(columns.balance), signedAmount, errors, "saldo");
    if (bookingDate === null || amount === null) return null;
    const currency = cell(columns.currency).toUpperCase() || "EUR";
    const paymentReference = collapseWhitespace(cell(columns.paymentReference));
    const description = [columns.description1, columns.description2, columns.description3]
      .map((index) => cell(index))
      .join(" ");
    return {
      ...ownAccount(cell(columns.account)),
      accountCurrency: currency,
      line: {
        row,
        bookingDate,
        valueDate,
        amountCents: amount,
        currency,
        counterpartyName:
          collapseWhitespace(cell(columns.counterpartyName)) ||
          collapseWhitespace(cell(columns.ultimateName)) ||
          null,
        counterpartyIban: ibanOrNull(cell(columns.counterpartyIban)),
        counterpartyBic: cell(columns.counterpartyBic).toUpperCase() || null,
        description: collapseWhitespace(description),
        // The betalingskenmerk column also carries free text; a structured one is kept normalised.
        reference: structuredReference(paymentReference) ?? (paymentReference || null),
        bankReference: cell(columns.sequence) || null,
        endToEndId: endToEndIdOrNull(cell(columns.endToEndId)),
        transactionCode: cell(columns.code) || null,
        balanceAfterCents: balance,
      },
    };
  };
  const rows = readCsvRecords(text, { delimiter: "," }).slice(1);
  return {
    format: "rabobank-csv",
    formatLabel: "Rabobank (CSV)",
    ...readRowsUnderHeader(rows, header, readLine, "oldest-first"),
  };
}

export const rabobankCsvFormat: StatementFormat = {
  id: "rabobank-csv",
  sniff: (text) => readHeader(text) !== null,
  parse,
};
