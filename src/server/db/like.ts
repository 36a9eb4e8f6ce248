/** An ILIKE pattern that finds `text` anywhere; a typed % or _ is a character to find, not a wildcard. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
