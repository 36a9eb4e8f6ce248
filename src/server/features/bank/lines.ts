/**
 * Reading bank statement lines: the 'Af te handelen' list with each open line's proposal, what a booked line was
 * booked as, and the candidates for booking one by hand.
 */
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  Param,
  sql,
  type SQL,
} from "drizzle-orm";
import { centsToDecimal, parseCents } from "../../../shared/money";
import {
  BANK_MESSAGES,
  BOOKING_LABELS,
  type BankLine,
  type BankLineBooking,
  type BankLineCandidates,
  type BankLineList,
  type BankLineListQuery,
  type BankLineProposal,
} from "../../../shared/schemas/bank-statements";
import type { Database } from "../../db/client";
import { containsPattern } from "../../db/like";
import { bankAccounts, bankRules, bankStatementLines } from "../../db/schema/index";
import { notFound } from "../../errors";
import { listBankAccountRefs } from "./accounts";
import { listOpenInvoicesForMatching } from "../invoices/service";
import { listOpenPurchasesForMatching } from "../purchase-invoices/records";
import {
  categoryBookingsOfBankLines,
  transactionsOfBankLines,
  unlinkedTransactions,
  type BankLineTransaction,
} from "../transactions/bank-lines";
import { proposeBookings, type LearnedBooking, type MatchableLine, type Proposal } from "./proposals";
import { matchRules } from "./rules";
import { isUuid } from "../../../shared/validation";
import { addDays } from "../../../shared/dates";

export type LineRow = typeof bankStatementLines.$inferSelect;

export async function findOwnLine(
  db: Database,
  userId: string,
  lineId: string,
  lock = false,
): Promise<LineRow> {
  if (!isUuid(lineId)) throw notFound(BANK_MESSAGES.lineNotFound);
  const query = db
    .select()
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(BANK_MESSAGES.lineNotFound);
  return row;
}

export const toMatchable = (row: LineRow): MatchableLine => ({
  id: row.id,
  bankAccountId: row.bankAccountId,
  bookingDate: row.bookingDate,
  amountCents: parseCents(row.amount)!,
  counterpartyName: row.counterpartyName,
  counterpartyIban: row.counterpartyIban,
  description: row.description,
  reference: row.reference,
});

/** Proposals for these open lines, from everything the matcher needs, read once. */
export async function proposalsFor(
  db: Database,
  userId: string,
  rows: readonly LineRow[],
): Promise<Map<string, Proposal | null>> {
  const open = rows.filter((row) => row.booking === null);
  if (open.length === 0) return new Map();
  let first = open[0]!.bookingDate;
  let last = first;
  for (const row of open) {
    if (row.bookingDate < first) first = row.bookingDate;
    if (row.bookingDate > last) last = row.bookingDate;
  }
  const [openInvoices, openPurchases, rules, accounts, transactions, learned] = await Promise.all([
    listOpenInvoicesForMatching(db, userId),
    open.some((row) => parseCents(row.amount)! < 0)
      ? listOpenPurchasesForMatching(db, userId)
      : Promise.resolve([]),
    matchRules(db, userId),
    listBankAccountRefs(db, userId),
    unlinkedTransactions(db, userId, { from: addDays(first, -5), to: addDays(last, 5) }),
    learnedBookings(db, userId, open),
  ]);
  return proposeBookings(open.map(toMatchable), {
    openInvoices,
    openPurchases,
    rules,
    ownIbans: new Set(accounts.flatMap((account) => (account.iban ? [account.iban] : []))),
    unlinkedTransactions: transactions,
    learned,
  });
}

/**
 * The last category booking per counterparty (IBAN, else name) of these lines: only their counterparties' earlier
 * lines are read, so the list stays quick however many lines were booked before.
 */
async function learnedBookings(
  db: Database,
  userId: string,
  rows: readonly LineRow[],
): Promise<Map<string, LearnedBooking>> {
  const ibans = [...new Set(rows.flatMap((row) => (row.counterpartyIban ? [row.counterpartyIban] : [])))];
  const names = [
    ...new Set(
      rows.flatMap((row) =>
        !row.counterpartyIban && row.counterpartyName ? [row.counterpartyName.toLowerCase()] : [],
      ),
    ),
  ];
  if (ibans.length === 0 && names.length === 0) return new Map();
  const earlier = await db
    .select({
      id: bankStatementLines.id,
      iban: bankStatementLines.counterpartyIban,
      name: bankStatementLines.counterpartyName,
    })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.userId, userId),
        eq(bankStatementLines.booking, "category"),
        sql`(${bankStatementLines.counterpartyIban} = any(${toTextArray(ibans)})
          or (${bankStatementLines.counterpartyIban} is null
              and lower(${bankStatementLines.counterpartyName}) = any(${toTextArray(names)})))`,
      ),
    );
  if (earlier.length === 0) return new Map();
  const keyOf = new Map(earlier.map((line) => [line.id, line.iban ?? (line.name ?? "").toLowerCase()]));
  const learned = new Map<string, LearnedBooking>();
  // Newest first: the first booking seen per counterparty is its last.
  for (const booking of await categoryBookingsOfBankLines(db, userId, [...keyOf.keys()])) {
    const key = keyOf.get(booking.bankStatementLineId);
    if (key && !learned.has(key)) learned.set(key, booking);
  }
  return learned;
}

