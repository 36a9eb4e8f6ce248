/**
 * VAT math of spec §5 Transaction form, in integer cents: vatAmount = amount × rate / 100 rounded to the cent
 * (half up, away from zero), total = amount + vatAmount. The browser shows it live; the server recomputes it and
 * refuses a total that does not match.
 */
import { parseCents, percentOf, type Cents } from "./money";

/** Spec §9: the rates offered (0 no VAT, 9 reduced, 21 standard), default 21; any rate 0–100 is allowed. */
export const VAT_RATES = [0, 9, 21] as const;
export const DEFAULT_VAT_RATE = 21;
export const MAX_VAT_RATE = 100;

/** A VAT rate in hundredths of a percent: "21" | "21.00" | 21 -> 2100; "9.5" -> 950. Null for anything else. */
export function parseVatRate(value: string | number): number | null {
  const hundredths = parseCents(value);
  if (hundredths === null || hundredths < 0 || hundredths > MAX_VAT_RATE * 100) return null;
  return hundredths;
}

export type VatBreakdown = { amount: Cents; vatAmount: Cents; amountIncludingVat: Cents };

/** The VAT and the total including VAT of an amount excluding VAT. */
export function computeVat(amount: Cents, rateHundredths: number): VatBreakdown {
  const vatAmount = percentOf(amount, rateHundredths);
  return { amount, vatAmount, amountIncludingVat: amount + vatAmount };
}

/**
 * The split of an amount that includes VAT (a bank line, a receipt): the VAT is the included share, rounded half
 * up, and the amount excluding VAT the rest, so the two always add up to what was paid.
 */
export function splitVatIncluded(amountIncludingVat: Cents, rateHundredths: number): VatBreakdown {
  const product = BigInt(amountIncludingVat) * BigInt(rateHundredths);
  const divisor = 10000n + BigInt(rateHundredths);
  const abs = product < 0n ? -product : product;
  const rounded = (abs * 2n + divisor) / (divisor * 2n);
  const vatAmount = Number(product < 0n ? -rounded : rounded);
  return { amount: amountIncludingVat - vatAmount, vatAmount, amountIncludingVat };
}

/** EU member states other than the Netherlands (ISO 3166; Greece also as its VAT prefix EL). */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "EL",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;
