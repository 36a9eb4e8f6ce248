/**
 * Paying an invoice: the one path that records money received on it (or refunded after paying too much),
 * whether from 'Betaling registreren', 'Markeer als betaald' or, later, a matched bank line. In one transaction:
 * the payment, its bank transaction when asked for, its journal entry and the invoice's open amount and status.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { formatEuro } from "../../../shared/format";
import type { InvoiceDetail, MarkPaidInput, PaymentInput } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { invoicePayments } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import {
  bankLinePayment,
  bookPaymentTransaction,
  exceedsRefundable,
  paymentAmountCents,
  paymentValues,
  ZERO_PAYMENT_MESSAGE,
} from "../../payments";
import { postInvoicePayments } from "../ledger/posting";
import { bookInvoicePayment, deleteInvoicePaymentTransaction } from "../transactions/service";
import { findOwnRow, getInvoice, invalidId, toCents, type InvoiceRow } from "./records";
import { settleInvoices } from "./settlement";

export const PAYMENT_MESSAGES = {
  draft: "Verstuur de factuur eerst; een concept kan nog niet betaald worden.",
  creditNote: "Een creditnota wordt verrekend met de factuur; registreer de betaling bij de factuur.",
  alreadyPaid: "Deze factuur is al betaald.",
  beforeIssue: "De betaaldatum kan niet vóór de factuurdatum liggen",
  zero: ZERO_PAYMENT_MESSAGE,
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
  const amount = paymentAmountCents(input, open, open <= 0, PAYMENT_MESSAGES.alreadyPaid);
  // A negative payment refunds what was paid too much, and no more.
  const refundable = providerRefundLimit ?? -open;
  if (exceedsRefundable(amount, 1, refundable))
    throw invalidField("amount", PAYMENT_MESSAGES.refundTooLarge(refundable));
  const transactionId = await bookPaymentTransaction(input, amount, bankStatementLineId, (booking) =>
    bookInvoicePayment(tx, userId, {
      ...booking,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber ?? "",
      clientId: invoice.clientId,
    }),
  );
  await tx
    .insert(invoicePayments)
    .values({ ...paymentValues(userId, input, amount, transactionId), invoiceId: invoice.id });
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
    const onInvoice = and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, invoiceId));
    const deleted = await deletePaymentsWhere(tx, userId, onInvoice, now);
    if (deleted === 0) throw notFound(PAYMENT_MESSAGES.notFound);
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
    await recordPaymentIn(tx, userId, invoice, bankLinePayment(line, payment.amountCents), now, line.id);
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
  await deletePaymentsWhere(tx, userId, inArray(invoicePayments.transactionId, [...transactionIds]), now);
}

/** Deletes the user's payments that match, each with its bank transaction, and settles their invoices again. */
async function deletePaymentsWhere(
  tx: Database,
  userId: string,
  where: SQL | undefined,
  now: Date,
): Promise<number> {
  const deleted = await tx
    .delete(invoicePayments)
    .where(and(eq(invoicePayments.userId, userId), where))
    .returning({ invoiceId: invoicePayments.invoiceId, transactionId: invoicePayments.transactionId });
  if (deleted.length === 0) return 0;
  for (const row of deleted) {
    if (row.transactionId) await deleteInvoicePaymentTransaction(tx, userId, row.transactionId);
  }
  const invoiceIds = [...new Set(deleted.map((row) => row.invoiceId))];
  await postInvoicePayments(tx, userId, invoiceIds);
  await settleInvoices(tx, userId, invoiceIds, businessDate(now));
  return deleted.length;
}
