import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { chargesVatUnderKor, KOR_INCOME_VAT_MESSAGE } from "../../../shared/kor";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type {
  BookingVatTreatment,
  Transaction,
  TransactionInput,
  TransactionSummary,
  TransactionListFilters,
} from "../../../shared/schemas/transactions";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { transactions } from "../../db/schema/index";
import { AppError, invalidField, notFound, uniqueViolation } from "../../errors";
import { findDefaultBankAccountId, isOwnBankAccount } from "../bank/accounts";
import { defaultVatTreatment, findOwnCategory } from "../categories/service";
import { getClient, selectClientIdsByName } from "../clients/service";
import { postTransactions } from "../ledger/posting";
import { getProject } from "../projects/service";
import { getKorDates } from "../settings/service";
import { generateOccurrencesOf } from "./recurring";
import { isUuid } from "../../../shared/validation";

type TransactionRow = typeof transactions.$inferSelect;

export const TRANSACTION_NOT_FOUND = "Transactie niet gevonden";
const OCCURRENCE_EXISTS_MESSAGE = "Er bestaat al een herhaling van deze transactie op deze datum";
export const BANK_LINE_MESSAGE =
  "Deze transactie hoort bij een bankregel. Maak de verwerking ongedaan bij Bank om hem te wijzigen of te verwijderen.";
export const INVOICE_PAYMENT_MESSAGE =
  "Deze transactie is de betaling van een factuur. Wijzig of verwijder de betaling bij de factuur (Verkoopfacturen of Inkoopfacturen).";

/** The answer shape of spec §7: money as decimal strings, timestamps as ISO strings, the owner left out. */
export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    amount: row.amount,
    vatRate: row.vatRate,
    vatAmount: row.vatAmount,
    amountIncludingVat: row.amountIncludingVat,
    date: row.date,
    status: row.status,
    isRecurring: row.isRecurring,
    recurringInterval: row.recurringInterval,
    recurringEndDate: row.recurringEndDate,
    recurringTemplateId: row.recurringTemplateId,
    categoryId: row.categoryId,
    clientId: row.clientId,
    projectId: row.projectId,
    bankAccountId: row.bankAccountId,
    notes: row.notes,
    vatTreatment: row.vatTreatment,
    balanceBooking: row.balanceBooking,
    bankStatementLineId: row.bankStatementLineId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The WHERE clause of the list and its totals: always the owner, then each filter that is set. The search finds
 * the description, the notes and the client's name, so a client's payments are found by who paid.
 */
function listConditions(db: Database, userId: string, filters: TransactionListFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(transactions.userId, userId),
    filters.type ? eq(transactions.type, filters.type) : undefined,
    filters.categoryId ? eq(transactions.categoryId, filters.categoryId) : undefined,
    filters.bankAccountId ? eq(transactions.bankAccountId, filters.bankAccountId) : undefined,
    filters.startDate ? gte(transactions.date, filters.startDate) : undefined,
    filters.endDate ? lte(transactions.date, filters.endDate) : undefined,
  ];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(
        ilike(transactions.description, pattern),
        ilike(transactions.notes, pattern),
        inArray(transactions.clientId, selectClientIdsByName(db, userId, filters.search)),
      ),
    );
  }
  return and(...conditions)!;
}

/**
 * Spec §7 GET /api/transactions: one page of the user's transactions, newest first (spec §2.12 filters: type,
 * category, from, to; plus search and account).
 */
export async function listTransactions(
  db: Database,
  userId: string,
  filters: TransactionListFilters,
): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(listConditions(db, userId, filters))
    .orderBy(desc(transactions.date), desc(transactions.id))
    .limit(filters.limit)
    .offset(filters.offset);
  return rows.map(toTransaction);
}

/** How many transactions the filters find in all, for the list's paging metadata. */
export async function countTransactions(
  db: Database,
  userId: string,
  filters: TransactionListFilters,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(transactions)
    .where(listConditions(db, userId, filters));
  return row!.count;
}

