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
  normaliseIban,
  parseAmountCents,
  withSign,
} from "./common";
import {
  assembleStatements,
  columnCountMessage,
  headLines,
  readAmount,
  readCsvRecords,
  readDate,
  readOptionalAmount,
  sortRowErrors,
  type AccountLine,
  type RowError,
} from "./csv-statement";
import { StatementFormatError, type ParsedFile, type StatementFormat } from "./types";

const MIN_FIELDS = 8;
const MAX_FIELDS = 9;

const amountOf = (raw: string) => parseAmountCents(raw, ",");
const SIGN_OF_DIRECTION: Record<string, 1 | -1> = { debet: -1, credit: 1 };

const hasFieldCount = (cells: readonly string[]) => cells.length >= MIN_FIELDS && cells.length <= MAX_FIELDS;

function looksLikeRow(cells: readonly string[]): boolean {
  const [date = "", account = "", amount = "", direction = ""] = cells.map((cell) => cell.trim());
  return (
    hasFieldCount(cells) &&
    dayMonthYearToIso(date) !== null &&
    (ibanOrNull(account) !== null || /^\d{9,10}$/.test(account)) &&
    amountOf(amount) !== null &&
    SIGN_OF_DIRECTION[direction.toLowerCase()] !== undefined
  );
}

function sniff(text: string): boolean {
  const records = readCsvRecords(headLines(text, 5), { delimiter: ",", limit: 5 });
  // Most of the first records have the field count and one reads entirely: a broken row is left to parse.
  const fitting = records.filter((record) => hasFieldCount(record.cells));
  return fitting.length * 2 >= records.length && fitting.some((record) => looksLikeRow(record.cells));
}

function parse(text: string): ParsedFile {
  const records = readCsvRecords(text, { delimiter: "," });
  if (!records.some((record) => hasFieldCount(record.cells))) {
    throw new StatementFormatError(
      records.length === 0
        ? "Het bestand is leeg"
        : "Geen enkele regel heeft de Triodos-indeling (8 kolommen, door komma's gescheiden)",
    );
  }
  const entries: AccountLine[] = [];
  const rowErrors: RowError[] = [];
  for (const { row, cells } of records) {
    if (!hasFieldCount(cells)) {
      rowErrors.push({ row, message: columnCountMessage(cells.length, "8 of 9") });
      continue;
    }
    const [date, account, amountCell, direction, name, counterparty, code, descriptionCell, balanceCell] =
      cells.map((cell) => cell.trim());
    const errors: string[] = [];
    const bookingDate = readDate(date!, anyDateToIso, errors);
    const amount = readAmount(amountCell!, amountOf, errors);
    const sign = SIGN_OF_DIRECTION[direction!.toLowerCase()];
    if (!sign) errors.push(`Onbekende richting '${direction}' (verwacht Debet of Credit)`);
    const balance = readOptionalAmount(balanceCell ?? "", amountOf, errors, "saldo");
    if (bookingDate === null || amount === null || !sign || errors.length > 0) {
      rowErrors.push({ row, message: errors.join("; ") });
      continue;
    }
    const description = collapseWhitespace(descriptionCell!);
    entries.push({
      accountKey: normaliseIban(account) ?? "",
      accountIban: ibanOrNull(account),
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
    });
  }
  return {
    format: "triodos-csv",
    formatLabel: "Triodos (CSV)",
    statements: assembleStatements(entries, "oldest-first"),
    rowErrors: sortRowErrors(rowErrors),
  };
}

/** A card payment without a name: the merchant is the description up to the first backslash. */
function merchantOf(description: string): string | null {
  const backslash = description.indexOf("\\");
  return backslash > 0 ? collapseWhitespace(description.slice(0, backslash)) || null : null;
}

export const triodosCsvFormat: StatementFormat = { id: "triodos-csv", sniff, parse };
