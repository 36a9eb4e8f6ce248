/**
 * Small pure helpers of the Bank screen: amounts, account names from an IBAN, and what a proposal or a booking
 * becomes when it is sent (BookLineInput, RuleInput).
 */
import { formatEuro } from "@shared/format";
import { parseCents, type Cents } from "@shared/money";
import {
  BOOKING_LABELS,
  type BankLine,
  type BankRule,
  type RuleFormInput,
} from "@shared/schemas/bank-statements";
import { compactIban, formatIban } from "@shared/validators/iban";

/** Amounts cross the API as decimal strings ("-121.00"). */
export const cents = (decimal: string | null | undefined): Cents =>
  decimal ? (parseCents(decimal) ?? 0) : 0;
export const euro = (decimal: string | null | undefined) => formatEuro(cents(decimal));

export const isIncoming = (line: Pick<BankLine, "amount">) => cents(line.amount) > 0;

/** The Dutch banks by the bank code in characters 5–8 of the IBAN. */
const BANK_NAMES: Readonly<Record<string, string>> = {
  ABNA: "ABN AMRO",
  ASNB: "ASN Bank",
  BUNQ: "bunq",
  INGB: "ING",
  KNAB: "Knab",
  RABO: "Rabobank",
  RBRB: "RegioBank",
  REVO: "Revolut",
  SNSB: "SNS",
  TRIO: "Triodos Bank",
};

/** "NL20INGB0001234567" -> "ING". Null for a bank (or country) it does not know. */
export function bankNameOf(iban: string): string | null {
  const compact = compactIban(iban);
  if (!compact.startsWith("NL")) return null;
  return BANK_NAMES[compact.slice(4, 8)] ?? null;
}

/** A name for an account added from a statement: "ING 4567", or "Rekening NL20 INGB 0001 2345 67". */
export function defaultAccountName(iban: string): string {
  const bank = bankNameOf(iban);
  return bank ? `${bank} ${compactIban(iban).slice(-4)}` : `Rekening ${formatIban(iban)}`;
}

/** The bookings a rule can make: everything except invoice payments and links to existing transactions. */
export type RuleBooking =
  | { kind: "category"; categoryId: string; vatRate: number; clientId: string | null }
  | { kind: "private" | "transfer" | "vat" };

/**
 * 'Voortaan automatisch': a rule that books lines like this one the same way. It recognises the counterparty by
 * IBAN when the bank gives one, else by name; the direction follows the amount's sign.
 */
export function ruleInputFor(line: BankLine, booking: RuleBooking, name: string): RuleFormInput {
  const byIban = Boolean(line.counterpartyIban);
  return {
    name,
    direction: isIncoming(line) ? "in" : "out",
    counterpartyIban: byIban ? line.counterpartyIban : null,
    counterpartyName: byIban ? null : line.counterpartyName,
    // Without a counterparty at all, the bank's description is the only thing to recognise it by.
    descriptionContains: !byIban && !line.counterpartyName ? line.description.slice(0, 200) : null,
    booking: booking.kind,
    categoryId: booking.kind === "category" ? booking.categoryId : null,
    vatRate: booking.kind === "category" ? booking.vatRate : null,
    clientId: booking.kind === "category" ? booking.clientId : null,
  };
}

/** The default name of a rule: who the money goes to or comes from. */
export function defaultRuleName(line: BankLine): string {
  const name = line.counterpartyName?.trim() || line.counterpartyIban || line.description.trim();
  return name.slice(0, 100) || "Bankregel";
}

/** How a rule recognises a line, in words: "IBAN NL49 ABNA 0519 2837 46 · uitgaand". */
export function ruleConditions(
  rule: Pick<
    RuleFormInput,
    "direction" | "counterpartyIban" | "counterpartyName" | "descriptionContains" | "amountMin" | "amountMax"
  >,
): string {
  const parts: string[] = [];
  if (rule.counterpartyIban) parts.push(`IBAN ${formatIban(rule.counterpartyIban)}`);
  if (rule.counterpartyName) parts.push(`naam bevat '${rule.counterpartyName}'`);
  if (rule.descriptionContains) parts.push(`omschrijving bevat '${rule.descriptionContains}'`);
  const min = rule.amountMin === null || rule.amountMin === undefined ? null : String(rule.amountMin);
  const max = rule.amountMax === null || rule.amountMax === undefined ? null : String(rule.amountMax);
  if (min !== null && max !== null) parts.push(`bedrag van ${euro(min)} tot ${euro(max)}`);
  else if (min !== null) parts.push(`bedrag vanaf ${euro(min)}`);
  else if (max !== null) parts.push(`bedrag tot ${euro(max)}`);
  if (rule.direction === "in") parts.push("inkomend");
  if (rule.direction === "out") parts.push("uitgaand");
  return parts.join(" · ");
}

/** What a rule books, in words: "Telefoon en internet, 21% btw" or "Privé". */
export function ruleBookingLabel(rule: Pick<BankRule, "booking" | "categoryName" | "vatRate">): string {
  if (rule.booking !== "category") return BOOKING_LABELS[rule.booking];
  return `${rule.categoryName ?? BOOKING_LABELS.category}, ${rule.vatRate ?? 21}% btw`;
}
