/**
 * IBAN (spec §5, §9; decisions.md): two letters, two digits, alphanumerics; the length of the country; for NL a
 * four-letter bank code; AND the ISO 13616 mod-97 checksum, which catches the typos a length check cannot.
 */
import { isValidIBAN } from "ibantools";

export const IBAN_MESSAGE = "Ongeldig IBAN";

/** Spec §9. Other countries are checked against the SWIFT registry that ibantools carries. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  NL: 18,
  BE: 16,
  DE: 22,
  FR: 27,
  GB: 22,
  ES: 24,
  IT: 27,
};

/** "nl91 abna 0417 1643 00" -> "NL91ABNA0417164300". */
export function compactIban(raw: string): string {
  return raw.replace(/[\s.-]/g, "").toUpperCase();
}

export function isValidIban(raw: string): boolean {
  const iban = compactIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && iban.length !== length) return false;
  // Spec §5: characters 5-8 of a Dutch IBAN are the bank code, always letters (ABNA, INGB, RABO, ...).
  if (country === "NL" && !/^[A-Z]{4}$/.test(iban.slice(4, 8))) return false;
  // Registry length and layout per country, and the mod-97 checksum.
  return isValidIBAN(iban);
}

/** "NL91ABNA0417164300" -> "NL91 ABNA 0417 1643 00" (spec §5). Idempotent; an invalid IBAN is returned as typed. */
export function formatIban(raw: string): string {
  if (!isValidIban(raw)) return raw.trim();
  return compactIban(raw).replace(/(.{4})(?=.)/g, "$1 ");
}