/** Every transaction of the user, oldest first, for the data export (AVG art. 15 and 20). */
export async function exportTransactions(db: Database, userId: string): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(asc(transactions.date), asc(transactions.id));
  return rows.map(toTransaction);
}

/** The count and the totals (in, out, VAT) of the whole filtered set, for the screen's totals and pager. */
export async function summarizeTransactions(
  db: Database,
  userId: string,
  filters: TransactionListFilters,
): Promise<TransactionSummary> {
  const [totals] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      income: sql<string>`coalesce(sum(${transactions.amountIncludingVat}) filter (where ${transactions.type} = 'income'), 0)`,
      expense: sql<string>`coalesce(sum(${transactions.amountIncludingVat}) filter (where ${transactions.type} = 'expense'), 0)`,
      vatIncome: sql<string>`coalesce(sum(${transactions.vatAmount}) filter (where ${transactions.type} = 'income'), 0)`,
      vatExpense: sql<string>`coalesce(sum(${transactions.vatAmount}) filter (where ${transactions.type} = 'expense'), 0)`,
    })
    .from(transactions)
    .where(listConditions(db, userId, filters));
  const decimal = (value: string) => centsToDecimal(parseCents(value)!);
  return {
    total: totals!.count,
    totals: {
      income: decimal(totals!.income),
      expense: decimal(totals!.expense),
      vatIncome: decimal(totals!.vatIncome),
      vatExpense: decimal(totals!.vatExpense),
    },
  };
}

async function findOwnRow(db: Database, userId: string, transactionId: string, forUpdate = false) {
  if (!isUuid(transactionId)) return undefined;
  const query = db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

export async function getTransaction(
  db: Database,
  userId: string,
  transactionId: string,
): Promise<Transaction> {
  const row = await findOwnRow(db, userId, transactionId);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND);
  return toTransaction(row);
}

/**
 * The links of a transaction must be the user's own records. A missing and a foreign id get the same message,
 * so ids cannot be probed. Without an account the transaction goes on the default account (Hoofdrekening).
 */
async function checkLinks(
  db: Database,
  userId: string,
  input: TransactionInput,
): Promise<{ bankAccountId: string | null; vatTreatment: BookingVatTreatment }> {
  const category = input.categoryId ? await findOwnCategory(db, userId, input.categoryId) : null;
  if (input.categoryId && !category) throw invalidField("categoryId", "Categorie niet gevonden");
  const vatTreatment = input.vatTreatment ?? defaultVatTreatment(category, input.vatRate);
  const booking = { type: input.type, date: input.date, vatRateHundredths: input.vatRate };
  if (chargesVatUnderKor(await getKorDates(db, userId), booking)) {
    throw invalidField("vatRate", KOR_INCOME_VAT_MESSAGE);
  }
  if (input.clientId) {
    await getClient(db, userId, input.clientId).catch(() => {
      throw invalidField("clientId", "Klant niet gevonden");
    });
  }
  if (input.projectId) {
    await getProject(db, userId, input.projectId).catch(() => {
      throw invalidField("projectId", "Project niet gevonden");
    });
  }
  if (input.bankAccountId) {
    if (!(await isOwnBankAccount(db, userId, input.bankAccountId))) {
      throw invalidField("bankAccountId", "Bankrekening niet gevonden");
    }
    return { bankAccountId: input.bankAccountId, vatTreatment };
  }
  return { bankAccountId: await findDefaultBankAccountId(db, userId), vatTreatment };
}

/** The stored columns of a validated input: money as decimal strings. */
function toColumns(
  input: TransactionInput,
  links: { bankAccountId: string | null; vatTreatment: BookingVatTreatment },
) {
  const { bankAccountId, vatTreatment } = links;
  return {
    vatTreatment,
    balanceBooking: input.balanceBooking,
    type: input.type,
    description: input.description,
    amount: centsToDecimal(input.amount),
    vatRate: centsToDecimal(input.vatRate),
    vatAmount: centsToDecimal(input.vatAmount),
    amountIncludingVat: centsToDecimal(input.amountIncludingVat),
    date: input.date,
    status: input.status,
    isRecurring: input.isRecurring,
    recurringInterval: input.recurringInterval,
    recurringEndDate: input.recurringEndDate,
    categoryId: input.categoryId,
    clientId: input.clientId,
    projectId: input.projectId,
    bankAccountId,
    notes: input.notes,
  };
}

