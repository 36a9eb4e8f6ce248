import { centsToDecimal, type Cents } from "./money";

/** nl-NL presentation helpers: euro with 2 decimals, Dutch dates. */
const euro = new Intl.NumberFormat("nl-NL", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const signedEuro = new Intl.NumberFormat("nl-NL", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: "exceptZero",
});

const decimal = new Intl.NumberFormat("nl-NL", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123450 -> "€ 1.234,50". Exact for every amount up to 2^53 cents: the number is split before formatting. */
export function formatEuro(cents: Cents): string {
  return euro.format(Number(centsToDecimal(cents)));
}

/**
 * 123450 -> "€ +1.234,50", -382 -> "€ -3,82": money in or out (spec §2.12), the sign where formatEuro puts a
 * minus, so a negative amount reads the same on every screen.
 */
export function formatSignedEuro(cents: Cents): string {
  return signedEuro.format(Number(centsToDecimal(cents)));
}

/** 123450 -> "1.234,50" (amount without currency sign). */
export function formatAmount(cents: Cents): string {
  return decimal.format(Number(centsToDecimal(cents)));
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(minDecimals: number, maxDecimals: number): Intl.NumberFormat {
  const key = `${minDecimals}-${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("nl-NL", {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** 1234.5 -> "1.234,5": nl-NL, at most `maxDecimals` decimals (toLocaleString's 3 by default), none trailing. */
export function formatNumber(value: number, maxDecimals = 3): string {
  return numberFormat(0, maxDecimals).format(value);
}

/** 1234.5 -> "1.234,50" for 2: nl-NL with exactly `decimals` decimals. */
export function formatFixed(value: number, decimals: number): string {
  return numberFormat(decimals, decimals).format(value);
}

/** Hours as shown in the product: one decimal, nl-NL ("12,5"). */
export function formatHours(hours: number): string {
  return formatFixed(hours, 1);
}

/** "2026-11-21" -> "21-11-2026". Calendar dates are never shifted by time zones. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}-${month}-${year}`;
}

/** "2026-11-21" -> "21 november 2026". */
export function formatLongDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number);
  return new Intl.DateTimeFormat("nl-NL", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year!, month! - 1, day!)));
}
