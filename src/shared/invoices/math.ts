/**
 * Invoice arithmetic in integer cents. Quantities are hundredths (numeric 10,2: 1.5 hours -> 150).
 *
 * 1. A line's amount excl. VAT = quantity × unit price, rounded half up (away from zero) to the cent.
 * 2. VAT is computed per rate over the sum of the lines at that rate, rounded half up (domain.md §1: either per
 *    line or on the total, consistently — we do it on the total per rate, as the invoice shows it per rate).
 * 3. Subtotal = Σ line amounts; tax = Σ VAT per rate; total = subtotal + tax.
 */
import { korAppliesOn, type KorDates } from "../kor";
import { percentOf, type Cents } from "../money";
import { EU_COUNTRIES } from "../vat";

/**
 * How a line is taxed: a Dutch rate, reverse-charged to the client (btw verlegd), exempt (e.g. KOR), or one of
 * the 0% rates with its own rubriek: goods exported outside the EU (uitvoer, 3a) and an intra-community supply
 * of goods to a business elsewhere in the EU (intracommunautaire levering, 3b and the opgaaf ICP).
 */
export const VAT_CATEGORIES = [
  "21",
  "9",
  "0",
  "reverse_charge",
  "exempt",
  "export",
  "intra_eu_goods",
] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/** The percentage in hundredths (21% -> 2100) each category charges. */
export const VAT_RATE_HUNDREDTHS: Readonly<Record<VatCategory, number>> = {
  "21": 2100,
  "9": 900,
  "0": 0,
  reverse_charge: 0,
  exempt: 0,
  export: 0,
  intra_eu_goods: 0,
};

/**
 * The VAT category a new invoice line starts with (domain.md §1–2): exempt under the KOR on the issue date;
 * reverse charge for a business elsewhere in the EU with a VAT number; 0% for a client outside the EU; otherwise
 * Dutch 21%. The user can still choose another per line.
 */
export function defaultVatCategory(
  seller: KorDates | undefined,
  client: { country: string; taxNumber: string | null } | undefined,
  issueDate: string,
): VatCategory {
  if (seller && korAppliesOn(seller, issueDate)) return "exempt";
  if (!client || client.country === "NL") return "21";
  if (!(EU_COUNTRIES as readonly string[]).includes(client.country)) return "0";
  return client.taxNumber ? "reverse_charge" : "21";
}

/** The invoice form is English (spec §2.15). */
export const VAT_CATEGORY_LABELS: Readonly<Record<VatCategory, string>> = {
  "21": "21%",
  "9": "9%",
  "0": "0%",
  reverse_charge: "Reverse charge",
  exempt: "VAT exempt",
  export: "0% export (outside the EU)",
  intra_eu_goods: "0% intra-EU supply of goods",
};

export type LineInput = { quantityHundredths: number; unitPriceCents: Cents; vatCategory: VatCategory };
export type LineAmounts = { amount: Cents; vatAmount: Cents; totalAmount: Cents };
export type VatBreakdownRow = { vatCategory: VatCategory; base: Cents; vat: Cents };
export type InvoiceTotals = {
  subtotal: Cents;
  taxAmount: Cents;
  total: Cents;
  /** Per category, in the order of VAT_CATEGORIES; only categories that occur. */
  breakdown: VatBreakdownRow[];
};

/** quantity (hundredths) × price (cents) / 100, half away from zero, without floating point. */
export function lineAmount(quantityHundredths: number, unitPriceCents: Cents): Cents {
  const product = BigInt(quantityHundredths) * BigInt(unitPriceCents);
  const abs = product < 0n ? -product : product;
  const rounded = (abs * 2n + 100n) / 200n;
  return Number(product < 0n ? -rounded : rounded);
}

/** One line's own figures; its VAT is the line's share for display (the invoice's VAT is per rate). */
export function computeLine(line: LineInput): LineAmounts {
  const amount = lineAmount(line.quantityHundredths, line.unitPriceCents);
  const vatAmount = percentOf(amount, VAT_RATE_HUNDREDTHS[line.vatCategory]);
  return { amount, vatAmount, totalAmount: amount + vatAmount };
}

export function computeTotals(lines: readonly LineInput[]): InvoiceTotals {
  const bases = new Map<VatCategory, Cents>();
  for (const line of lines) {
    const { amount } = computeLine(line);
    bases.set(line.vatCategory, (bases.get(line.vatCategory) ?? 0) + amount);
  }
  const breakdown = VAT_CATEGORIES.filter((category) => bases.has(category)).map((vatCategory) => {
    const base = bases.get(vatCategory)!;
    return { vatCategory, base, vat: percentOf(base, VAT_RATE_HUNDREDTHS[vatCategory]) };
  });
  const subtotal = breakdown.reduce((sum, row) => sum + row.base, 0);
  const taxAmount = breakdown.reduce((sum, row) => sum + row.vat, 0);
  return { subtotal, taxAmount, total: subtotal + taxAmount, breakdown };
}

/** A credit note's lines: the same lines with the quantity negated, so every amount is the exact negative. */
export function negateLines<T extends LineInput>(lines: readonly T[]): T[] {
  return lines.map((line) => ({ ...line, quantityHundredths: -line.quantityHundredths }));
}

/** "1.5" | "1,5" | 1.5 -> 150; null when not a number with at most two decimals. */
export function parseQuantity(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim().replace(",", ".");
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(hundredths)) return null;
  return sign ? -hundredths : hundredths;
}

/** 150 -> "1.50" (the database's numeric 10,2 form). */
export function quantityToDecimal(hundredths: number): string {
  const sign = hundredths < 0 ? "-" : "";
  const abs = Math.abs(hundredths);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
