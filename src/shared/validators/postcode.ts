/**
 * Dutch postcode (spec §5, domain.md §3): four digits, the first not 0, an optional space, two letters, written
 * '1234 AB'. The letter pairs SA, SD and SS are never issued (python-stdnum nl/postcode.py).
 */

export const POSTCODE_MESSAGE = "Ongeldige postcode. Formaat: 1234 AB";

const PATTERN = /^([1-9]\d{3}) ?([A-Z]{2})$/;
const UNUSED_LETTERS = new Set(["SA", "SD", "SS"]);

export function isValidPostcode(raw: string): boolean {
  const match = PATTERN.exec(raw.trim().toUpperCase());
  return match !== null && !UNUSED_LETTERS.has(match[2]!);
}

/** "1234ab" -> "1234 AB" (spec §5). Idempotent; an invalid postcode is returned as typed. */
export function formatPostcode(raw: string): string {
  const match = PATTERN.exec(raw.trim().toUpperCase());
  return match && isValidPostcode(raw) ? `${match[1]} ${match[2]}` : raw.trim();
}
