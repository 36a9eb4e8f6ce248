/**
 * Triodos Bank CSV export: no header, comma, quoted fields: date dd-mm-yyyy, own account (IBAN), amount
 * (unsigned, decimal comma, thousands dot), "Debet"/"Credit", counterparty name, counterparty account,
 * transaction code ("IC", "BA", "ID", "OV", …), description; some exports add a 9th field, the balance after
 * the entry. Card payments (BA) leave the name empty and write "Merchant\Place\…" in the description.
 * Triodos gives no unique reference per entry.
 */
import {
  anyDateToIso,
  collapseWhitespace,
  dayMonthYearToIso,
  ibanOrNull,
  parseAmountCents,
  withSign,
} from "./common";
import {
  fixedLayoutFormat,
  ownAccount,
  readAmount,
  readDate,
  readDirection,
  readOptionalAmount,
  type AccountLine,
} from "./csv-statement";

const MIN_FIELDS = 8;
const MAX_FIELDS = 9;

const amountOf = (raw: string) => parseAmountCents(raw, ",");
const SIGN_OF_DIRECTION: Record<string, 1 | -1> = { debet: -1, credit: 1 };

const fieldsOf = (cells: string[]) =>
  cells.length >= MIN_FIELDS && cells.length <= MAX_FIELDS ? cells : null;

function looksLikeRow(cells: readonly string[]): boolean {
  const [date = "", account = "", amount = "", direction = ""] = cells.map((cell) => cell.trim());
  return (
    dayMonthYearToIso(date) !== null &&
    (ibanOrNull(account) !== null || /^\d{9,10}$/.test(account)) &&
    amountOf(amount) !== null &&
    SIGN_OF_DIRECTION[direction.toLowerCase()] !== undefined
  );
}

function readLine(cells: string[], row: number, errors: string[]): AccountLine | null {
  const [date, account, amountCell, direction, name, counterparty, code, descriptionCell, balanceCell] =
    cells.map((cell) => cell.trim());
  const bookingDate = readDate(date!, anyDateToIso, errors);
  const amount = readAmount(amountCell!, amountOf, errors);
  const sign = readDirection(direction!, SIGN_OF_DIRECTION, errors, "Debet of Credit");
  const balance = readOptionalAmount(balanceCell ?? "", amountOf, errors, "saldo");
  if (bookingDate === null || amount === null || sign === null) return null;
  const description = collapseWhitespace(descriptionCell!);
  return {
    ...ownAccount(account!),
    accountCurrency: "EUR",
    line: {
      row,
      bookingDate,
      valueDate: null,
      amountCents: withSign(amount, sign),
      currency: "EUR",
      counterpartyName: collapseWhitespace(name!) || merchantOf(description),
      counterpartyIban: ibanOrNull(counterparty),
      counterpartyBic: null,
      description,
      reference: null,
      bankReference: null,
      endToEndId: null,
      transactionCode: code || null,
      balanceAfterCents: balance,
    },
  };
}

/** A card payment without a name: the merchant is the description up to the first backslash. */
function merchantOf(description: string): string | null {
  const backslash = description.indexOf("\\");
  return backslash > 0 ? collapseWhitespace(description.slice(0, backslash)) || null : null;
}

export const triodosCsvFormat = fixedLayoutFormat({
  id: "triodos-csv",
  formatLabel: "Triodos (CSV)",
  csv: { delimiter: "," },
  fieldsOf,
  expected: "8 of 9",
  looksLikeRow,
  read: readLine,
  notTheLayout: "Geen enkele regel heeft de Triodos-indeling (8 kolommen, door komma's gescheiden)",
  fileOrder: "oldest-first",
});
