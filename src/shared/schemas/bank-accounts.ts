/** A bank account with its balance (decisions.md: balance = opening balance + the transactions booked on it). */
import { z } from "../validation";

export const BankAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  iban: z.string().nullable(),
  isDefault: z.boolean(),
  openingBalance: z.string(),
  /** Opening balance + completed income − completed expenses (including VAT) booked on this account. */
  balance: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;
