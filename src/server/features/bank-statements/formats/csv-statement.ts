/**
 * What the CSV-like bank exports have in common, around common.ts:
 * 1. reading records with the line each starts on (a quoted field may span lines), skipping empty lines;
 * 2. finding columns by header name;
 * 3. turning read lines into one statement per account, oldest line first, with the balances the file states.
 */
import Papa from "papaparse";
import type { ParsedFile, ParsedStatement, StatementLine } from "./types";

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
 * One statement per account, in the order the accounts first appear. Lines run oldest first: a file that is
 * newest first (ING, bunq) is reversed as a whole, which also reverses the lines within a day so the running
 * balances follow each other. Which way a file runs is read from its first and last dates, for a single day
 * from the running balances, else `fileOrder` decides. The opening balance is the balance before the first
 * line, the closing balance the one after the last; the CSV exports state no statement dates, so the
 * opening and closing dates are those of the first and last line.
 */
export function assembleStatements(
  entries: readonly AccountLine[],
  fileOrder: "newest-first" | "oldest-first",
): ParsedStatement[] {
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

function chronological(group: AccountLine[], fileOrder: "newest-first" | "oldest-first"): AccountLine[] {
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
  if (raw === "") {
    errors.push(`${capitalise(what)} ontbreekt`);
    return null;
  }
  const iso = parse(raw);
  if (iso === null) errors.push(`Ongeldige ${what} '${raw}'`);
  return iso;
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
  if (raw === "") {
    errors.push(`${capitalise(what)} ontbreekt`);
    return null;
  }
  const cents = parse(raw);
  if (cents === null) errors.push(`Ongeldig ${what} '${raw}'`);
  return cents;
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

/** The message for a record with the wrong number of fields. */
export function columnCountMessage(found: number, expected: number | string): string {
  return `Regel heeft ${found} kolommen, verwacht ${expected}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
