/**
 * Bank accounts (issue 6, Settings): the list with balances and the form used by the React dialog (zodResolver)
 * and by POST/PUT /api/bank-accounts. Decisions.md: balance = opening balance + the transactions booked on it.
 */
import { isIsoDate } from "../dates";
import { centsToDecimal } from "../money";
import { z } from "../validation";
import { formatIban, IBAN_MESSAGE, isValidIban } from "../validators/iban";
import { amountCents } from "./amount";
import { optionalChecked } from "./clients";
import { DATE_INVALID_MESSAGE, MAX_AMOUNT_CENTS } from "./transactions";

export const BankAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  iban: z.string().nullable(),
  isDefault: z.boolean(),
  openingBalance: z.string(),
  openingDate: z.string().nullable(),
  /** Opening balance + completed income − completed expenses (including VAT) booked on this account. */
  balance: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const BANK_ACCOUNT_NAME_REQUIRED_MESSAGE = "Naam is verplicht";
export const BANK_ACCOUNT_NAME_TOO_LONG_MESSAGE = "Naam mag maximaal 100 tekens zijn";
export const OPENING_BALANCE_MESSAGE = "Beginsaldo moet een bedrag zijn met maximaal 2 decimalen";
export const OPENING_BALANCE_TOO_LARGE_MESSAGE = "Beginsaldo is te groot";
export const DEFAULT_ACCOUNT_DELETE_MESSAGE =
  "De standaardrekening kan niet worden verwijderd. Maak eerst een andere rekening standaard.";
export const BANK_ACCOUNT_NOT_FOUND_MESSAGE = "Bankrekening niet gevonden";
export { IBAN_MESSAGE, DATE_INVALID_MESSAGE };

/**
 * The account form. The opening balance may be negative (an overdrawn account) and may be typed with a decimal
 * comma; empty means 0. The output is validated, with the IBAN still as typed: `normaliseBankAccountIban`
 * groups it when the server saves, as for clients.
 */
export const BankAccountInputSchema = z.object({
  name: z
    .string({ error: BANK_ACCOUNT_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, BANK_ACCOUNT_NAME_REQUIRED_MESSAGE)
    .max(100, BANK_ACCOUNT_NAME_TOO_LONG_MESSAGE),
  iban: optionalChecked(50, isValidIban, IBAN_MESSAGE),
  openingBalance: z
    .union([z.number(), z.string()], { error: OPENING_BALANCE_MESSAGE })
    .nullish()
    .transform((value, context) => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))
        return "0.00";
      const cents = amountCents(value, context, OPENING_BALANCE_MESSAGE);
      if (cents !== null && Math.abs(cents) > MAX_AMOUNT_CENTS)
        context.addIssue({ code: "custom", message: OPENING_BALANCE_TOO_LARGE_MESSAGE });
      // A decimal string rather than cents, so the validated output (what the form submits) parses the same again.
      return centsToDecimal(cents ?? 0);
    }),
  openingDate: z
    .string({ error: DATE_INVALID_MESSAGE })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isIsoDate(value), DATE_INVALID_MESSAGE),
  /** True makes this the default account (the previous one stops being it); the default cannot be unset directly. */
  isDefault: z.boolean().optional(),
});

/** What the form holds (strings, possibly empty) — the schema's input. */
export type BankAccountFormInput = z.input<typeof BankAccountInputSchema>;
/** Validated: trimmed, empty values as null, the opening balance as a decimal string ("1234.50"). */
export type BankAccountInput = z.output<typeof BankAccountInputSchema>;

/** The IBAN in groups of four, as stored and shown ("NL91 ABNA 0417 1643 00"). */
export function normaliseBankAccountIban(iban: string | null): string | null {
  return iban ? formatIban(iban) : null;
}