/**
 * Spec §2.12. A recurring transaction is the template and its own first occurrence; the occurrences that are
 * already due (a start date in the past) are created at once, the rest by the scheduled job.
 */
export async function createTransaction(
  db: Database,
  userId: string,
  input: TransactionInput,
  today: string,
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const links = await checkLinks(tx, userId, input);
    const [row] = await tx
      .insert(transactions)
      .values({
        ...toColumns(input, links),
        userId,
        recurringGeneratedUntil: input.isRecurring ? input.date : null,
      })
      .returning();
    await postTransactions(tx, userId, [row!.id]);
    if (row!.isRecurring) await generateOccurrencesOf(tx, row!, today);
    return toTransaction(row!);
  });
}

export async function updateTransaction(
  db: Database,
  userId: string,
  transactionId: string,
  input: TransactionInput,
  today: string,
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const existing = await findOwnRow(tx, userId, transactionId, true);
    if (!existing) throw notFound(TRANSACTION_NOT_FOUND);
    if (existing.invoiceId || existing.purchaseInvoiceId) throw new AppError(409, INVOICE_PAYMENT_MESSAGE);
    if (existing.bankStatementLineId) throw new AppError(409, BANK_LINE_MESSAGE);
    const links = await checkLinks(tx, userId, input);
    // A template keeps what it already generated; a transaction that becomes recurring starts from its date.
    const generatedUntil = input.isRecurring
      ? existing.isRecurring && existing.recurringGeneratedUntil
        ? existing.recurringGeneratedUntil
        : input.date
      : null;
    try {
      const [row] = await tx
        .update(transactions)
        .set({ ...toColumns(input, links), recurringGeneratedUntil: generatedUntil })
        .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
        .returning();
      await postTransactions(tx, userId, [row!.id]);
      if (row!.isRecurring) await generateOccurrencesOf(tx, row!, today);
      return toTransaction(row!);
    } catch (error) {
      if (uniqueViolation(error) === "transactions_recurring_template_date_key") {
        throw new AppError(409, OCCURRENCE_EXISTS_MESSAGE, {
          fieldErrors: { date: OCCURRENCE_EXISTS_MESSAGE },
        });
      }
      throw error;
    }
  });
}

/**
 * Stop a recurring transaction: nothing is generated after today. The template and what it generated stay;
 * the end date records when it stopped.
 */
export async function stopRecurringTransaction(
  db: Database,
  userId: string,
  transactionId: string,
  today: string,
): Promise<Transaction> {
  const existing = await findOwnRow(db, userId, transactionId);
  if (!existing) throw notFound(TRANSACTION_NOT_FOUND);
  if (!existing.isRecurring) throw new AppError(400, "Deze transactie herhaalt niet");
  const endDate =
    existing.recurringEndDate && existing.recurringEndDate < today
      ? existing.recurringEndDate
      : today < existing.date
        ? existing.date
        : today;
  const [row] = await db
    .update(transactions)
    .set({ recurringEndDate: endDate })
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
    .returning();
  return toTransaction(row!);
}

/**
 * The bank transaction of a payment on a sales invoice (invoices/payments.ts, with booking): the amount received,
 * linked to the invoice, so the books settle Debiteuren with it rather than count revenue again. Runs inside the
 * caller's database transaction; answers the transaction's id. It is changed or removed only with its payment.
 */
export function bookInvoicePayment(
  tx: Database,
  userId: string,
  payment: {
    invoiceId: string;
    invoiceNumber: string;
    clientId: string | null;
    amountCents: number;
    date: string;
    bankAccountId?: string | null | undefined;
    bankStatementLineId?: string | null;
  },
): Promise<string> {
  return bookSettlement(tx, userId, {
    ...payment,
    type: "income",
    description: `Betaling factuur ${payment.invoiceNumber}`,
    link: { invoiceId: payment.invoiceId },
  });
}

