/**
 * KvK-nummer (spec §5, domain.md §3): exactly 8 digits, a sequence number without a public check digit.
 * Spaces and dots are allowed on input so that the stored form 'xxxx xxxx' passes again on the next save.
 */

export const KVK_MESSAGE = "Ongeldig KvK-nummer. Moet 8 cijfers zijn";

/** "1234 5678", "1234.5678" -> "12345678". */
export function compactKvkNumber(raw: string): string {
  return raw.replace(/[\s.-]/g, "");
}

export function isValidKvkNumber(raw: string): boolean {
  return /^\d{8}$/.test(compactKvkNumber(raw));
}

/** "12345678" -> "1234 5678" (spec §5). Idempotent; an invalid number is returned as typed. */
export function formatKvkNumber(raw: string): string {
  const compact = compactKvkNumber(raw);
  return /^\d{8}$/.test(compact) ? `${compact.slice(0, 4)} ${compact.slice(4)}` : raw.trim();
}
