/**
 * Handling a bank line: one operation books it (invoice payments through the invoices and purchase-invoices
 * features, income, costs
 * and balance-sheet bookings through the transactions feature, all linked to the line) and one undoes it.
 * Accepting in bulk and matching on import book the certain proposals through the same operation.
 */
import { and, eq } from "drizzle-orm";
import { formatEuro } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import {
  BANK_MESSAGES,
  BookLineInputSchema,
  proposalInput,
  type AcceptLinesAnswer,
  type BankLine,
  type BookLineInput,
} from "../../../shared/schemas/bank-statements";
import type { Database } from "../../db/client";
import { bankStatementLines } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { deletePaymentsOfTransactions, payInvoicesFromBankLine } from "../invoices/payments";
import {
  deletePurchasePaymentsOfTransactions,
  payPurchaseInvoicesFromBankLine,
} from "../purchase-invoices/payments";
import {
  bookBankLineTransaction,
  linkTransactionToBankLine,
  releaseBankLineTransactions,
  transactionsOfBankLines,
  type BankLineRef,
} from "../transactions/bank-lines";
import { findOwnLine, getLine, openLinesByIds, proposalsFor, toProposalAnswer, type LineRow } from "./lines";
import { WRITE_OFF_LIMIT_CENTS, type Proposal } from "./proposals";

/** What the line's own transactions are called: the counterparty and what the bank says it was for. */
export function lineDescription(row: Pick<LineRow, "counterpartyName" | "description">): string {
  const text = [row.counterpartyName, row.description].filter(Boolean).join(" – ");
  return (text || "Bankregel").slice(0, 500);
}

const refOf = (row: LineRow): BankLineRef => ({
  id: row.id,
  bankAccountId: row.bankAccountId,
  date: row.bookingDate,
  amountCents: parseCents(row.amount)!,
});

/** POST /api/bank-lines/{id}/book. */
export async function bookLine(
  db: Database,
  userId: string,
  lineId: string,
  input: BookLineInput,
  now: Date,
): Promise<BankLine> {
  await db.transaction(async (tx) => {
    const row = await findOwnLine(tx, userId, lineId, true);
    await bookLineIn(tx, userId, row, input, now, null);
  });
  return getLine(db, userId, lineId);
}

/** The booking inside the caller's transaction, on a line it has locked. */
export async function bookLineIn(
  tx: Database,
  userId: string,
  row: LineRow,
  input: BookLineInput,
  now: Date,
  ruleId: string | null,
): Promise<void> {
  if (row.booking !== null) throw new AppError(409, BANK_MESSAGES.alreadyBooked);
  const line = refOf(row);
  switch (input.kind) {
    case "invoices": {
      if (line.amountCents <= 0) throw invalidField("payments", BANK_MESSAGES.paymentsDirection);
      const payments = input.payments.map((payment, index) => {
        if (payment.amount === null || payment.amount <= 0) {
          throw invalidField(`payments.${index}.amount`, "Vul een bedrag groter dan 0 in");
        }
        return { invoiceId: payment.invoiceId, amountCents: payment.amount };
      });
      const paid = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
      const short = paid - line.amountCents;
      if (short < 0) {
        throw invalidField(
          "payments",
          `Verdeel het hele bedrag: ${formatEuro(-short)} van de bankregel hoort nog bij geen factuur`,
        );
      }
      if (short > 0 && !input.writeOffDifference)
        throw invalidField("payments", BANK_MESSAGES.paymentsTooMuch);
      if (short > WRITE_OFF_LIMIT_CENTS) {
        throw invalidField(
          "payments",
          `Het verschil van ${formatEuro(short)} is te groot om af te boeken (hooguit ${formatEuro(WRITE_OFF_LIMIT_CENTS)})`,
        );
      }
      await payInvoicesFromBankLine(tx, userId, line, payments, now);
      if (short > 0) {
        // The payer's bank kept a little: the difference is a cost, so the invoices are settled in full.
        await bookBankLineTransaction(tx, userId, line, {
          amountCents: -short,
          description: `Betalingsverschil – ${lineDescription(row)}`.slice(0, 500),
        });
      }
      break;
    }
    case "purchase_invoices": {
      if (line.amountCents >= 0) throw invalidField("payments", BANK_MESSAGES.purchasePaymentsDirection);
      const payments = input.payments.map((payment, index) => {
        if (payment.amount === null || payment.amount <= 0) {
          throw invalidField(`payments.${index}.amount`, "Vul een bedrag groter dan 0 in");
        }
        return { purchaseInvoiceId: payment.purchaseInvoiceId, amountCents: payment.amount };
      });
      // Money out has no payer's bank costs to write off: the line is paid to the suppliers in full.
      const left = -line.amountCents - payments.reduce((sum, payment) => sum + payment.amountCents, 0);
      if (left < 0) throw invalidField("payments", BANK_MESSAGES.paymentsTooMuch);
      if (left > 0) {
        throw invalidField(
          "payments",
          `Verdeel het hele bedrag: ${formatEuro(left)} van de bankregel hoort nog bij geen inkoopfactuur`,
        );
      }
      await payPurchaseInvoicesFromBankLine(tx, userId, line, payments, now);
      break;
    }
    case "category":
      await bookBankLineTransaction(tx, userId, line, {
        description: input.description ?? lineDescription(row),
        categoryId: input.categoryId,
        vatRate: input.vatRate,
        clientId: input.clientId,
      });
      break;
    case "existing":
      await linkTransactionToBankLine(tx, userId, input.transactionId, line);
      break;
    default:
      await bookBankLineTransaction(tx, userId, line, {
        description: lineDescription(row),
        balanceBooking: input.kind,
      });
  }
  await tx
    .update(bankStatementLines)
    .set({ booking: input.kind, ruleId, bookedAt: now })
    .where(and(eq(bankStatementLines.id, row.id), eq(bankStatementLines.userId, userId)));
}

