/**
 * How the Inkoopfacturen screen shows amounts, statuses and where a prefilled field came from, and the sums of
 * the review form. Pure functions: the form and the list share them, the unit tests pin them down.
 */
import { formatEuro } from "@shared/format";
import { parseAmount, parseCents, percentOf, type Cents } from "@shared/money";
import {
  isShiftedVat,
  PURCHASE_FIELD_SOURCE_LABELS,
  PURCHASE_STATUS_LABELS,
  type PurchaseFieldOrigin,
  type PurchaseInvoiceSummary,
  type PurchaseVatTreatment,
} from "@shared/schemas/purchase-invoices";

export const cents = (decimal: string) => parseCents(decimal) ?? 0;
export const euro = (decimal: string) => formatEuro(cents(decimal));

export const UNKNOWN_SUPPLIER = "Onbekende leverancier";
export const supplierLabel = (invoice: Pick<PurchaseInvoiceSummary, "supplierName">) =>
  invoice.supplierName ?? UNKNOWN_SUPPLIER;

/**
 * Below this the reader was unsure: the field is marked for checking. A text PDF's fields score 0.6–0.9; a
 * blurred photo's guesses lower, and those are the ones to check.
 */
export const LOW_CONFIDENCE = 0.6;

/**
 * "uit e-factuur", "uit tekstherkenning · 72%": where a prefilled field came from. A certain source (an
 * e-invoice, the supplier's own defaults) shows no percentage.
 */
export function originHint(origin: PurchaseFieldOrigin): { text: string; isLow: boolean } {
  const label = PURCHASE_FIELD_SOURCE_LABELS[origin.source];
  const text =
    origin.source === "supplier"
      ? "zoals bij deze leverancier"
      : origin.source === "user"
        ? label
        : `uit ${label}`;
  const isLow = origin.confidence < LOW_CONFIDENCE;
  const percent = origin.confidence < 1 ? ` · ${Math.round(origin.confidence * 100)}%` : "";
  return { text: `${text}${percent}`, isLow };
}

/** The list's status: a booked invoice past its due date with money open reads 'Verlopen'. */
export function statusOf(invoice: Pick<PurchaseInvoiceSummary, "status" | "isOverdue">): {
  label: string;
  variant: "muted" | "default" | "success" | "warning";
} {
  if (invoice.isOverdue) return { label: "Verlopen", variant: "warning" };
  switch (invoice.status) {
    case "reading":
      return { label: PURCHASE_STATUS_LABELS.reading, variant: "muted" };
    case "review":
      return { label: PURCHASE_STATUS_LABELS.review, variant: "warning" };
    case "booked":
      return { label: PURCHASE_STATUS_LABELS.booked, variant: "default" };
    case "paid":
      return { label: PURCHASE_STATUS_LABELS.paid, variant: "success" };
  }
}

/** A review line as typed. */
export type LineText = { vatRate: string; netAmount: string; vatAmount: string };

/** The VAT at the line's rate over its amount; null while the amount cannot be read. */
export function expectedVat(line: Pick<LineText, "vatRate" | "netAmount">): Cents | null {
  const net = parseAmount(line.netAmount);
  const rate = Number(line.vatRate);
  if (net === null || !Number.isFinite(rate)) return null;
  return percentOf(net, rate * 100);
}

/**
 * A line's VAT as the server will book it: computed when the VAT is shifted to the buyer; otherwise what was
 * typed, or at the rate when left empty (0 at 0%).
 */
export function lineVat(line: LineText, treatment: PurchaseVatTreatment): Cents | null {
  const expected = expectedVat(line);
  if (isShiftedVat(treatment)) return expected;
  if (line.vatAmount.trim() === "") return Number(line.vatRate) === 0 ? 0 : expected;
  return parseAmount(line.vatAmount);
}

/**
 * Excluding VAT, the VAT, and what is owed to the supplier (shifted VAT is the buyer's to declare, so it is not
 * in the total); null parts while a line cannot be read.
 */
export function formTotals(
  lines: readonly LineText[],
  treatment: PurchaseVatTreatment,
): { net: Cents | null; vat: Cents | null; total: Cents | null } {
  let net: Cents | null = 0;
  let vat: Cents | null = 0;
  for (const line of lines) {
    const lineNet = line.netAmount.trim() === "" ? 0 : parseAmount(line.netAmount);
    const lineVatCents =
      line.netAmount.trim() === "" && line.vatAmount.trim() === "" ? 0 : lineVat(line, treatment);
    net = net === null || lineNet === null ? null : net + lineNet;
    vat = vat === null || lineVatCents === null ? null : vat + lineVatCents;
  }
  const total = net === null ? null : isShiftedVat(treatment) ? net : vat === null ? null : net + vat;
  return { net, vat, total };
}

/**
 * A payment's amount as the API takes it: with the sign of what is open. Paying a supplier is positive; money
 * back from a supplier (a credit, or an overpayment returned) is negative.
 */
export const signedPayment = (typed: string, openCents: Cents) =>
  openCents < 0 && typed.trim() !== "" && !typed.trim().startsWith("-") ? `-${typed.trim()}` : typed;
