/**
 * Valid Dutch (and Belgian and German) identifiers built with the algorithms of domain.md §2–3, so that every
 * generated number passes the app's own validators in src/shared/validators.
 */
import { formatIban } from "../../shared/validators/iban";
import { formatKvkNumber } from "../../shared/validators/kvk";
import { formatVatNumber, isValidVatNumber } from "../../shared/validators/btw";
import type { Random } from "./random";

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => String(random.int(0, 9))).join("");

/** A KvK-nummer: 8 digits, a sequence number without check digit (not starting with 0), as 'xxxx xxxx'. */
export function generateKvkNumber(random: Random): string {
  return formatKvkNumber(`${random.int(1, 9)}${digits(random, 7)}`);
}

/** ISO 7064 mod 97 of a string of digits and capital letters (A=10 … Z=35), without rearranging. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const value = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * A btw-id. A company (BV) gets its RSIN + B01, the RSIN passing the elfproef (domain.md §2 check 2); a sole
 * proprietor gets a btw-identificatienummer since 2020, passing ISO 7064 MOD 97-10 (check 3). Formatted
 * 'NL 123.456.789.B01' as the client form stores it.
 */
export function generateVatNumber(random: Random, kind: "company" | "sole-proprietor"): string {
  if (kind === "company") {
    for (;;) {
      const first = `${random.int(0, 9)}${digits(random, 7)}`;
      let sum = 0;
      for (let i = 0; i < 8; i++) sum += Number(first[i]) * (9 - i);
      const check = sum % 11;
      if (check === 10 || /^0+$/.test(first)) continue;
      return formatVatNumber(`NL${first}${check}B01`);
    }
  }
  for (;;) {
    // Random digits and suffix; the last suffix digit pair is chosen so the whole is 1 mod 97.
    const body = `NL${digits(random, 9)}B`;
    if (/^NL0+B$/.test(body)) continue;
    const remainder = mod97(`${body}00`);
    const check = (98 - remainder) % 97;
    if (check < 1 || check > 99) continue;
    return formatVatNumber(`${body}${String(check).padStart(2, "0")}`);
  }
}

/**
 * A Belgian ondernemingsnummer (0 + 9 digits, the last two a mod 97 check) or a German USt-IdNr. (9 digits, the
 * last an ISO 7064 MOD 11,10 check), with its prefix: random digits until the app's validator accepts them
 * (one in 97 and one in 10 do), so the rule lives in one place.
 */
export function generateForeignVatNumber(random: Random, country: "BE" | "DE"): string {
  for (;;) {
    const candidate =
      country === "BE" ? `BE0${digits(random, 9)}` : `DE${random.int(1, 9)}${digits(random, 8)}`;
    if (isValidVatNumber(candidate, country)) return formatVatNumber(candidate, country);
  }
}

/** IBAN check digits: the BBAN with the country code and '00' moved behind it, mod 97, subtracted from 98. */
function ibanOf(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`;
  const check = 98 - mod97(rearranged);
  return formatIban(`${country}${String(check).padStart(2, "0")}${bban}`);
}

/** Dutch bank codes (the four letters after the check digits) with their BIC. */
export const DUTCH_BANKS = [
  { code: "INGB", bic: "INGBNL2A", name: "ING" },
  { code: "RABO", bic: "RABONL2U", name: "Rabobank" },
  { code: "ABNA", bic: "ABNANL2A", name: "ABN AMRO" },
  { code: "BUNQ", bic: "BUNQNL2A", name: "bunq" },
  { code: "KNAB", bic: "KNABNL2H", name: "Knab" },
  { code: "TRIO", bic: "TRIONL2U", name: "Triodos Bank" },
  { code: "SNSB", bic: "SNSBNL2A", name: "SNS" },
] as const;

export type DutchBank = (typeof DUTCH_BANKS)[number];

/** A Dutch IBAN: NL, check digits, bank code, 10-digit account number (18 characters). */
export function generateDutchIban(random: Random, bank: DutchBank = random.pick(DUTCH_BANKS)): string {
  return ibanOf("NL", `${bank.code}${digits(random, 10)}`);
}

/** A Belgian IBAN: 3-digit bank code + 7-digit account + 2 national check digits (first 10 digits mod 97). */
export function generateBelgianIban(random: Random): string {
  const account = `${random.int(0, 9)}${digits(random, 9)}`;
  const national = Number(BigInt(account) % 97n) || 97;
  return ibanOf("BE", `${account}${String(national).padStart(2, "0")}`);
}

/** A German IBAN: 8-digit Bankleitzahl + 10-digit account number (22 characters). */
export function generateGermanIban(random: Random): string {
  return ibanOf("DE", `${random.int(1, 8)}${digits(random, 7)}${digits(random, 10)}`);
}

/** A Dutch postcode in the range of a city: 4 digits (from the city's first two) and 2 letters, never SA/SD/SS. */
export function generatePostcode(random: Random, prefix: string): string {
  const letters = "ABCDEFGHJKLMNPRSTVWXZ";
  for (;;) {
    const pair = `${random.pick([...letters])}${random.pick([...letters])}`;
    if (pair === "SA" || pair === "SD" || pair === "SS") continue;
    return `${prefix}${digits(random, 4 - prefix.length)} ${pair}`;
  }
}
