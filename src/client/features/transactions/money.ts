import { centsToDecimal, parseAmount } from "@shared/money";
import type { TransactionInput } from "@shared/schemas/transactions";
import { computeVat, parseVatRate, splitVatIncluded } from "@shared/vat";
import type { TransactionPayload } from "./api";

/**
 * The live amounts of what is typed so far, read as the schema reads it (typed excluding or, with
 * `includesVat`, including VAT); null until valid.
 */
export function liveTotal(
  amount: unknown,
  vatRate: unknown,
  includesVat = false,
): { net: number; vat: number; total: number } | null {
  if (typeof amount !== "string" && typeof amount !== "number") return null;
  const cents = parseAmount(amount);
  const rate = parseVatRate(String(vatRate ?? "21").replace(",", ".") || "21");
  if (cents === null || cents < 0 || rate === null) return null;
  const booked = includesVat ? splitVatIncluded(cents, rate) : computeVat(cents, rate);
  return { net: booked.amount, vat: booked.vatAmount, total: booked.amountIncludingVat };
}

/** The validated form as the API takes it: decimals, with the computed VAT and total (the server checks them). */
export function toPayload(input: TransactionInput): TransactionPayload {
  return {
    ...input,
    amount: centsToDecimal(input.amount),
    vatRate: centsToDecimal(input.vatRate),
    vatAmount: centsToDecimal(input.vatAmount),
    amountIncludingVat: centsToDecimal(input.amountIncludingVat),
  };
}

/** A stored rate "21.00" as the form's option value "21"; "9.50" stays "9.5". */
export function rateOption(rate: string): string {
  return String(Number(rate));
}
