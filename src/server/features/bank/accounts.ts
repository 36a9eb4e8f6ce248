import { and, asc, desc, eq, sql } from "drizzle-orm";
import { centsToDecimal, parseCents } from "../../../shared/money";
import {
  BANK_ACCOUNT_NOT_FOUND_MESSAGE,
  DEFAULT_ACCOUNT_DELETE_MESSAGE,
  normaliseBankAccountIban,
  type BankAccount,
  type BankAccountInput,
} from "../../../shared/schemas/bank-accounts";
import { MEMORIAL_MESSAGES } from "../../../shared/schemas/memorial";
import type { Database } from "../../db/client";
import { bankAccounts, transactions } from "../../db/schema/index";
import { AppError, notFound } from "../../errors";
import { ensureBankLedgerAccounts, renameBankLedgerAccount } from "../ledger/chart";
import { isBankAccountInMemorial } from "../memorial/service";
import { postOpeningBalances, repostBankAccountBookings, unpostBankAccount } from "../ledger/posting";
import { isUuid } from "../../../shared/validation";

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
      openingDate: bankAccounts.openingDate,
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

/** One account with its balance, as the list shows it; 404 when it is not the user's. */
async function getBankAccount(db: Database, userId: string, bankAccountId: string): Promise<BankAccount> {
  const account = (await listBankAccounts(db, userId)).find((row) => row.id === bankAccountId);
  if (!account) throw notFound(BANK_ACCOUNT_NOT_FOUND_MESSAGE);
  return account;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The partial unique index allows one default per user and is checked per statement, so the previous default is
 * unset before the new one is set, inside the caller's transaction: no moment without or with two defaults.
 */
async function unsetDefault(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(bankAccounts)
    .set({ isDefault: false })
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)));
}

function toColumns(input: BankAccountInput) {
  return {
    name: input.name,
    iban: normaliseBankAccountIban(input.iban),
    openingBalance: input.openingBalance,
    openingDate: input.openingDate,
  };
}

/** A new account; it becomes the default when asked, or when the user has no default yet. */
export async function createBankAccount(
  db: Database,
  userId: string,
  input: BankAccountInput,
): Promise<BankAccount> {
  const id = await db.transaction(async (tx) => {
    // Serialise default changes of one user; two concurrent creates would otherwise both see "no default".
    const current = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.isDefault, true)))
      .for("update");
    const isDefault = input.isDefault === true || current.length === 0;
    if (isDefault) await unsetDefault(tx, userId);
    const [row] = await tx
      .insert(bankAccounts)
      .values({ userId, ...toColumns(input), isDefault })
      .returning({ id: bankAccounts.id });
    await ensureBankLedgerAccounts(tx, userId);
    await postOpeningBalances(tx, userId, [row!.id]);
    return row!.id;
  });
  return getBankAccount(db, userId, id);
}

/**
 * Edits an account. `isDefault: true` makes it the default; false is ignored for the current default, because a
 * user always has one account to book on (it moves only by making another account the default).
 */
export async function updateBankAccount(
  db: Database,
  userId: string,
  bankAccountId: string,
  input: BankAccountInput,
): Promise<BankAccount> {
  if (!isUuid(bankAccountId)) throw notFound(BANK_ACCOUNT_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ isDefault: bankAccounts.isDefault })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)))
      .for("update");
    if (!existing) throw notFound(BANK_ACCOUNT_NOT_FOUND_MESSAGE);
    const becomesDefault = input.isDefault === true && !existing.isDefault;
    if (becomesDefault) await unsetDefault(tx, userId);
    await tx
      .update(bankAccounts)
      .set({ ...toColumns(input), ...(becomesDefault ? { isDefault: true } : {}) })
      .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)));
    await renameBankLedgerAccount(tx, userId, bankAccountId, input.name);
    await postOpeningBalances(tx, userId, [bankAccountId]);
  });
  return getBankAccount(db, userId, bankAccountId);
}

/**
 * Deletes a non-default account. Its transactions are kept without an account: the foreign key is
 * ON DELETE SET NULL. The default is refused, so new transactions always have an account to land on.
 */
export async function deleteBankAccount(db: Database, userId: string, bankAccountId: string): Promise<void> {
  if (!isUuid(bankAccountId)) throw notFound(BANK_ACCOUNT_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ isDefault: bankAccounts.isDefault })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)))
      .for("update");
    if (!existing) throw notFound(BANK_ACCOUNT_NOT_FOUND_MESSAGE);
    if (existing.isDefault) throw new AppError(409, DEFAULT_ACCOUNT_DELETE_MESSAGE);
    // A hand-made booking names the account itself: it cannot be rebooked elsewhere without the user.
    if (await isBankAccountInMemorial(tx, userId, bankAccountId)) {
      throw new AppError(409, MEMORIAL_MESSAGES.bankAccountInUse);
    }
    // The account's ledger account goes with it. The entries that used it are rebooked without it: its
    // transactions stay and wait on Kruisposten; its opening balance goes. VAT figures do not change, so this
    // is allowed in filed periods too.
    const bookings = await unpostBankAccount(tx, userId, bankAccountId);
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, bankAccountId));
    await repostBankAccountBookings(tx, userId, bookings);
  });
}

export type BankAccountRef = { id: string; name: string; iban: string | null; isDefault: boolean };

/** The user's accounts with the IBAN compact (no spaces, upper case), to recognise them in bank files. */
export async function listBankAccountRefs(db: Database, userId: string): Promise<BankAccountRef[]> {
  const rows = await db
    .select({
      id: bankAccounts.id,
      name: bankAccounts.name,
      iban: bankAccounts.iban,
      isDefault: bankAccounts.isDefault,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.userId, userId));
  return rows.map((row) => ({ ...row, iban: row.iban ? row.iban.replace(/\s+/g, "").toUpperCase() : null }));
}

/**
 * Each account's balance in the books at the end of a day: the opening balance and the completed transactions
 * up to that day (as listBankAccounts, at a date), for comparing with the bank's own closing balance.
 */
export async function bankAccountBalanceAt(
  db: Database,
  userId: string,
  bankAccountId: string,
  day: string,
): Promise<number> {
  const result = await db.execute<{ opening: string; opening_date: string | null; movement: string }>(sql`
    select b.opening_balance::text as opening, b.opening_date::text as opening_date,
      coalesce((select sum(case when t.type = 'income' then t.amount_including_vat else -t.amount_including_vat end)
                from transactions t
                where t.bank_account_id = b.id and t.status = 'completed' and t.date <= ${day}::date
                  and (b.opening_date is null or t.date >= b.opening_date)), 0)::text as movement
    from bank_accounts b
    where b.id = ${bankAccountId}::uuid and b.user_id = ${userId}::uuid`);
  const [row] = (
    result as unknown as { rows: Array<{ opening: string; opening_date: string | null; movement: string }> }
  ).rows;
  if (!row) return 0;
  const opening = row.opening_date === null || row.opening_date <= day ? parseCents(row.opening)! : 0;
  return opening + parseCents(row.movement)!;
}
