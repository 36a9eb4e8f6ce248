/**
 * The tokens of invoice text: amounts, percentages, dates, VAT numbers, IBANs and references, as Dutch and English
 * invoices and till receipts print them, including what text recognition typically gets wrong.
 */
import { getCountrySpecifications, isValidIBAN } from "ibantools";
import { isValidVatNumber } from "../../../../shared/validators/btw";
import { isIsoDate } from "../../../../shared/dates";

export type AmountToken = { cents: number; start: number; end: number; currency: string | null };

const CURRENCY_MARKERS: ReadonlyArray<[RegExp, string]> = [
  [/€|\beur\b|\beuro\b/i, "EUR"],
  [/\$|\busd\b/i, "USD"],
  [/£|\bgbp\b/i, "GBP"],
  [/\bchf\b/i, "CHF"],
];

/**
 * One amount: an optional currency and sign, the whole part (thousands grouped by '.', ',' or an apostrophe), and
 * two decimals after ',' or '.' (a stray space around the separator, as recognition adds, is allowed), or ",-" for
 * whole euros. Whole numbers count only after a currency ("€ 121"). Not a percentage, not a quantity in litres or
 * kilos, and not part of a date or a longer number.
 */
const AMOUNT_PATTERN = new RegExp(
  [
    String.raw`(?<![\w.,/-])`,
    String.raw`(?<lead>(?:€|EUR|USD|GBP|CHF|\$|£)\s?)?`,
    String.raw`(?<sign>[-+]\s?)?`,
    String.raw`(?<lead2>(?:€|EUR|\$|£)\s?)?`,
    String.raw`(?:`,
    // After a currency sign a space may group thousands too ("€ 1 234,56"); elsewhere "2 12,50" is two numbers.
    String.raw`(?<whole>(?<=(?:€|EUR|\$|£)\s?)\d{1,3}(?: \d{3})+|\d{1,3}(?:[.,']\d{3})+|\d{1,9})`,
    String.raw`\s?(?<separator>[.,])\s?(?<decimals>\d{2}(?![.,]?\d)|--?(?![\d-]))`,
    String.raw`|(?<integer>\d{1,9})(?![.,]?\d)`,
    String.raw`)`,
    String.raw`(?!\s?%)(?!\s?(?:l|L|ltr|liter|kg|km|kWh|m3|x|st|stk|stuks)\b)`,
    String.raw`(?<trail>-(?!\d))?`,
    String.raw`(?<tail>\s?(?:€|EUR|USD|GBP|CHF)\b)?`,
  ].join(""),
  "g",
);

