/**
 * The transactions that book bank statement lines (bank-statements/booking.ts calls these; this feature alone
 * writes the transactions table). A booked line's transactions carry its id and change only through the line.
 */
import { and, eq, gte, inArray, isNull, lte, Param, sql } from "drizzle-orm";
import { chargesVatUnderKor, KOR_INCOME_VAT_MESSAGE } from "../../../shared/kor";
import { centsToDecimal, parseCents } from "../../../shared/money";
import { splitVatIncluded } from "../../../shared/vat";
import type { Database } from "../../db/client";
import { categories, transactions } from "../../db/schema/index";
import { invalidField } from "../../errors";
import { defaultVatTreatment, findOwnCategory } from "../categories/service";
import { getClient } from "../clients/service";
import { postTransactions } from "../ledger/posting";
import { getKorDates } from "../settings/service";

import type { BalanceBooking } from "../../../shared/schemas/transactions";

export type BankLineRef = { id: string; bankAccountId: string; date: string; amountCents: number };

export const BANK_TRANSACTION_MESSAGES = {
  category: "Categorie niet gevonden",
  categoryDirection: (incoming: boolean) =>
    incoming
      ? "Geld dat binnenkomt hoort bij een inkomstencategorie"
      : "Geld dat uitgaat hoort bij een uitgavencategorie",
  client: "Klant niet gevonden",
  transaction: "Transactie niet gevonden",
  mismatch: "Deze transactie heeft een ander bedrag of staat op een andere rekening",
  taken: "Deze transactie hoort al bij een andere bankregel",
} as const;

/**
 * Books (part of) a bank line as income or a cost: the amount as the bank moved it, the VAT included (€ 121 at
 * 21% is € 100 + € 21 btw), or as a balance-sheet booking without VAT. Answers the transaction's id.
 */
export async function bookBankLineTransaction(
  tx: Database,
  userId: string,
  line: BankLineRef,
  booking: {
    description: string;
    /** Signed like the line; defaults to the whole line. */
    amountCents?: number;
    categoryId?: string | null;
    vatRate?: number;
    clientId?: string | null;
    balanceBooking?: BalanceBooking | null;
  },
): Promise<string> {
  const signed = booking.amountCents ?? line.amountCents;
  const type = signed >= 0 ? "income" : "expense";
  const category = booking.categoryId ? await findOwnCategory(tx, userId, booking.categoryId) : null;
  if (booking.categoryId && !category) throw invalidField("categoryId", BANK_TRANSACTION_MESSAGES.category);
  if (category && category.type !== type) {
    throw invalidField("categoryId", BANK_TRANSACTION_MESSAGES.categoryDirection(type === "income"));
  }
  if (booking.clientId) {
    await getClient(tx, userId, booking.clientId).catch(() => {
      throw invalidField("clientId", BANK_TRANSACTION_MESSAGES.client);
    });
  }
  const rate = booking.balanceBooking ? 0 : (booking.vatRate ?? 0);
  const kor = await getKorDates(tx, userId);
  if (chargesVatUnderKor(kor, { type, date: line.date, vatRateHundredths: rate * 100 })) {
    throw invalidField("vatRate", KOR_INCOME_VAT_MESSAGE);
  }
  const split = splitVatIncluded(Math.abs(signed), rate * 100);
  const [row] = await tx
    .insert(transactions)
    .values({
      userId,
      type,
      description: booking.description,
      amount: centsToDecimal(split.amount),
      vatRate: centsToDecimal(rate * 100),
      vatTreatment: defaultVatTreatment(category, rate * 100),
      vatAmount: centsToDecimal(split.vatAmount),
      amountIncludingVat: centsToDecimal(split.amountIncludingVat),
      date: line.date,
      status: "completed",
      categoryId: booking.categoryId ?? null,
      clientId: booking.clientId ?? null,
      bankAccountId: line.bankAccountId,
      balanceBooking: booking.balanceBooking ?? null,
      bankStatementLineId: line.id,
    })
    .returning({ id: transactions.id });
  await postTransactions(tx, userId, [row!.id]);
  return row!.id;
}

/**
 * A transaction booked by hand before the statement came in is the line's booking: same account, same amount
 * in the same direction. It only gets the link; its booking stays.
 */
export async function linkTransactionToBankLine(
  tx: Database,
  userId: string,
  transactionId: string,
  line: BankLineRef,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
    .for("update");
  if (!row) throw invalidField("transactionId", BANK_TRANSACTION_MESSAGES.transaction);
  if (row.bankStatementLineId) throw invalidField("transactionId", BANK_TRANSACTION_MESSAGES.taken);
  const signed = signedCentsOf(row);
  if (signed !== line.amountCents || (row.bankAccountId && row.bankAccountId !== line.bankAccountId)) {
    throw invalidField("transactionId", BANK_TRANSACTION_MESSAGES.mismatch);
  }
  await tx
    .update(transactions)
    .set({ bankStatementLineId: line.id, bankAccountId: line.bankAccountId })
    .where(eq(transactions.id, transactionId));
  // The account may have been set just now (a transaction without one waited on Kruisposten).
  if (!row.bankAccountId) await postTransactions(tx, userId, [transactionId]);
}

