/**
 * Money is integer cents in TypeScript; decimal strings ("1234.50") cross the API and the database.
 * Nothing here goes through binary floating point.
 */
export type Cents = number;

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "1234.5" | "1234.50" | 1234.5 -> 123450. Returns null for anything that is not an amount with at most 2 decimals. */
export function parseCents(value: string | number): Cents | null {
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return sign ? -cents : cents;
}

/** A JS number as typed by a user ("12.3" -> 12.3) back to its shortest decimal text, without exponent notation. */
function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** 123450 -> "1234.50" (the API and database form). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Multiply cents by a percentage given in hundredths (21% -> 2100), rounding half up (away from zero). */
export function percentOf(cents: Cents, rateHundredths: number): Cents {
  const product = BigInt(cents) * BigInt(rateHundredths);
  const divisor = 10000n;
  const abs = product < 0n ? -product : product;
  const rounded = (abs * 2n + divisor) / (divisor * 2n);
  return Number(product < 0n ? -rounded : rounded);
}
