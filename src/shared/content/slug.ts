/**
 * One slug rule for the whole public site: blog categories and tags, and anything else that becomes part of a
 * URL. "Btw & belastingen" → "btw-belastingen", "Eenmanszaak of BV?" → "eenmanszaak-of-bv".
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
