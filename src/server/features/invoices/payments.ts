/**
 * Paying an invoice: the one path that records money received on it (or refunded after paying too much),
 * whether from 'Betaling registreren', 'Markeer als betaald' or, later, a matched bank line. In one transaction:
 * the payment, its bank transaction when asked for, its journal entry and the invoice's open amount and status.
 */
import { and, eq, inArray } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { formatEuro } from "../../../shared/format";
import { centsToDecimal } from "../../../shared/money";
import type { InvoiceDetail, MarkPaidInput, PaymentInput } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { invoicePayments } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { postInvoicePayments } from "../ledger/posting";
import { bookInvoicePayment, deleteInvoicePaymentTransaction } from "../transactions/service";
import { findOwnRow, getInvoice, invalidId, toCents, type InvoiceRow } from "./records";
import { settleInvoices } from "./settlement";

export const PAYMENT_MESSAGES = {
  draft: "Verstuur de factuur eerst; een concept kan nog niet betaald worden.",
  creditNote: "Een creditnota wordt verrekend met de factuur; registreer de betaling bij de factuur.",
  alreadyPaid: "Deze factuur is al betaald.",
  beforeIssue: "De betaaldatum kan niet vóór de factuurdatum liggen",
  zero: "Vul een bedrag in dat niet 0 is",
  refundTooLarge: (refundable: number) =>
    refundable > 0
      ? `Je kunt hooguit ${formatEuro(refundable)} terugbetalen: wat de klant te veel betaalde.`
      : "Er is niets terug te betalen: de klant heeft niet te veel betaald.",
  notFound: "Betaling niet gevonden",
} as const;

/** Records a payment (amount: the open amount when not given) and settles the invoice. */
export async function recordPayment(
  db: Database,
  userId: string,
  invoiceId: string,
  input: PaymentInput,
  now: Date,
): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const invoice = await findOwnRow(tx, userId, invoiceId, true);
    await recordPaymentIn(tx, userId, invoice, input, now);
  });
  return getInvoice(db, userId, invoiceId);
}

/** The payment inside the caller's transaction, on a row it has locked. */
export async function recordPaymentIn(
  tx: Database,
  userId: string,
  invoice: InvoiceRow,
  input: PaymentInput,
  now: Date,
  /** A matched bank statement line: the payment's bank transaction books that line. */
  bankStatementLineId: string | null = null,
  /**
   * A payment provider's refund of a payment it took (payment-links): it may reopen the invoice, up to what that
   * payment brought in, where a refund entered by hand only returns what was paid too much.
   */
  providerRefundLimit: number | null = null,
): Promise<void> {
  if (invoice.status === "draft") throw new AppError(409, PAYMENT_MESSAGES.draft);
  if (invoice.creditNoteForNumber !== null) throw new AppError(409, PAYMENT_MESSAGES.creditNote);
  if (input.date < invoice.issueDate) throw invalidField("date", PAYMENT_MESSAGES.beforeIssue);
  const open = toCents(invoice.openAmount);
  const amount = input.amount ?? open;
  if (input.amount === null && open <= 0) throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid);
  if (amount === 0) throw invalidField("amount", PAYMENT_MESSAGES.zero);
  // A negative payment refunds what was paid too much, and no more.
  const refundable = providerRefundLimit ?? -open;
  if (amount < 0 && -amount > refundable)
    throw invalidField("amount", PAYMENT_MESSAGES.refundTooLarge(refundable));
  const transactionId =
    input.bookTransaction && input.method === "bank"
      ? await bookInvoicePayment(tx, userId, {
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoiceNumber ?? "",
          clientId: invoice.clientId,
          amountCents: amount,
          date: input.date,
          bankAccountId: input.bankAccountId,
          bankStatementLineId,
        })
      : null;
  await tx.insert(invoicePayments).values({
    userId,
    invoiceId: invoice.id,
    date: input.date,
    amount: centsToDecimal(amount),
    method: input.method,
    transactionId,
    note: input.note,
  });
  await postInvoicePayments(tx, userId, [invoice.id]);
  await settleInvoices(tx, userId, [invoice.id], businessDate(now));
}

/** 'Markeer als betaald': the payment of everything still open, on the given day. */
export function markInvoicePaid(
  db: Database,
  userId: string,
  invoiceId: string,
  input: MarkPaidInput,
  now: Date,
): Promise<InvoiceDetail> {
  const { paidDate, bookTransaction = false, bankAccountId = null } = input;
  const payment = {
    date: paidDate,
    amount: null,
    method: "bank",
    bookTransaction,
    bankAccountId,
    note: null,
  } as const;
  return recordPayment(db, userId, invoiceId, payment, now);
}

/** Removes a payment entered by mistake, with its bank transaction and journal entry. */
export async function deletePayment(
  db: Database,
  userId: string,
  invoiceId: string,
  paymentId: string,
  now: Date,
): Promise<InvoiceDetail> {
  if (invalidId(paymentId)) throw notFound(PAYMENT_MESSAGES.notFound);
  await db.transaction(async (tx) => {
    await findOwnRow(tx, userId, invoiceId, true);
    const [deleted] = await tx
      .delete(invoicePayments)
      .where(
        and(
          eq(invoicePayments.id, paymentId),
          eq(invoicePayments.invoiceId, invoiceId),
          eq(invoicePayments.userId, userId),
        ),
      )
      .returning({ transactionId: invoicePayments.transactionId });
    if (!deleted) throw notFound(PAYMENT_MESSAGES.notFound);
    if (deleted.transactionId) await deleteInvoicePaymentTransaction(tx, userId, deleted.transactionId);
    await postInvoicePayments(tx, userId, [invoiceId]);
    await settleInvoices(tx, userId, [invoiceId], businessDate(now));
  });
  return getInvoice(db, userId, invoiceId);
}

/**
 * A matched bank line pays these invoices (bank-statements/booking.ts): each payment gets its own bank
 * transaction on the line's account and date, linked to the line. In the caller's transaction.
 */
export async function payInvoicesFromBankLine(
  tx: Database,
  userId: string,
  line: { id: string; date: string; bankAccountId: string },
  payments: ReadonlyArray<{ invoiceId: string; amountCents: number }>,
  now: Date,
): Promise<void> {
  for (const payment of payments) {
    const invoice = await findOwnRow(tx, userId, payment.invoiceId, true);
    const input = {
      date: line.date,
      amount: payment.amountCents,
      method: "bank",
      bookTransaction: true,
      bankAccountId: line.bankAccountId,
      note: null,
    } as const;
    await recordPaymentIn(tx, userId, invoice, input, now, line.id);
  }
}

/**
 * Undoes the payments a bank line made (unmatching it): each payment with its transaction, and the invoices'
 * open amounts.
 */
export async function deletePaymentsOfTransactions(
  tx: Database,
  userId: string,
  transactionIds: readonly string[],
  now: Date,
): Promise<void> {
  if (transactionIds.length === 0) return;
  const deleted = await tx
    .delete(invoicePayments)
    .where(
      and(eq(invoicePayments.userId, userId), inArray(invoicePayments.transactionId, [...transactionIds])),
    )
    .returning({ invoiceId: invoicePayments.invoiceId, transactionId: invoicePayments.transactionId });
  for (const row of deleted) await deleteInvoicePaymentTransaction(tx, userId, row.transactionId!);
  const invoiceIds = [...new Set(deleted.map((row) => row.invoiceId))];
  await postInvoicePayments(tx, userId, invoiceIds);
  await settleInvoices(tx, userId, invoiceIds, businessDate(now));
}
