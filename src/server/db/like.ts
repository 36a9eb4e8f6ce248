/** `text` for an ILIKE pattern: a typed %, _ or \ is a character to find, not a wildcard. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** An ILIKE pattern that finds `text` anywhere. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** An ILIKE pattern that finds what starts with `text`. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
