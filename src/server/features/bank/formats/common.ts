/**
 * Small readers shared by the bank statement formats (CSV, MT940, CAMT): amounts to integer cents, the date
 * styles banks write, IBAN normalisation, whitespace, "Label: value" notes and payment references.
 * Every function is pure, never throws, and answers null for text it cannot read, so a caller can turn that
 * into its own row error.
 */
import { isIsoDate } from "../../../../shared/dates";

export type DecimalSeparator = "," | ".";

/**
 * How an amount is written. "grouped" is how CSV exports write it for people: a sign, thousands groups,
 * spaces, at most two decimals. "plain" is how MT940 and CAMT write it: digits with an optional separator and
 * decimals, no sign (the D/C mark or CdtDbtInd carries it) and no grouping.
 */
export type AmountNotation = "grouped" | "plain";

/** The whole part (match 1) and the decimals (match 2), per notation and decimal separator. */
const AMOUNT_PATTERNS: Record<AmountNotation, Record<DecimalSeparator, RegExp>> = {
  grouped: {
    ",": /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/,
    ".": /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/,
  },
  plain: {
    ",": /^(\d+)(?:,(\d*))?$/,
    ".": /^(\d+)(?:\.(\d*))?$/,
  },
};

/**
 * An amount as a bank writes it, in integer cents, with the decimal separator the format uses.
 * Grouped (the default): ("1.234,56", ",") -> 123456; ("+442,98", ",") -> 44298; ("-30.5", ".") -> -3050;
 * ("12,50-", ",") -> -1250; ("2500", ",") -> 250000. The other separator may group thousands in threes;
 * spaces are ignored. A third decimal is refused: "1,000" may well mean a thousand.
 * Plain: ("000000001000,00", ",") -> 100000; ("9,", ",") -> 900; ("12.500", ".") -> 1250. Decimals past the
 * cent are allowed when they are zeros (CAMT may write them); a sign, a group or a space inside is refused.
 * Null for anything else (letters, misplaced separators, a fraction of a cent). The digits are read as text,
 * so no floating point rounding can creep in; "-0,00" is 0.
 */
