/**
 * VAT numbers (spec §5, decisions.md, domain.md §2).
 * Dutch ones: two kinds share the format NL + 9 digits + B + 2 digits:
 * - the omzetbelastingnummer, built on a BSN or RSIN, whose 9 digits pass an 11-proof;
 * - the btw-identificatienummer given to sole proprietors since 2020, whose 14 characters pass ISO 7064 MOD 97-10.
 * A number is accepted when either check passes; only what fails both is rejected.
 * A foreign client's number (the other countries of the client form) is checked by its own country's rules,
 * as python-stdnum has them (the stdnum package): an invoice with 'btw verlegd' to a client elsewhere in the EU
 * must name it, and the Belastingdienst checks it in VIES.
 */
import * as belgianVat from "stdnum/lib/cjs/be/vat";
import * as britishVat from "stdnum/lib/cjs/gb/vat";
import * as frenchVat from "stdnum/lib/cjs/fr/tva";
import * as germanVat from "stdnum/lib/cjs/de/vat";
import * as irishVat from "stdnum/lib/cjs/ie/vat";
import * as italianVat from "stdnum/lib/cjs/it/iva";
import * as luxembourgVat from "stdnum/lib/cjs/lu/tva";
import * as spanishVat from "stdnum/lib/cjs/es/nif";

export const VAT_NUMBER_MESSAGE = "Ongeldig BTW-nummer. Formaat: NL123456789B01";

interface ForeignVatRules {
  validate: (value: string) => { isValid: boolean };
  compact: (value: string) => string;
  /** The country's name in the message, and the number's shape (its prefix, then what follows). */
  name: string;
  shape: string;
}

const FOREIGN_VAT_RULES: Readonly<Record<string, ForeignVatRules>> = {
  BE: { ...belgianVat, name: "België", shape: "BE0123456789" },
  DE: { ...germanVat, name: "Duitsland", shape: "DE123456789" },
  FR: { ...frenchVat, name: "Frankrijk", shape: "FR12345678901" },
  GB: { ...britishVat, name: "het Verenigd Koninkrijk", shape: "GB123456789" },
  ES: { ...spanishVat, name: "Spanje", shape: "ESX1234567X" },
  IT: { ...italianVat, name: "Italië", shape: "IT12345678901" },
  // Where the large software and online-advertising sellers to Dutch freelancers invoice from.
  IE: { ...irishVat, name: "Ierland", shape: "IE1234567X" },
  LU: { ...luxembourgVat, name: "Luxemburg", shape: "LU12345678" },
};

const foreignRulesOf = (country: unknown) =>
  typeof country === "string" ? FOREIGN_VAT_RULES[country] : undefined;

/** The message for an invalid number of a client in `country` (spec §5's own message for the Netherlands). */
export function vatNumberMessage(country: unknown): string {
  const rules = foreignRulesOf(country);
  return rules ? `Ongeldig BTW-nummer voor ${rules.name}. Formaat: ${rules.shape}` : VAT_NUMBER_MESSAGE;
}

/** What a VAT number of `country` looks like, for a form's hint. */
export function vatNumberShape(country: unknown): string {
  return foreignRulesOf(country)?.shape ?? "NL123456789B01";
}

const COMPACT_PATTERN = /^NL(\d{9})B(\d{2})$/;

/**
 * "nl 123.456.789.b01", "123456789B01", "NL-123456789-B01" -> "NL123456789B01": separators dropped, upper case,
 * the country prefix added when it was left out. Anything else is returned compacted but unchanged otherwise.
 */
export function compactVatNumber(raw: string): string {
  const compact = raw.replace(/[\s.-]/g, "").toUpperCase();
  return /^\d{9}B\d{2}$/.test(compact) ? `NL${compact}` : compact;
}

/** Whether `raw` is a valid VAT number of `country` (ISO code; the Netherlands when left out). */
export function isValidVatNumber(raw: string, country = "NL"): boolean {
  const foreign = FOREIGN_VAT_RULES[country];
  if (foreign) return withCountryPrefix(raw, country) !== null;
  const compact = compactVatNumber(raw);
  const match = COMPACT_PATTERN.exec(compact);
  if (!match) return false;
  const [, digits, suffix] = match as unknown as [string, string, string];
  // python-stdnum: an all-zero number or a B00 suffix is never issued (and all zeros would pass any 11-proof).
  if (/^0+$/.test(digits) || suffix === "00") return false;
  return passesSpecElevenProof(digits) || passesBsnElevenProof(digits) || passesMod97_10(compact);
}

/**
 * "NL123456789B01" -> "NL 123.456.789.B01" (spec §5); a foreign number as VIES writes it, its country prefix and
 * the rest without separators: "be 0403.019.261" -> "BE0403019261". Idempotent; an invalid number is returned
 * as typed.
 */
export function formatVatNumber(raw: string, country = "NL"): string {
  if (FOREIGN_VAT_RULES[country]) return withCountryPrefix(raw, country) ?? raw.trim();
  const compact = compactVatNumber(raw);
  const match = COMPACT_PATTERN.exec(compact);
  if (!match) return raw.trim();
  const [, digits, suffix] = match as unknown as [string, string, string];
  return `NL ${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}.B${suffix}`;
}

/** A valid foreign number as prefix + compact number (the prefix may have been left out), or null. */
function withCountryPrefix(raw: string, country: string): string | null {
  const rules = FOREIGN_VAT_RULES[country]!;
  if (!rules.validate(raw).isValid) return null;
  return `${country}${rules.compact(raw)}`;
}

/** Spec §5: weights 9 down to 1, the weighted sum divisible by 11 (the spec's own example NL123456789B01 passes). */
export function passesSpecElevenProof(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (9 - i);
  return sum % 11 === 0;
}

/**
 * The elfproef of the BSN and RSIN that pre-2020 numbers are built on (python-stdnum nl/bsn.py): weights 9 down to 2,
 * then −1 for the last digit. Real numbers such as NL004495445B01 pass this one and not the spec's variant.
 */
export function passesBsnElevenProof(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  sum -= Number(digits[8]);
  return ((sum % 11) + 11) % 11 === 0;
}

/**
 * ISO 7064 MOD 97-10 over the 14 characters as written (no rearranging, unlike an IBAN), letters A=10 … Z=35:
 * "NL000099998B57" -> 2321000099998 11 57, and that number mod 97 must be 1.
 */
export function passesMod97_10(compact: string): boolean {
  let remainder = 0;
  for (const character of compact) {
    const value = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
