import { and, asc, desc, eq, sql } from "drizzle-orm";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { BankAccount } from "../../../shared/schemas/bank-accounts";
import type { Database } from "../../db/client";
import { bankAccounts, transactions } from "../../db/schema/index";

/** Every user has a default account to book on from the first day (decisions.md). */
export async function createDefaultBankAccount(db: Database, userId: string): Promise<void> {
  await db.insert(bankAccounts).values({ userId, name: "Hoofdrekening", isDefault: true });
}

/**
 * The user's accounts with their balance: the opening balance plus the completed transactions booked on the
 * account (income in, expenses out, including VAT — what went over the bank), from the opening date on when
 * the account has one. One grouped query for all accounts.
 */
export async function listBankAccounts(db: Database, userId: string): Promise<BankAccount[]> {
  const movement = sql<string>`coalesce(sum(case when ${transactions.type} = 'income'
      then ${transactions.amountIncludingVat} else -${transactions.amountIncludingVat} end), 0)`;
  const rows = await db
    .select({
      id: bankAccounts.id,
      name: bankAccounts.name,
      iban: bankAccounts.iban,
      isDefault: bankAccounts.isDefault,
      openingBalance: bankAccounts.openingBalance,
      movement,
    })
    .from(bankAccounts)
    .leftJoin(
      transactions,
      and(
        eq(transactions.bankAccountId, bankAccounts.id),
        eq(transactions.userId, userId),
        eq(transactions.status, "completed"),
        sql`(${bankAccounts.openingDate} is null or ${transactions.date} >= ${bankAccounts.openingDate})`,
      ),
    )
    .where(eq(bankAccounts.userId, userId))
    .groupBy(bankAccounts.id)
    .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.name));
  return rows.map(({ movement: moved, ...account }) => ({
    ...account,
    openingBalance: centsToDecimal(parseCents(account.openingBalance)!),
    balance: centsToDecimal(parseCents(account.openingBalance)! + parseCents(moved)!),
  }));
}

/** The account a transaction is booked on when none is chosen ("Hoofdrekening"); null if the user removed it. */
export async function findDefaultBankAccountId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)));
  return row?.id ?? null;
}

export async function isOwnBankAccount(
  db: Database,
  userId: string,
  bankAccountId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)));
  return row !== undefined;
}
