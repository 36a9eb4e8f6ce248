/**
 * The EPC QR code ("GiroCode", EPC069-12) a banking app scans to pay an invoice by SEPA credit transfer.
 * Lines, separated by LF (domain.md §6): BCD · 002 · 1 (UTF-8) · SCT · BIC (optional in 002) · name (≤ 70) ·
 * IBAN · EUR + amount · purpose · structured reference (RF…) · unstructured text (≤ 140). We put the invoice
 * number in the unstructured text (line 11), never in line 10, which is for ISO 11649 RF references only.
 * Trailing empty lines are left out; the whole payload may be at most 331 bytes.
 */
import { centsToDecimal, type Cents } from "../money";

export const EPC_MAX_BYTES = 331;
const MAX_NAME = 70;
const MAX_TEXT = 140;
const MAX_AMOUNT_CENTS = 999_999_999_99;

export type EpcPayment = {
  /** The beneficiary: the seller's (trade) name. */
  name: string;
  iban: string;
  bic?: string | null;
  amountCents: Cents;
  /** The invoice number, as remittance text. */
  text: string;
};

/** The payload, or null when there is nothing a bank can pay (no IBAN, nothing due, out of range). */
export function epcPayload(payment: EpcPayment): string | null {
  const iban = payment.iban.replace(/\s/g, "").toUpperCase();
  const bic = (payment.bic ?? "").replace(/\s/g, "").toUpperCase();
  if (!iban || payment.amountCents < 1 || payment.amountCents > MAX_AMOUNT_CENTS) return null;
  const lines = [
    "BCD",
    "002",
    "1",
    "SCT",
    bic,
    clip(oneLine(payment.name), MAX_NAME),
    iban,
    `EUR${centsToDecimal(payment.amountCents)}`,
    "",
    "",
    clip(oneLine(payment.text), MAX_TEXT),
  ];
  while (lines.at(-1) === "") lines.pop();
  const payload = lines.join("\n");
  return new TextEncoder().encode(payload).length <= EPC_MAX_BYTES ? payload : null;
}

/** A line break inside a field would shift every later field. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ").trim();
}

/** Clip to a number of characters without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}