const toTextArray = (values: readonly string[]) => sql`${new Param(values)}::text[]`;

export function toProposalAnswer(proposal: Proposal | null): BankLineProposal | null {
  if (!proposal) return null;
  if (proposal.kind === "purchase_invoices") {
    return {
      kind: "purchase_invoices",
      certain: proposal.certain,
      label: proposal.label,
      payments: proposal.payments.map((payment) => ({
        purchaseInvoiceId: payment.purchase.id,
        invoiceNumber: payment.purchase.invoiceNumber,
        supplierName: payment.purchase.supplierName,
        openAmount: centsToDecimal(payment.purchase.openCents),
        amount: centsToDecimal(payment.amountCents),
      })),
    };
  }
  if (proposal.kind !== "invoices") {
    return proposal.kind === "private" || proposal.kind === "transfer" || proposal.kind === "vat"
      ? { kind: proposal.kind, certain: proposal.certain, label: proposal.label }
      : proposal;
  }
  return {
    kind: "invoices",
    certain: proposal.certain,
    label: proposal.label,
    payments: proposal.payments.map((payment) => ({
      invoiceId: payment.invoice.id,
      invoiceNumber: payment.invoice.invoiceNumber,
      clientName: payment.invoice.clientName,
      openAmount: centsToDecimal(payment.invoice.openCents),
      amount: centsToDecimal(payment.amountCents),
    })),
    difference: centsToDecimal(proposal.differenceCents),
  };
}

/** What booked lines were booked as, in words. */
async function bookedAsOf(
  db: Database,
  userId: string,
  rows: readonly LineRow[],
): Promise<Map<string, string>> {
  const booked = rows.filter((row) => row.booking !== null).map((row) => row.id);
  const transactions = await transactionsOfBankLines(db, userId, booked);
  const byLine = new Map<string, typeof transactions>();
  for (const transaction of transactions) {
    byLine.set(transaction.bankStatementLineId, [
      ...(byLine.get(transaction.bankStatementLineId) ?? []),
      transaction,
    ]);
  }
  const result = new Map<string, string>();
  for (const row of rows) {
    if (row.booking === null) continue;
    const words = bookedWords(row.booking, byLine.get(row.id) ?? []);
    result.set(row.id, words || BOOKING_LABELS[row.booking]);
  }
  return result;
}

function bookedWords(booking: BankLineBooking, own: readonly BankLineTransaction[]): string {
  const descriptions = (list: readonly BankLineTransaction[]) =>
    list.map((transaction) => transaction.description).join(", ");
  switch (booking) {
    case "invoices":
      return descriptions(own.filter((transaction) => transaction.invoiceId));
    case "purchase_invoices":
      return descriptions(own.filter((transaction) => transaction.purchaseInvoiceId));
    case "category":
    case "existing":
      return own
        .map((transaction) =>
          transaction.categoryName
            ? `${transaction.categoryName}, ${Number(transaction.vatRate)}% btw`
            : transaction.description,
        )
        .join(", ");
    default:
      return BOOKING_LABELS[booking];
  }
}

function listConditions(userId: string, query: BankLineListQuery): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(bankStatementLines.userId, userId),
    query.status === "open" ? isNull(bankStatementLines.booking) : undefined,
    query.status === "booked" ? isNotNull(bankStatementLines.booking) : undefined,
    query.bankAccountId ? eq(bankStatementLines.bankAccountId, query.bankAccountId) : undefined,
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(bankStatementLines.description, pattern),
        ilike(bankStatementLines.counterpartyName, pattern),
        ilike(bankStatementLines.counterpartyIban, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/** GET /api/bank-lines: a page of lines, newest first, with proposals for the open ones. */
export async function listLines(
  db: Database,
  userId: string,
  query: BankLineListQuery,
): Promise<BankLineList> {
  const where = listConditions(userId, query);
  const [rows, [total], [open]] = await Promise.all([
    db
      .select({ line: bankStatementLines, accountName: bankAccounts.name, ruleName: bankRules.name })
      .from(bankStatementLines)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementLines.bankAccountId))
      .leftJoin(bankRules, eq(bankRules.id, bankStatementLines.ruleId))
      .where(where)
      .orderBy(
        desc(bankStatementLines.bookingDate),
        desc(bankStatementLines.createdAt),
        desc(bankStatementLines.id),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ count: count() }).from(bankStatementLines).where(where),
    db
      .select({ count: count() })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.userId, userId), isNull(bankStatementLines.booking))),
  ]);
  const lines = rows.map((row) => row.line);
  const [proposals, bookedAs] = await Promise.all([
    proposalsFor(db, userId, lines),
    bookedAsOf(db, userId, lines),
  ]);
  return {
    lines: rows.map((row) => ({
      ...toBankLine(row.line, row.accountName, row.ruleName),
      bookedAs: bookedAs.get(row.line.id) ?? null,
      proposal: toProposalAnswer(proposals.get(row.line.id) ?? null),
    })),
    total: total!.count,
    openCount: open!.count,
  };
}