/** DELETE /api/bank-lines/{id}/booking: the line is open again and what it booked is gone (or unlinked). */
export async function unbookLine(db: Database, userId: string, lineId: string, now: Date): Promise<BankLine> {
  await db.transaction(async (tx) => {
    const row = await findOwnLine(tx, userId, lineId, true);
    if (row.booking === null) throw new AppError(409, BANK_MESSAGES.notBooked);
    if (row.booking === "invoices") {
      const own = await transactionsOfBankLines(tx, userId, [row.id]);
      await deletePaymentsOfTransactions(
        tx,
        userId,
        own.filter((transaction) => transaction.invoiceId).map((transaction) => transaction.id),
        now,
      );
    } else if (row.booking === "purchase_invoices") {
      const own = await transactionsOfBankLines(tx, userId, [row.id]);
      await deletePurchasePaymentsOfTransactions(
        tx,
        userId,
        own.filter((transaction) => transaction.purchaseInvoiceId).map((transaction) => transaction.id),
      );
    }
    await releaseBankLineTransactions(tx, userId, row.id, row.booking === "existing");
    await tx
      .update(bankStatementLines)
      .set({ booking: null, ruleId: null, bookedAt: null })
      .where(and(eq(bankStatementLines.id, row.id), eq(bankStatementLines.userId, userId)));
  });
  return getLine(db, userId, lineId);
}

/** A proposal as the booking input that carries it out: what the screen sends when it is accepted. */
const inputOf = (proposal: Proposal): BookLineInput =>
  BookLineInputSchema.parse(proposalInput(toProposalAnswer(proposal)!));

const ruleOf = (proposal: Proposal) => ("ruleId" in proposal ? proposal.ruleId : null);

/**
 * Books the certain proposals of these open lines, each in its own savepoint: a line that cannot be booked
 * (its period filed, an invoice paid meanwhile) stays open and the rest goes on. Inside the caller's transaction.
 */
export async function bookCertainProposals(
  tx: Database,
  userId: string,
  rows: readonly LineRow[],
  now: Date,
): Promise<{ booked: number; skipped: number }> {
  const proposals = await proposalsFor(tx, userId, rows);
  let booked = 0;
  let skipped = 0;
  for (const row of rows) {
    const proposal = proposals.get(row.id);
    if (!proposal?.certain) {
      skipped += 1;
      continue;
    }
    try {
      await tx.transaction(async (savepoint) => {
        await bookLineIn(savepoint, userId, row, inputOf(proposal), now, ruleOf(proposal));
      });
      booked += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped += 1;
    }
  }
  return { booked, skipped };
}

/** POST /api/bank-lines/accept. */
export function acceptLines(
  db: Database,
  userId: string,
  ids: readonly string[],
  now: Date,
): Promise<AcceptLinesAnswer> {
  return db.transaction(async (tx) => {
    const rows = await openLinesByIds(tx, userId, ids);
    const result = await bookCertainProposals(tx, userId, rows, now);
    return { booked: result.booked, skipped: ids.length - result.booked };
  });
}
