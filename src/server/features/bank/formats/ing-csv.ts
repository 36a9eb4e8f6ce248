/**
 * ING CSV export (domain.md §4), all three layouts, columns found by header name:
 * - old: comma, 9 columns "Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij",
 *   "Bedrag (EUR)","MutatieSoort","Mededelingen";
 * - current: semicolon, 11 columns, adds "Saldo na mutatie" (can be negative) and "Tag";
 * - English: "Date";"Name / Description";"Account";"Counterparty";"Code";"Debit/credit";"Amount (EUR)";…;
 *   "Notifications";"Resulting balance";"Tag".
 * Datum is YYYYMMDD, the amount unsigned with a decimal comma and its sign in Af/Bij (Debit/Credit). The notes
 * hold "Naam: … Omschrijving: … IBAN: … Kenmerk: … Valutadatum: dd-mm-yyyy" (English "Name:", "Description:",
 * "Reference:", "Value date: dd/mm/yyyy"). Rows are newest first and accounts may be interleaved.
 * ING gives no unique reference per entry, so bankReference stays null.
 */
import {
  anyDateToIso,
  collapseWhitespace,
  dayMonthYearToIso,
  endToEndIdOrNull,
  ibanOrNull,
  labelledValue,
  parseAmountCents,
  splitLabelledText,
  structuredReference,
  type LabelledText,
  withSign,
} from "./common";
import {
  headerCsvFormat,
  readAmount,
  readDate,
  readDirection,
  readHeaderLine,
  readOptionalAmount,
} from "./csv-statement";

const COLUMN_NAMES = {
  date: ["datum", "date"],
  // "Omschrijving"/"Description", "Bedrag"/"Amount" and "Valuta"/"Currency": the savings account export.
  name: ["naam / omschrijving", "name / description", "omschrijving", "description"],
  account: ["rekening", "account"],
  counterparty: ["tegenrekening", "counterparty"],
  code: ["code"],
  direction: ["af bij", "debit/credit"],
  amount: ["bedrag (eur)", "amount (eur)", "bedrag", "amount"],
  currency: ["valuta", "currency"],
  notes: ["mededelingen", "notifications"],
  balance: ["saldo na mutatie", "resulting balance"],
} as const;

const REQUIRED = ["date", "name", "account", "direction", "amount"] as const;

/** The labels ING writes in the notes, Dutch and English; the ones read into fields are left out of the description. */
const NOTE_LABELS = {
  name: ["Naam", "Name"],
  description: ["Omschrijving", "Description"],
  iban: ["IBAN"],
  bic: ["BIC"],
  reference: ["Kenmerk", "Reference"],
  valueDate: ["Valutadatum", "Value date"],
  other: [
    "Machtiging ID",
    "Incassant ID",
    "Mandate ID",
    "Creditor ID",
    "Pasvolgnr",
    "Card sequence no.",
    "Transactie",
    "Transaction",
    "Term",
    "Datum/Tijd",
    "Date/time",
  ],
};
const ALL_NOTE_LABELS = Object.values(NOTE_LABELS).flat();
const READ_NOTE_LABELS = new Set([
  ...NOTE_LABELS.name,
  ...NOTE_LABELS.description,
  ...NOTE_LABELS.iban,
  ...NOTE_LABELS.bic,
  ...NOTE_LABELS.reference,
  ...NOTE_LABELS.valueDate,
]);

const SIGN_OF_DIRECTION: Record<string, 1 | -1> = { af: -1, debit: -1, bij: 1, credit: 1 };

const amountOf = (raw: string) => parseAmountCents(raw, ",");

export const ingCsvFormat = headerCsvFormat({
  id: "ing-csv",
  formatLabel: "ING (CSV)",
  findHeader: (text) => readHeaderLine(text, [";", ","], COLUMN_NAMES, REQUIRED),
  notTheHeader: "Regel 1 is geen ING-kopregel (Datum, Naam / Omschrijving, Rekening, Af Bij, Bedrag (EUR))",
  fileOrder: "newest-first",
  readLine: (cell, row, errors, headerCell) => {
    const bookingDate = readDate(cell("date"), anyDateToIso, errors);
    const amount = readAmount(cell("amount"), amountOf, errors);
    const sign = readDirection(cell("direction"), SIGN_OF_DIRECTION, errors, "Af of Bij");
    const balance = readOptionalAmount(cell("balance"), amountOf, errors, "saldo");
    if (bookingDate === null || amount === null || sign === null) return null;
    const notes = splitLabelledText(cell("notes"), ALL_NOTE_LABELS);
    const note = (labels: string[]) => labelledValue(notes, ...labels);
    const kenmerk = note(NOTE_LABELS.reference);
    const noteDescription = note(NOTE_LABELS.description);
    // "Bedrag (EUR)": the currency is in the header unless a currency column says otherwise.
    const headerCurrency = /\(([A-Z]{3})\)/.exec(headerCell("amount"))?.[1] ?? "EUR";
    const currency = cell("currency").toUpperCase() || headerCurrency;
    const account = cell("account");
    return {
      accountKey: account,
      accountIban: ibanOrNull(account),
      accountCurrency: currency,
      line: {
        row,
        bookingDate,
        valueDate: dayMonthYearToIso(note(NOTE_LABELS.valueDate)?.split(" ")[0] ?? ""),
        amountCents: withSign(amount, sign),
        currency,
        counterpartyName: note(NOTE_LABELS.name) ?? (collapseWhitespace(cell("name")) || null),
        counterpartyIban: ibanOrNull(cell("counterparty")) ?? ibanOrNull(note(NOTE_LABELS.iban)),
        counterpartyBic: note(NOTE_LABELS.bic),
        description: noteDescription ?? remainingNotes(notes),
        reference: structuredReference(kenmerk) ?? structuredReference(noteDescription),
        bankReference: null,
        endToEndId: endToEndIdOrNull(kenmerk),
        transactionCode: cell("code") || null,
        balanceAfterCents: balance,
      },
    };
  },
});

/** Without an "Omschrijving:" the notes are the description, less the parts already read into fields. */
function remainingNotes(notes: LabelledText): string {
  const rest = notes.parts
    .filter((part) => !READ_NOTE_LABELS.has(part.label))
    .map((part) => `${part.label}: ${part.value}`);
  return [notes.before, ...rest].filter(Boolean).join(" ");
}