function toBankLine(row: LineRow, accountName: string, ruleName: string | null): BankLine {
  return {
    id: row.id,
    bankAccountId: row.bankAccountId,
    bankAccountName: accountName,
    bookingDate: row.bookingDate,
    valueDate: row.valueDate,
    amount: centsToDecimal(parseCents(row.amount)!),
    counterpartyName: row.counterpartyName,
    counterpartyIban: row.counterpartyIban,
    description: row.description,
    reference: row.reference,
    booking: row.booking,
    bookedAs: null,
    ruleName,
    proposal: null,
  };
}

/** One line as the list shows it (the answer of booking and unbooking). */
export async function getLine(db: Database, userId: string, lineId: string): Promise<BankLine> {
  const row = await findOwnLine(db, userId, lineId);
  const [account] = await db
    .select({ name: bankAccounts.name })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, row.bankAccountId));
  const [rule] = row.ruleId
    ? await db.select({ name: bankRules.name }).from(bankRules).where(eq(bankRules.id, row.ruleId))
    : [];
  const [proposals, bookedAs] = await Promise.all([
    proposalsFor(db, userId, [row]),
    bookedAsOf(db, userId, [row]),
  ]);
  return {
    ...toBankLine(row, account?.name ?? "", rule?.name ?? null),
    bookedAs: bookedAs.get(row.id) ?? null,
    proposal: toProposalAnswer(proposals.get(row.id) ?? null),
  };
}

/**
 * GET /api/bank-lines/{id}/candidates: the open sales invoices (money in) or purchase invoices (money out) and the
 * unlinked transactions to choose from by hand.
 */
export async function lineCandidates(
  db: Database,
  userId: string,
  lineId: string,
): Promise<BankLineCandidates> {
  const row = await findOwnLine(db, userId, lineId);
  const amount = parseCents(row.amount)!;
  const [invoices, purchases, transactions] = await Promise.all([
    amount > 0 ? listOpenInvoicesForMatching(db, userId) : Promise.resolve([]),
    amount < 0 ? listOpenPurchasesForMatching(db, userId) : Promise.resolve([]),
    unlinkedTransactions(db, userId, {
      from: addDays(row.bookingDate, -31),
      to: addDays(row.bookingDate, 31),
    }),
  ]);
  return {
    invoices: invoices.map((invoice) => ({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      clientName: invoice.clientName,
      openAmount: centsToDecimal(invoice.openCents),
      dueDate: invoice.dueDate,
    })),
    purchaseInvoices: purchases.map((purchase) => ({
      purchaseInvoiceId: purchase.id,
      invoiceNumber: purchase.invoiceNumber,
      supplierName: purchase.supplierName,
      openAmount: centsToDecimal(purchase.openCents),
      dueDate: purchase.dueDate,
    })),
    transactions: transactions
      .filter(
        (transaction) =>
          transaction.amountCents === amount &&
          (transaction.bankAccountId === null || transaction.bankAccountId === row.bankAccountId),
      )
      .map((transaction) => ({
        id: transaction.id,
        date: transaction.date,
        description: transaction.description,
        amountIncludingVat: centsToDecimal(Math.abs(transaction.amountCents)),
      })),
  };
}

/** Open lines of these ids (the bulk accept), oldest first, locked for booking. */
export async function openLinesByIds(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<LineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.userId, userId),
        inArray(bankStatementLines.id, [...ids]),
        isNull(bankStatementLines.booking),
      ),
    )
    .orderBy(bankStatementLines.bookingDate, bankStatementLines.createdAt)
    .for("update");
}

/** The number of lines still to handle (dashboard, notifications). */
export async function countOpenLines(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.userId, userId), isNull(bankStatementLines.booking)));
  return row!.count;
}

/** Every statement line of the user, oldest first, for the data export (AVG art. 15 and 20). */
export async function exportBankLines(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.userId, userId))
    .orderBy(bankStatementLines.bookingDate, bankStatementLines.createdAt);
  return rows.map(({ userId: _owner, contentKey: _key, ...row }) => ({
    ...row,
    amount: centsToDecimal(parseCents(row.amount)!),
    bookedAt: row.bookedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