const signedCentsOf = (row: { type: string; amountIncludingVat: string }) =>
  (row.type === "income" ? 1 : -1) * parseCents(row.amountIncludingVat)!;

export type BankLineTransaction = {
  id: string;
  bankStatementLineId: string;
  invoiceId: string | null;
  purchaseInvoiceId: string | null;
  description: string;
  categoryName: string | null;
  vatRate: string;
  balanceBooking: BalanceBooking | null;
};

/** The transactions that book these lines, for what the list says a line was booked as. */
export async function transactionsOfBankLines(
  db: Database,
  userId: string,
  lineIds: readonly string[],
): Promise<BankLineTransaction[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .select({
      id: transactions.id,
      bankStatementLineId: transactions.bankStatementLineId,
      invoiceId: transactions.invoiceId,
      purchaseInvoiceId: transactions.purchaseInvoiceId,
      description: transactions.description,
      categoryName: categories.name,
      vatRate: transactions.vatRate,
      balanceBooking: transactions.balanceBooking,
    })
    .from(transactions)
    .leftJoin(categories, eq(categories.id, transactions.categoryId))
    .where(and(eq(transactions.userId, userId), inArray(transactions.bankStatementLineId, [...lineIds])));
  return rows.map((row) => ({ ...row, bankStatementLineId: row.bankStatementLineId! }));
}

/**
 * Unmatching a line: a linked transaction that was booked by hand keeps its booking and loses the link; the
 * transactions the line made go, with their journal entries. Invoice payments are undone first by the invoices
 * feature (their transactions go with them).
 */
export async function releaseBankLineTransactions(
  tx: Database,
  userId: string,
  lineId: string,
  keepBookings: boolean,
): Promise<void> {
  const owned = and(eq(transactions.userId, userId), eq(transactions.bankStatementLineId, lineId));
  if (keepBookings) {
    await tx.update(transactions).set({ bankStatementLineId: null }).where(owned);
    return;
  }
  const removed = await tx.delete(transactions).where(owned).returning({ id: transactions.id });
  await postTransactions(
    tx,
    userId,
    removed.map((row) => row.id),
  );
}

export type UnlinkedTransaction = {
  id: string;
  bankAccountId: string | null;
  date: string;
  amountCents: number;
  description: string;
};

/**
 * Completed transactions on these accounts (or on none) in a date range that no bank line books yet: the
 * candidates for 'Bestaande transactie'.
 */
export async function unlinkedTransactions(
  db: Database,
  userId: string,
  range: { from: string; to: string },
): Promise<UnlinkedTransaction[]> {
  const rows = await db
    .select({
      id: transactions.id,
      bankAccountId: transactions.bankAccountId,
      date: transactions.date,
      type: transactions.type,
      amountIncludingVat: transactions.amountIncludingVat,
      description: transactions.description,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.status, "completed"),
        isNull(transactions.bankStatementLineId),
        gte(transactions.date, range.from),
        lte(transactions.date, range.to),
        sql`${transactions.amountIncludingVat} <> 0`,
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    bankAccountId: row.bankAccountId,
    date: row.date,
    amountCents: signedCentsOf(row),
    description: row.description,
  }));
}

/** The category bookings of these bank lines, newest first: how a counterparty was booked before. */
export async function categoryBookingsOfBankLines(
  db: Database,
  userId: string,
  lineIds: readonly string[],
): Promise<
  Array<{ bankStatementLineId: string; categoryId: string; categoryName: string; vatRate: number }>
> {
  const rows = await db
    .select({
      bankStatementLineId: transactions.bankStatementLineId,
      categoryId: categories.id,
      categoryName: categories.name,
      vatRate: transactions.vatRate,
    })
    .from(transactions)
    .innerJoin(categories, eq(categories.id, transactions.categoryId))
    .where(
      and(
        eq(transactions.userId, userId),
        sql`${transactions.bankStatementLineId} = any(${new Param(lineIds)}::uuid[])`,
        isNull(transactions.invoiceId),
      ),
    )
    .orderBy(sql`${transactions.date} desc`, sql`${transactions.createdAt} desc`);
  return rows.map((row) => ({
    bankStatementLineId: row.bankStatementLineId!,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    vatRate: Number(row.vatRate),
  }));
}