/**
 * The bank transaction of a payment on a purchase invoice (purchase-invoices/payments.ts): the amount paid,
 * linked to the purchase invoice, so the books settle Crediteuren with it rather than count the cost again.
 */
export function bookPurchaseInvoicePayment(
  tx: Database,
  userId: string,
  payment: {
    purchaseInvoiceId: string;
    description: string;
    supplierId: string | null;
    amountCents: number;
    date: string;
    bankAccountId?: string | null | undefined;
    bankStatementLineId?: string | null;
  },
): Promise<string> {
  return bookSettlement(tx, userId, {
    ...payment,
    clientId: payment.supplierId,
    type: "expense",
    link: { purchaseInvoiceId: payment.purchaseInvoiceId },
  });
}

async function bookSettlement(
  tx: Database,
  userId: string,
  payment: {
    type: "income" | "expense";
    description: string;
    link: { invoiceId: string } | { purchaseInvoiceId: string };
    clientId: string | null;
    amountCents: number;
    date: string;
    bankAccountId?: string | null | undefined;
    bankStatementLineId?: string | null;
  },
): Promise<string> {
  let bankAccountId: string | null;
  if (payment.bankAccountId) {
    if (!(await isOwnBankAccount(tx, userId, payment.bankAccountId))) {
      throw invalidField("bankAccountId", "Bankrekening niet gevonden");
    }
    bankAccountId = payment.bankAccountId;
  } else {
    bankAccountId = await findDefaultBankAccountId(tx, userId);
  }
  const total = centsToDecimal(payment.amountCents);
  const [row] = await tx
    .insert(transactions)
    .values({
      userId,
      type: payment.type,
      description: payment.description,
      // A payment, not a sale or a purchase: the VAT was on the invoice.
      amount: total,
      vatRate: "0",
      vatAmount: "0",
      amountIncludingVat: total,
      date: payment.date,
      status: "completed",
      clientId: payment.clientId,
      bankAccountId,
      ...payment.link,
      bankStatementLineId: payment.bankStatementLineId ?? null,
    })
    .returning({ id: transactions.id });
  await postTransactions(tx, userId, [row!.id]);
  return row!.id;
}

/** Removes the bank transaction of a deleted invoice payment, with its journal entry (invoices/payments.ts). */
export async function deleteInvoicePaymentTransaction(
  tx: Database,
  userId: string,
  transactionId: string,
): Promise<void> {
  await tx
    .delete(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
  await postTransactions(tx, userId, [transactionId]);
}

/**
 * Occurrences generated from a deleted template stay, and lose the link (ON DELETE SET NULL). The bank
 * transaction of an invoice payment goes with its payment, on the invoice.
 */
export async function deleteTransaction(db: Database, userId: string, transactionId: string): Promise<void> {
  if (!isUuid(transactionId)) throw notFound(TRANSACTION_NOT_FOUND);
  await db.transaction(async (tx) => {
    const existing = await findOwnRow(tx, userId, transactionId, true);
    if (!existing) throw notFound(TRANSACTION_NOT_FOUND);
    if (existing.invoiceId || existing.purchaseInvoiceId) throw new AppError(409, INVOICE_PAYMENT_MESSAGE);
    if (existing.bankStatementLineId) throw new AppError(409, BANK_LINE_MESSAGE);
    await tx
      .delete(transactions)
      .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
    // Removes its journal entry (refused when it is dated in a filed VAT period).
    await postTransactions(tx, userId, [transactionId]);
  });
}

/** Erasure of an account whose books must be kept: it books nothing new, so every recurring template stops. */
export async function stopAllRecurringTransactions(tx: Database, userId: string): Promise<void> {
  await tx
    .update(transactions)
    .set({ isRecurring: false, recurringInterval: null, recurringEndDate: null })
    .where(and(eq(transactions.userId, userId), eq(transactions.isRecurring, true)));
}
