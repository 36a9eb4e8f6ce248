/**
 * What only the MT940 and CAMT parsers need: the IBAN of an old Dutch account number, money in messages and
 * the balance check that tells a complete statement from a corrupt one. The general readers (amounts, IBANs,
 * whitespace) are in common.ts.
 */
import { StatementFormatError, type ParsedStatement } from "./types";

/** The IBAN of an old Dutch account number ("417164300" at ABNA → NL91ABNA0417164300), ISO 13616 mod 97. */
export function dutchIbanFromAccount(bankCode: string, account: string): string {
  const bban = bankCode + account.padStart(10, "0");
  const digits = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `NL${String(98 - remainder).padStart(2, "0")}${bban}`;
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