export function parseAmountCents(
  text: string,
  decimalSeparator: DecimalSeparator,
  notation: AmountNotation = "grouped",
): number | null {
  let value = notation === "plain" ? text.trim() : text.replace(/\s+/g, "");
  let negative = false;
  if (notation === "grouped" && /^[+-]/.test(value)) {
    negative = value.startsWith("-");
    value = value.slice(1);
  } else if (notation === "grouped" && value.endsWith("-")) {
    negative = true;
    value = value.slice(0, -1);
  }
  const match = AMOUNT_PATTERNS[notation][decimalSeparator].exec(value);
  if (!match) return null;
  const whole = match[1]!.replace(/[.,]/g, "");
  const decimals = match[2] ?? "";
  if (/[1-9]/.test(decimals.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * An amount whose decimal separator depends on a user setting (bunq): "-1,234.56", "-1.234,56", "12.50" and
 * "12,50" all read. With both separators the last one is the decimal one; a single separator followed by
 * exactly three digits groups thousands ("1.234" -> 123400), otherwise it is the decimal separator.
 */
export function parseAmountCentsEitherSeparator(text: string): number | null {
  const value = text.replace(/\s+/g, "");
  const lastComma = value.lastIndexOf(",");
  const lastDot = value.lastIndexOf(".");
  if (lastComma < 0 && lastDot < 0) return parseAmountCents(value, ".");
  if (lastComma >= 0 && lastDot >= 0) return parseAmountCents(value, lastComma > lastDot ? "," : ".");
  const separator: DecimalSeparator = lastComma >= 0 ? "," : ".";
  const digitsAfter = value.replace(/-$/, "").length - value.lastIndexOf(separator) - 1;
  return parseAmountCents(value, digitsAfter === 3 ? (separator === "," ? "." : ",") : separator);
}

/** ("2026", "1", "31") -> "2026-01-31"; null when it is not a real day. */
export function isoDateFromParts(year: string, month: string, day: string): string | null {
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : null;
}

/** "31-01-2026" | "31/01/2026" | "31.01.2026" | "1-2-2026" -> "2026-01-31"; null for "31-02-2026" or other text. */
export function dayMonthYearToIso(text: string): string | null {
  const match = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(text.trim());
  return match ? isoDateFromParts(match[4]!, match[3]!, match[1]!) : null;
}

/** "20260131" -> "2026-01-31"; null when it is not a real day. */
export function compactDateToIso(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  return match ? isoDateFromParts(match[1]!, match[2]!, match[3]!) : null;
}

/** "2026-01-31" (or "2026-1-31") -> "2026-01-31"; null when it is not a real day. */
export function yearMonthDayToIso(text: string): string | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  return match ? isoDateFromParts(match[1]!, match[2]!, match[3]!) : null;
}

/** Any of the three styles above, for layouts whose date style is not certain. */
export function anyDateToIso(text: string): string | null {
  return yearMonthDayToIso(text) ?? compactDateToIso(text) ?? dayMonthYearToIso(text);
}

/** Runs of whitespace (also tabs, newlines, no-break spaces) become one space; ends trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The text with its whitespace collapsed; null when nothing is left. */
export function collapsedOrNull(text: string | null | undefined): string | null {
  const value = collapseWhitespace(text ?? "");
  return value === "" ? null : value;
}

/** Upper case without spaces: " nl91 abna 0417 1643 00" -> "NL91ABNA0417164300"; null when empty. No checksum test. */
export function normaliseIban(text: string | null | undefined): string | null {
  const value = (text ?? "").replace(/\s+/g, "").toUpperCase();
  return value === "" ? null : value;
}

/**
 * Country code, two check digits and 11 to 30 letters or digits (the shortest IBAN, Norway's, has 15
 * characters). Deliberately no mod-97 check: bank sample files and test accounts carry IBANs with a wrong
 * checksum (domain.md §3), and the bank has booked them.
 */
export function isIbanShaped(text: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(text);
}

/** The normalised IBAN when the text has the shape of one; null for empty text and old account numbers. */
export function ibanOrNull(text: string | null | undefined): string | null {
  const value = normaliseIban(text);
  return value !== null && isIbanShaped(value) ? value : null;
}

/** The bank code of a Dutch IBAN ("NL91ABNA0417164300" -> "ABNA"); null for other countries. */
export function dutchBankCode(iban: string | null): string | null {
  return iban !== null && /^NL\d{2}[A-Z]{4}/.test(iban) ? iban.slice(4, 8) : null;
}

export type LabelledText = {
  /** The text before the first label, whitespace collapsed. */
  before: string;
  /** Each label with its value (collapsed), in the order they occur. A repeated label keeps every occurrence. */
  parts: Array<{ label: string; value: string }>;
};

/**
 * Splits notes like "Naam: Jan Jansen Omschrijving: Factuur 12 IBAN: NL02ABNA0123456789" into labelled parts.
 * A label counts at the start or after whitespace and must be followed by a colon; labels are matched as
 * given (case-sensitive), so "naam:" inside a sentence does not split it.
 * `loose` is for ABN AMRO's fixed-width giro text, where a value may fill its field right up to the next
 * label ("B.V.Machtiging: …"): a label counts anywhere and in any case, may have spaces before its colon, and
 * one ending in a full stop needs no colon ("BETALINGSKENM. 5012…"). The parts carry labels as given.
 */
export function splitLabelledText(
  text: string,
  labels: readonly string[],
  { loose = false }: { loose?: boolean } = {},
): LabelledText {
  const escaped = [...labels]
    .sort((a, b) => b.length - a.length)
    .map((label) => label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  const pattern = loose
    ? new RegExp(`(${escaped.join("|")})(?:\\s*:|(?<=\\.))`, "gi")
    : new RegExp(`(?:^|\\s)(${escaped.join("|")}):`, "g");
  const asGiven = (found: string) =>
    labels.find((label) => label.toLowerCase() === found.toLowerCase()) ?? found;
  const found = [...text.matchAll(pattern)];
  if (found.length === 0) return { before: collapseWhitespace(text), parts: [] };
  const parts = found.map((match, index) => {
    const start = match.index + match[0].length;
    const end = index + 1 < found.length ? found[index + 1]!.index : text.length;
    const label = loose ? asGiven(match[1]!) : match[1]!;
    return { label, value: collapseWhitespace(text.slice(start, end)) };
  });
  return { before: collapseWhitespace(text.slice(0, found[0]!.index)), parts };
}

/** The value of the first of `labels` present in the parts; null when none is. */
export function labelledValue(text: LabelledText, ...labels: string[]): string | null {
  return text.parts.find((part) => labels.includes(part.label))?.value ?? null;
}

/**
 * The text as a structured payment reference when it is one: a Dutch betalingskenmerk (16 digits, spaces
 * allowed) or an ISO 11649 creditor reference ("RF18 5390 0754 7034" -> "RF18539007547034"). Otherwise null,
 * so free text never passes for a reference.
 */
export function structuredReference(text: string | null | undefined): string | null {
  const compact = (text ?? "").replace(/\s+/g, "").toUpperCase();
  if (/^\d{16}$/.test(compact)) return compact;
  if (/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return compact;
  return null;
}

/** An end-to-end id as given, with the SEPA placeholders for "none" read as null. */
export function endToEndIdOrNull(text: string | null | undefined): string | null {
  const value = collapsedOrNull(text);
  return value !== null && /^(NOTPROVIDED|NONREF)$/i.test(value) ? null : value;
}

/**
 * An unsigned amount with the sign its direction gives it (Af/Bij, Debet/Credit, the MT940 D/C mark, CAMT's
 * CdtDbtInd); never -0, which toEqual and JSON tell apart from 0.
 */
export function withSign(cents: number, sign: 1 | -1): number {
  const value = sign * Math.abs(cents);
  return value === 0 ? 0 : value;
}
