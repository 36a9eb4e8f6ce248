/**
 * What the CSV-like bank exports have in common, around common.ts:
 * 1. reading records with the line each starts on (a quoted field may span lines), skipping empty lines;
 * 2. finding columns by header name;
 * 3. reading records into lines or row errors, and checking that a headerless file has the bank's layout;
 * 4. turning read lines into one statement per account, oldest line first, with the balances the file states;
 * 5. the StatementFormat of an export with a header row, and of one without (a fixed layout).
 */
import Papa from "papaparse";
import { ibanOrNull, normaliseIban } from "./common";
import {
  StatementFormatError,
  type FormatId,
  type ParsedFile,
  type ParsedStatement,
  type StatementFormat,
  type StatementLine,
} from "./types";

export type CsvRecord = {
  /** 1-based line number where the record starts. */
  row: number;
  cells: string[];
};

export type CsvOptions = {
  delimiter: string;
  /** `"` by default; "\u0000" turns quoting off for exports that never quote (ABN AMRO TXT, ASN/SNS). */
  quoteChar?: string;
  /** Stop after this many records (for sniffing). */
  limit?: number;
};

/** Which way a file runs when its dates and balances do not tell (see assembleStatements). */
export type FileOrder = "newest-first" | "oldest-first";

/** The text without a leading byte order mark, which the caller normally strips already. */
export function withoutBom(text: string): string {
  return text.replace(/^\uFEFF/, "");
}

/** The records of the file with their line numbers; empty lines and all-blank records are left out. */
export function readCsvRecords(text: string, options: CsvOptions): CsvRecord[] {
  const source = withoutBom(text);
  const records: CsvRecord[] = [];
  let start = 0;
  let countedUpTo = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter: options.delimiter,
    quoteChar: options.quoteChar ?? '"',
    escapeChar: options.quoteChar ?? '"',
    skipEmptyLines: false,
    step: (result, parser) => {
      // The cursor is where the next record starts; counting newlines up to a record's start gives its line.
      for (let index = countedUpTo; index < start; index++) {
        if (source[index] === "\n" || (source[index] === "\r" && source[index + 1] !== "\n")) line++;
      }
      countedUpTo = start;
      const cells = result.data;
      if (cells.some((cell) => cell.trim() !== "")) records.push({ row: line, cells });
      start = result.meta.cursor;
      if (options.limit !== undefined && records.length >= options.limit) parser.abort();
    },
  });
  return records;
}

/** The first `count` lines of the text, enough for a sniff without reading a large file. */
export function headLines(text: string, count: number): string {
  return withoutBom(text)
    .split(/\r\n|\r|\n/, count)
    .join("\n");
}

