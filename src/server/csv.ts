/**
 * The one CSV writer of every export, for Excel-NL: semicolons (the Dutch list separator), CRLF line ends,
 * fields quoted when they hold a semicolon, quote or line break, UTF-8 with a byte order mark so accents survive,
 * and every cell passed through the one formula-injection guard (architecture.md, Security).
 */
import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | null;

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = "\uFEFF";

/** "-1.234,50", "-3", "-0,5": a negative amount as the exports write it, a number and not a formula. */
const NEGATIVE_NUMBER = /^-\d[\d.]*(,\d+)?$/;

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula; a leading apostrophe makes it text. A negative amount stays a number, so a spreadsheet can still add it.
 * This also applies to '+31 …' phone numbers, by design.
 */
export function neutraliseFormula<T extends CsvCell>(value: T): T | string {
  if (typeof value !== "string" || NEGATIVE_NUMBER.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Records as CSV lines, every cell neutralised. With `header`, a first line of column names; with `bom: false`,
 * no byte order mark (a streamed export writes it once, before its first piece).
 */
export function toCsv(
  records: readonly (readonly CsvCell[])[],
  options: { header?: readonly string[]; bom?: boolean } = {},
): string {
  return stringify(
    records.map((record) => record.map(neutraliseFormula)),
    {
      ...(options.header ? { header: true, columns: [...options.header] } : {}),
      delimiter: ";",
      bom: options.bom ?? true,
      record_delimiter: "windows",
      // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone line feed, which Excel
      // would still break the row on.
      quoted_match: /[\r\n]/,
    },
  );
}
