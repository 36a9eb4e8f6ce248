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
  headerCsvFormat,
  ownAccount,
  readAmount,
  readDate,
  readHeaderLine,
  readOptionalAmount,
  readOptionalDate,
} from "./csv-statement";

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

export const rabobankCsvFormat = headerCsvFormat({
  id: "rabobank-csv",
  formatLabel: "Rabobank (CSV)",
  findHeader: (text) => readHeaderLine(text, [","], COLUMN_NAMES, REQUIRED),
  notTheHeader: "Regel 1 is geen Rabobank-kopregel (IBAN/BBAN, Volgnr, Datum, Bedrag, Saldo na trn)",
  fileOrder: "oldest-first",
  readLine: (cell, row, errors) => {
    const bookingDate = readDate(cell("date"), anyDateToIso, errors);
    const valueDate = readOptionalDate(cell("valueDate"), anyDateToIso, errors, "rentedatum");
    const amount = readAmount(cell("amount"), signedAmount, errors);
    const balance = readOptionalAmount(cell("balance"), signedAmount, errors, "saldo");
    if (bookingDate === null || amount === null) return null;
    const currency = cell("currency").toUpperCase() || "EUR";
    const paymentReference = collapseWhitespace(cell("paymentReference"));
    const description = [cell("description1"), cell("description2"), cell("description3")].join(" ");
    return {
      ...ownAccount(cell("account")),
      accountCurrency: currency,
      line: {
        row,
        bookingDate,
        valueDate,
        amountCents: amount,
        currency,
        counterpartyName:
          collapseWhitespace(cell("counterpartyName")) || collapseWhitespace(cell("ultimateName")) || null,
        counterpartyIban: ibanOrNull(cell("counterpartyIban")),
        counterpartyBic: cell("counterpartyBic").toUpperCase() || null,
        description: collapseWhitespace(description),
        // The betalingskenmerk column also carries free text; a structured one is kept normalised.
        reference: structuredReference(paymentReference) ?? (paymentReference || null),
        bankReference: cell("sequence") || null,
        endToEndId: endToEndIdOrNull(cell("endToEndId")),
        transactionCode: cell("code") || null,
        balanceAfterCents: balance,
      },
    };
  },
});