/** Amounts on a line, left to right. */
export function amountsIn(line: string): AmountToken[] {
  const tokens: AmountToken[] = [];
  for (const match of line.matchAll(AMOUNT_PATTERN)) {
    const groups = match.groups!;
    const marker = (groups.lead ?? groups.lead2 ?? groups.tail ?? "").trim();
    if (groups.integer !== undefined && !marker) continue;
    const whole = Number((groups.whole ?? groups.integer ?? "").replace(/[.,' ]/g, ""));
    const decimals =
      groups.decimals === undefined || groups.decimals.startsWith("-") ? 0 : Number(groups.decimals);
    // A thousands separator equal to the decimal separator ("1.234.56") is no amount.
    if (groups.separator && groups.whole?.includes(groups.separator)) continue;
    let cents = whole * 100 + decimals;
    if (!Number.isSafeInteger(cents)) continue;
    if ((groups.sign?.trim() === "-" || groups.trail) && cents !== 0) cents = -cents;
    tokens.push({
      cents,
      start: match.index,
      end: match.index + match[0].length,
      currency: currencyOf(marker),
    });
  }
  return tokens;
}

export function currencyOf(text: string): string | null {
  for (const [pattern, code] of CURRENCY_MARKERS) if (pattern.test(text)) return code;
  return null;
}

/**
 * Recognition reads O for 0, l or I for 1 and S for 5 inside numbers: "1O,5O" -> "10,50", "€ l2,5O" -> "€ 12,50".
 * Only tokens shaped like an amount with at least one real digit are touched, so words stay words.
 */
export function repairDigits(line: string): string {
  return line.replace(
    /(?<![A-Za-z0-9])[0-9OoIlS]{1,9}(?:[.,][0-9OoIlS]{3})*\s?[.,]\s?[0-9OoIlS]{2}(?![A-Za-z0-9])/g,
    (token) =>
      /\d/.test(token) ? token.replace(/[Oo]/g, "0").replace(/[Il]/g, "1").replace(/S/g, "5") : token,
  );
}

/** "21%", "21 %", "21,00%", "5.5%": the first VAT rate on a line, in percent. */
export function percentIn(line: string): { rate: number; start: number; end: number } | null {
  const match = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(line);
  if (!match) return null;
  const rate = Number(match[1]!.replace(",", "."));
  return { rate, start: match.index, end: match.index + match[0].length };
}

/** Month names and abbreviations, Dutch, English and German, January first. */
const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  ["januari", "january", "januar", "jan"],
  ["februari", "february", "februar", "feb"],
  ["maart", "march", "märz", "mrt", "mar", "maa"],
  ["april", "apr"],
  ["mei", "may", "mai"],
  ["juni", "june", "jun"],
  ["juli", "july", "jul"],
  ["augustus", "august", "aug"],
  ["september", "sept", "sep"],
  ["oktober", "october", "okt", "oct"],
  ["november", "nov"],
  ["december", "dezember", "dec", "dez"],
];

const MONTHS = new Map(
  MONTH_NAMES.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/** Longest names first, so "maart" is not read as "maa". */
const MONTH_NAME = `(${[...MONTHS.keys()].sort((a, b) => b.length - a.length).join("|")})`;

const DATE_PATTERNS: ReadonlyArray<{ pattern: RegExp; read: (match: RegExpExecArray) => string | null }> = [
  // 2026-03-12
  {
    pattern: /(?<![\d-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])/g,
    read: (m) => calendarDate(Number(m[1]), Number(m[2]), Number(m[3])),
  },
  // 12-03-2026, 12/03/26, 12.03.2026; a first part above 12 can only be a day, a second above 12 only an
  // American day (03/25/2026). Otherwise day first, as in the Netherlands.
  {
    pattern: /(?<![\d.,/-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-]|[.,]\d)/g,
    read: (m) => {
      const [first, second] = [Number(m[1]), Number(m[3])];
      const year = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
      if (first <= 12 && second > 12) return calendarDate(year, first, second);
      return calendarDate(year, second, first);
    },
  },
  // 12 maart 2026, 12 mrt. 2026, 12 March 2026, 12th March, 2026
  {
    pattern: new RegExp(
      String.raw`(?<!\d)(\d{1,2})(?:st|nd|rd|th|e)?\.?\s*${MONTH_NAME}\.?,?\s+(\d{4})(?!\d)`,
      "gi",
    ),
    read: (m) => calendarDate(Number(m[3]), MONTHS.get(m[2]!.toLowerCase())!, Number(m[1])),
  },
  // March 12, 2026, Mar 12 2026
  {
    pattern: new RegExp(
      String.raw`(?<![a-z])${MONTH_NAME}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`,
      "gi",
    ),
    read: (m) => calendarDate(Number(m[3]), MONTHS.get(m[1]!.toLowerCase())!, Number(m[2])),
  },
];

export type DateToken = { date: string; start: number; end: number };

/** Dates on a line, left to right, as yyyy-mm-dd; only real days between 2000 and 2099. */
export function datesIn(line: string): DateToken[] {
  const found: DateToken[] = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    for (const match of line.matchAll(pattern)) {
      const date = read(match as RegExpExecArray);
      const start = match.index;
      const end = start + match[0].length;
      if (date && !found.some((token) => start < token.end && token.start < end))
        found.push({ date, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 2000 || year > 2099) return null;
  const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isIsoDate(date) ? date : null;
}

/**
 * VAT identification numbers of the EU member states (and the UK, Northern Ireland), as VIES formats them after
 * the country prefix.
 */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

const VAT_START = new RegExp(
  String.raw`(?<![A-Za-z0-9])(${Object.keys(VAT_FORMATS).join("|")})[\s.-]?(?=[0-9A-Z])`,
  "g",
);

export type IdToken = { value: string; start: number; end: number };

/**
 * VAT numbers on a line, compacted ("NL 8123.45.678.B01" -> "NL812345678B01"). A Dutch number printed without
 * its prefix after a VAT label ("Btw-nr: 812345678B01") counts too.
 */
export function vatNumbersIn(line: string): IdToken[] {
  // Text recognition often reads the B of a Dutch btw-id as an 8 ('NL220553373801'); a Dutch number always has
  // a B there, so the repair is kept only when the result passes the btw-id check.
  const upper = line
    .toUpperCase()
    .replace(/(NL\s?\d{9}\s?)8(\s?\d{2})(?!\d)/g, (found, head: string, tail: string) =>
      isValidVatNumber(`${head}B${tail}`.replace(/\s/g, "")) ? `${head}B${tail}` : found,
    );
  const found: IdToken[] = [];
  for (const match of upper.matchAll(VAT_START)) {
    const country = match[1]!;
    const token = longestCompact(upper, match.index, 16, (compact) => VAT_FORMATS[country]!.test(compact));
    if (token) found.push(token);
  }
  for (const match of upper.matchAll(/(?<![A-Z0-9])\d{9}\s?B\s?\d{2}(?![A-Z0-9])/g)) {
    if (!/(BTW|VAT|OB)[\s-]*(ID|NR|NUMMER|NUMBER|NO)?[.:\s]*$/.test(upper.slice(0, match.index))) continue;
    const value = `NL${match[0].replace(/\s/g, "")}`;
    if (!found.some((token) => token.value === value))
      found.push({ value, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** IBANs on a line (spaces allowed), checked against the country's length and the mod-97 checksum. */
export function ibansIn(line: string): IdToken[] {
  const upper = line.toUpperCase();
  const specifications = getCountrySpecifications();
  const found: IdToken[] = [];
  for (const match of upper.matchAll(/(?<![A-Z0-9])([A-Z]{2})\d{2}/g)) {
    const length = specifications[match[1]!]?.chars;
    if (!length) continue;
    const token = longestCompact(upper, match.index, length, (compact) => compact.length === length);
    if (token && isValidIBAN(token.value)) found.push(token);
  }
  return found;
}

/** ISO 11649 structured creditor references ("RF18 5390 0754 7034"), checked with mod 97. */
export function creditorReferencesIn(line: string): IdToken[] {
  const upper = line.toUpperCase();
  const found: IdToken[] = [];
  for (const match of upper.matchAll(/(?<![A-Z0-9])RF\d{2}/g)) {
    const token = longestCompact(upper, match.index, 25, (compact) => isValidCreditorReference(compact));
    if (token) found.push(token);
  }
  return found;
}

function isValidCreditorReference(compact: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/**
 * The longest run of letters and digits from `start` (single spaces, dots and dashes between groups ignored) that
 * `accepts`, up to `maxLength` characters: how a number printed in groups is read back.
 */
function longestCompact(
  upper: string,
  start: number,
  maxLength: number,
  accepts: (compact: string) => boolean,
): IdToken | null {
  let compact = "";
  let best: IdToken | null = null;
  let index = start;
  while (index < upper.length && compact.length < maxLength) {
    const character = upper[index]!;
    if (/[A-Z0-9]/.test(character)) {
      compact += character;
      index++;
      // A group boundary may end the number: the next character is a separator or the end.
      if (!/[A-Z0-9]/.test(upper[index] ?? " ") && accepts(compact))
        best = { value: compact, start, end: index };
      continue;
    }
    if (
      /[\s.-]/.test(character) &&
      /[A-Z0-9]/.test(upper[index + 1] ?? "") &&
      !/\s/.test(upper[index - 1] ?? " ")
    ) {
      index++;
      continue;
    }
    break;
  }
  return best;
}
