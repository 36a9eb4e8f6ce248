/**
 * Small helpers shared by the MT940 and CAMT parsers: exact amounts, IBAN clean-up, whitespace and the
 * balance check that tells a complete statement from a corrupt one.
 */
import { StatementFormatError, type ParsedStatement } from "./types";

/**
 * "1512,50" / "000000001000,00" / "9," / "1512.50" → cents, exactly (no float maths). Null when the text is
 * not an unsigned decimal or has non-zero digits below the cent.
 */
export function decimalToCents(text: string, separator: "," | "."): number | null {
  const pattern = separator === "," ? /^(\d+),(\d*)$/ : /^(\d+)(?:\.(\d*))?$/;
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(whole + fraction.slice(0, 2).padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Money out is negative; zero stays 0, never -0 (which toEqual and JSON tell apart). */
export function signed(cents: number, isNegative: boolean): number {
  return isNegative && cents !== 0 ? -cents : cents;
}

/** Upper case without spaces, as StatementLine wants IBANs. */
export function normaliseIban(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** Country code, two check digits and a BBAN: the shape of an IBAN, checksum deliberately not checked. */
export function isIbanShaped(text: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(text);
}

/** The IBAN of an old Dutch account number ("417164300" at ABNA → NL91ABNA0417164300), ISO 13616 mod 97. */
export function dutchIbanFromAccount(bankCode: string, account: string): string {
  const bban = bankCode + account.padStart(10, "0");
  const digits = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `NL${String(98 - remainder).padStart(2, "0")}${bban}`;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** "€ 1.234,56" / "€ -25,00" / "USD 10,00", for messages. */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const euros = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const prefix = currency === "EUR" ? "€" : currency;
  return `${prefix} ${sign}${euros},${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * The bank's own balances must add up: opening + lines = closing. A statement that doesn't is corrupt (cut,
 * edited or mis-exported), and importing it would put wrong amounts in the books.
 * `where` names the statement in Dutch ("in afschrift 2 (regel 31)").
 */
export function assertBalancesAddUp(
  statement: ParsedStatement,
  fileKind: string,
  where: string,
  extraCents: number[] = [],
): void {
  if (statement.openingBalanceCents === null || statement.closingBalanceCents === null) return;
  const movement = [...statement.lines.map((line) => line.amountCents), ...extraCents].reduce(
    (sum, cents) => sum + cents,
    0,
  );
  const expected = statement.openingBalanceCents + movement;
  if (expected === statement.closingBalanceCents) return;
  const money = (cents: number) => formatMoney(cents, statement.currency);
  const account = statement.accountIban ? `, rekening ${statement.accountIban}` : "";
  throw new StatementFormatError(
    `Het ${fileKind}-bestand klopt niet ${where}${account}: het beginsaldo ${money(statement.openingBalanceCents)} ` +
      `plus de boekingen (${money(movement)}) is ${money(expected)}, maar het eindsaldo is ` +
      `${money(statement.closingBalanceCents)}.`,
  );
}
