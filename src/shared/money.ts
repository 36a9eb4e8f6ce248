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

/**
 * A signed amount in cents as people and banks write it: "12,50", "12.50", "1.234,56", "1,234.56", "€ 1.234,56",
 * "-12,50", "+442,98", "EUR -5", "12,50-", or a number (the API). Null when it is not an amount with at most
 * 2 decimals. One separator alone is the decimal separator; with both, the last one is. "1.234" and "1,234" are
 * null: a thousand in one country, three decimals in another (isAmbiguousAmount tells the user which).
 */
export function parseAmount(input: string | number): Cents | null {
  if (typeof input === "number") return parseCents(input);
  let value = input
    .replace(/[\s\u00a0]/g, "")
    .replace(/^(€|eur)/i, "")
    .replace(/(€|eur)$/i, "");
  let negative = false;
  if (/^[-+]/.test(value)) {
    negative = value.startsWith("-");
    value = value.slice(1).replace(/^(€|eur)/i, "");
  } else if (/-$/.test(value)) {
    negative = true;
    value = value.slice(0, -1);
  }
  if (!/^\d[\d.,]*$/.test(value)) return null;
  const lastComma = value.lastIndexOf(",");
  const lastDot = value.lastIndexOf(".");
  let normalised: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? "," : ".";
    const thousands = decimal === "," ? "." : ",";
    const [whole, fraction, extra] = value.split(decimal);
    if (extra !== undefined || !/^\d{1,3}([.,]\d{3})*$/.test(whole!) || whole!.includes(decimal)) return null;
    if (whole!.includes(thousands) && !new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`).test(whole!))
      return null;
    normalised = `${whole!.split(thousands).join("")}.${fraction}`;
  } else if (lastComma >= 0 || lastDot >= 0) {
    const separator = lastComma >= 0 ? "," : ".";
    const parts = value.split(separator);
    // "1.234.567" or "1,234,567": thousands separators only.
    normalised =
      parts.length > 2
        ? /^\d{1,3}$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{3}$/.test(p))
          ? parts.join("")
          : "x"
        : parts.join(".");
  } else {
    normalised = value;
  }
  const cents = parseCents(normalised);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

/** "1.234" or "-1,000": one separator before exactly three digits, read as a thousand or as three decimals. */
export function isAmbiguousAmount(input: string): boolean {
  return /^[-+]?(€|eur)?\d{1,3}[.,]\d{3}$/i.test(input.replace(/[\s\u00a0]/g, ""));
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