/** Of the candidate delimiters, the one that splits the line into the most fields. */
export function detectDelimiter(line: string, candidates: readonly string[]): string {
  let best = candidates[0]!;
  let bestCount = 0;
  for (const candidate of candidates) {
    const count = readCsvRecords(line, { delimiter: candidate, limit: 1 })[0]?.cells.length ?? 0;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/** A header cell as compared: lower case, whitespace collapsed, no byte order mark. */
export function headerKey(cell: string): string {
  return withoutBom(cell).replace(/\s+/g, " ").trim().toLowerCase();
}

/** For each wanted column the index of the first header cell with one of its names (lower case), else null. */
export function findColumns<K extends string>(
  header: readonly string[],
  names: Record<K, readonly string[]>,
): Record<K, number | null> {
  const keys = header.map(headerKey);
  const columns = {} as Record<K, number | null>;
  for (const column of Object.keys(names) as K[]) {
    const index = keys.findIndex((key) => names[column].includes(key));
    columns[column] = index >= 0 ? index : null;
  }
  return columns;
}

/**
 * The columns of a header record when it names every required one, else null: a header missing one is another
 * bank's (or no header at all), which a sniff answers "no" to and a parse refuses.
 */
export function requiredColumns<K extends string>(
  header: readonly string[],
  names: Record<K, readonly string[]>,
  required: readonly NoInfer<K>[],
): Record<K, number | null> | null {
  const columns = findColumns(header, names);
  return required.every((column) => columns[column] !== null) ? columns : null;
}

export type HeaderLine<K extends string> = {
  delimiter: string;
  header: string[];
  columns: Record<K, number | null>;
  /** The index of the first record under the header. */
  rowsFrom: number;
};

/**
 * The header on the first line, split by whichever candidate delimiter splits it most (exports whose
 * delimiter changed over the years), with its columns; null when a required column is missing.
 */
export function readHeaderLine<K extends string>(
  text: string,
  delimiters: readonly string[],
  names: Record<K, readonly string[]>,
  required: readonly NoInfer<K>[],
): HeaderLine<K> | null {
  const firstLine = headLines(text, 1);
  const delimiter = delimiters.length === 1 ? delimiters[0]! : detectDelimiter(firstLine, delimiters);
  const header = readCsvRecords(firstLine, { delimiter, limit: 1 })[0]?.cells;
  if (!header) return null;
  const columns = requiredColumns(header, names, required);
  return columns ? { delimiter, header, columns, rowsFrom: 1 } : null;
}

/** A cell of a record by index, trimmed; "" when the index is null or out of range. */
export function cellAt(cells: readonly string[], index: number | null): string {
  return index === null ? "" : (cells[index] ?? "").trim();
}

/** A line as read from one record, with what the statement around it needs. */
export type AccountLine = {
  /** Groups lines into statements: the account as the file writes it. */
  accountKey: string;
  accountIban: string | null;
  accountCurrency: string;
  line: StatementLine;
  /** The balance before this line, when the file states it (ABN AMRO, ASN); else derived from balanceAfter. */
  balanceBeforeCents?: number | null;
  statementNumber?: string | null;
};

export type RowError = ParsedFile["rowErrors"][number];

/**
 * The own account of a line, grouped by its normalised form so that one account written with spaces or in
 * lower case still makes one statement.
 */
export function ownAccount(raw: string): Pick<AccountLine, "accountKey" | "accountIban"> {
  return { accountKey: normaliseIban(raw) ?? "", accountIban: ibanOrNull(raw) };
}

/** How the records of one layout are read into lines. */
export type LineReader<F> = {
  /** The fields of a record in the layout; null when it has the wrong number of them. */
  fieldsOf: (cells: string[]) => F | null;
  /** The number of fields the layout has, for the row error of a record that does not fit. */
  expected: number | string;
  /** The line of a record; null (or anything added to `errors`) makes it a row error. */
  read: (fields: F, row: number, errors: string[]) => AccountLine | null;
};

/** The fields part of a reader for a layout of `count` fields (for a layout with a header: the header's). */
export function fixedFieldCount(count: number): Pick<LineReader<string[]>, "fieldsOf" | "expected"> {
  return { fieldsOf: (cells) => (cells.length === count ? cells : null), expected: count };
}

/**
 * Every record read into a line or into a row error with all its reasons, then the statements. Every bank's
 * rows are treated alike: a row that cannot be read is reported and the rest of the file is still read.
 */
export function readStatements<F>(
  records: readonly CsvRecord[],
  reader: LineReader<F>,
  fileOrder: FileOrder,
): Pick<ParsedFile, "statements" | "rowErrors"> {
  const entries: AccountLine[] = [];
  const rowErrors: RowError[] = [];
  for (const { row, cells } of records) {
    const fields = reader.fieldsOf(cells);
    if (fields === null) {
      rowErrors.push({ row, message: columnCountMessage(cells.length, reader.expected) });
      continue;
    }
    const errors: string[] = [];
    const entry = reader.read(fields, row, errors);
    if (entry === null || errors.length > 0) rowErrors.push({ row, message: errors.join("; ") });
    else entries.push(entry);
  }
  return { statements: assembleStatements(entries, fileOrder), rowErrors: sortRowErrors(rowErrors) };
}

/** How many records a sniff of a headerless layout looks at. */
const SNIFF_RECORDS = 5;

/**
 * For a sniff of a headerless layout: the fields of the first of the first records that reads entirely, when
 * most of those records fit the layout; else undefined. One broken row does not hide the bank's file (parse
 * reports it), yet a file of another layout with one lookalike row is not taken.
 */
export function sniffLayout<F>(
  text: string,
  options: CsvOptions,
  fieldsOf: (cells: string[]) => F | null,
  reads: (fields: F) => boolean,
): F | undefined {
  const records = readCsvRecords(headLines(text, SNIFF_RECORDS), { ...options, limit: SNIFF_RECORDS });
  const fitting = records
    .map((record) => fieldsOf(record.cells))
    .filter((fields): fields is F => fields !== null);
  return fitting.length * 2 >= records.length ? fitting.find(reads) : undefined;
}

/**
 * Refuses a headerless file in which no record fits the layout: it is empty or another bank's, and reading it
 * would only give a row error per line. `notTheLayout` says which layout was expected.
 */
export function requireLayout<F>(
  records: readonly CsvRecord[],
  fieldsOf: (cells: string[]) => F | null,
  notTheLayout: string,
): void {
  if (!records.some((record) => fieldsOf(record.cells) !== null)) {
    throw new StatementFormatError(records.length === 0 ? "Het bestand is leeg" : notTheLayout);
  }
}

/** An export whose header row names its columns (bunq, ING, Knab, Rabobank). */
export type HeaderCsvLayout<K extends string> = {
  id: FormatId;
  formatLabel: string;
  /** The header in the text, or null when the file is not this bank's; a sniff asks only this. */
  findHeader: (text: string) => HeaderLine<K> | null;
  /** The refusal of a file without the header: read by column name, it cannot be read without one. */
  notTheHeader: string;
  fileOrder: FileOrder;
  /**
   * The line of a row under the header; `cell` reads a column of the row by name, `headerCell` the header's
   * own cell ("" for a column the file lacks).
   */
  readLine: (
    cell: (column: K) => string,
    row: number,
    errors: string[],
    headerCell: (column: K) => string,
  ) => AccountLine | null;
};

/** The format of an export with a header row: every row under it must have as many fields as the header. */
export function headerCsvFormat<K extends string>(layout: HeaderCsvLayout<K>): StatementFormat {
  return {
    id: layout.id,
    sniff: (text) => layout.findHeader(text) !== null,
    parse(text) {
      const found = layout.findHeader(text);
      if (found === null) throw new StatementFormatError(layout.notTheHeader);
      const { delimiter, header, columns, rowsFrom } = found;
      const headerCell = (column: K) => cellAt(header, columns[column]);
      const read = (cells: string[], row: number, errors: string[]) =>
        layout.readLine((column) => cellAt(cells, columns[column]), row, errors, headerCell);
      const rows = readCsvRecords(text, { delimiter }).slice(rowsFrom);
      const reader = { ...fixedFieldCount(header.length), read };
      return {
        format: layout.id,
        formatLabel: layout.formatLabel,
        ...readStatements(rows, reader, layout.fileOrder),
      };
    },
  };
}

/** An export without a header, every record in one layout of fields (ABN AMRO TXT, Triodos, de Volksbank). */
export type FixedLayout<F> = LineReader<F> & {
  csv: CsvOptions;
  /** The refusal of a file in which no record fits: which layout was expected. */
  notTheLayout: string;
  fileOrder: FileOrder;
};

/** The statements of a headerless file; refused when no record fits the layout at all. */
export function readFixedLayout<F>(
  text: string,
  layout: FixedLayout<F>,
): Pick<ParsedFile, "statements" | "rowErrors"> {
  const records = readCsvRecords(text, layout.csv);
  requireLayout(records, layout.fieldsOf, layout.notTheLayout);
  return readStatements(records, layout, layout.fileOrder);
}

/** The format of a headerless export, sniffed by its first records: most fit, and one reads as a line. */
export function fixedLayoutFormat<F>(
  layout: FixedLayout<F> & { id: FormatId; formatLabel: string; looksLikeRow: (fields: F) => boolean },
): StatementFormat {
  return {
    id: layout.id,
    sniff: (text) => sniffLayout(text, layout.csv, layout.fieldsOf, layout.looksLikeRow) !== undefined,
    parse: (text) => ({
      format: layout.id,
      formatLabel: layout.formatLabel,
      ...readFixedLayout(text, layout),
    }),
  };
}

/**
 * One statement per account, in the order the accounts first appear. Lines run oldest first: a file that is
 * newest first (ING, bunq) is reversed as a whole, which also reverses the lines within a day so the running
 * balances follow each other. Which way a file runs is read from its first and last dates, for a single day
 * from the running balances, else `fileOrder` decides. The opening balance is the balance before the first
 * line, the closing balance the one after the last; the CSV exports state no statement dates, so the
 * opening and closing dates are those of the first and last line.
 */
export function assembleStatements(entries: readonly AccountLine[], fileOrder: FileOrder): ParsedStatement[] {
  const groups = new Map<string, AccountLine[]>();
  for (const entry of entries) {
    const group = groups.get(entry.accountKey);
    if (group) group.push(entry);
    else groups.set(entry.accountKey, [entry]);
  }
  const statements = [...groups.values()].map((group) => statementOf(chronological(group, fileOrder)));
  return statements.length > 0 ? statements : [emptyStatement()];
}

/** What a file with a valid header but no readable line gives: a statement without lines or account. */
export function emptyStatement(): ParsedStatement {
  return {
    accountIban: null,
    currency: "EUR",
    statementNumber: null,
    openingBalanceCents: null,
    openingDate: null,
    closingBalanceCents: null,
    closingDate: null,
    lines: [],
  };
}

function chronological(group: AccountLine[], fileOrder: FileOrder): AccountLine[] {
  if (group.length < 2) return group;
  const first = group[0]!.line.bookingDate;
  const last = group[group.length - 1]!.line.bookingDate;
  let newestFirst: boolean;
  if (first !== last) newestFirst = first > last;
  else if (balancesFollow(group)) newestFirst = false;
  else if (balancesFollow([...group].reverse())) newestFirst = true;
  else newestFirst = fileOrder === "newest-first";
  const ordered = newestFirst ? [...group].reverse() : group;
  // Array.prototype.sort is stable: lines of one day keep the order found above.
  return [...ordered].sort((a, b) => compareText(a.line.bookingDate, b.line.bookingDate));
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function balancesFollow(lines: AccountLine[]): boolean {
  return lines.every((entry, index) => {
    const after = entry.line.balanceAfterCents;
    if (after === null) return false;
    if (index === 0) return true;
    const previous = lines[index - 1]!.line.balanceAfterCents;
    return previous !== null && previous + entry.line.amountCents === after;
  });
}

function statementOf(group: AccountLine[]): ParsedStatement {
  const first = group[0]!;
  const last = group[group.length - 1]!;
  const firstAfter = first.line.balanceAfterCents;
  const numbers = new Set(group.map((entry) => entry.statementNumber ?? null));
  return {
    accountIban: first.accountIban,
    currency: first.accountCurrency,
    statementNumber: numbers.size === 1 ? (first.statementNumber ?? null) : null,
    openingBalanceCents:
      first.balanceBeforeCents ?? (firstAfter === null ? null : firstAfter - first.line.amountCents),
    openingDate: first.line.bookingDate,
    closingBalanceCents: last.line.balanceAfterCents,
    closingDate: last.line.bookingDate,
    lines: group.map((entry) => entry.line),
  };
}

/** Row errors in file order. */
export function sortRowErrors(errors: RowError[]): RowError[] {
  return [...errors].sort((a, b) => a.row - b.row);
}

/**
 * A required date cell: the ISO date, or null with "Datum ontbreekt" / "Ongeldige datum '…'" added to
 * `errors`. `what` names the date in the message ("valutadatum").
 */
export function readDate(
  raw: string,
  parse: (text: string) => string | null,
  errors: string[],
  what = "datum",
): string | null {
  return readRequired(raw, parse, errors, what, `Ongeldige ${what} '${raw}'`);
}

/** An optional date cell: null when empty, otherwise as `readDate`. */
export function readOptionalDate(
  raw: string,
  parse: (text: string) => string | null,
  errors: string[],
  what: string,
): string | null {
  return raw === "" ? null : readDate(raw, parse, errors, what);
}

/** A required amount cell in cents, or null with "Bedrag ontbreekt" / "Ongeldig bedrag '…'" in `errors`. */
export function readAmount(
  raw: string,
  parse: (text: string) => number | null,
  errors: string[],
  what = "bedrag",
): number | null {
  return readRequired(raw, parse, errors, what, `Ongeldig ${what} '${raw}'`);
}

/** An optional amount cell (a running balance): null when empty, otherwise as `readAmount`. */
export function readOptionalAmount(
  raw: string,
  parse: (text: string) => number | null,
  errors: string[],
  what: string,
): number | null {
  return raw === "" ? null : readAmount(raw, parse, errors, what);
}

/**
 * The sign a direction cell (Af/Bij, Debet/Credit, C/D) gives an unsigned amount, or null with "Onbekende
 * richting '…' (verwacht …)" in `errors`; `signs` is keyed in lower case, `expected` names the bank's words.
 */
export function readDirection(
  raw: string,
  signs: Record<string, 1 | -1>,
  errors: string[],
  expected: string,
): 1 | -1 | null {
  // Own keys only: a cell reading 'constructor' is no direction.
  const key = raw.toLowerCase();
  const sign = Object.hasOwn(signs, key) ? signs[key] : undefined;
  if (!sign) {
    errors.push(`Onbekende richting '${raw}' (verwacht ${expected})`);
    return null;
  }
  return sign;
}

/**
 * A required cell read by `parse`, or null with "<What> ontbreekt" or `invalid` added to `errors`. Dates and
 * amounts differ only in the article of the message ("Ongeldige datum", "Ongeldig bedrag").
 */
function readRequired<T>(
  raw: string,
  parse: (text: string) => T | null,
  errors: string[],
  what: string,
  invalid: string,
): T | null {
  if (raw === "") {
    errors.push(`${capitalise(what)} ontbreekt`);
    return null;
  }
  const value = parse(raw);
  if (value === null) errors.push(invalid);
  return value;
}

/** The message for a record with the wrong number of fields. */
export function columnCountMessage(found: number, expected: number | string): string {
  return `Regel heeft ${found} kolommen, verwacht ${expected}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
