/**
 * Paying a purchase invoice: the one path that records money paid on it (or refunded by the supplier), whether
 * from 'Betaling registreren', a receipt paid at the till, or a matched bank line. In one transaction: the
 * payment, its bank transaction when asked for, its journal entry and the invoice's open amount and status.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import type { PaymentInput } from "../../../shared/schemas/invoices";
import { PURCHASE_MESSAGES, type PurchaseInvoiceDetail } from "../../../shared/schemas/purchase-invoices";
import { isUuid } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { purchaseInvoicePayments, type PurchaseInvoiceRow } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import {
  bankLinePayment,
  bookPaymentTransaction,
  exceedsRefundable,
  paymentAmountCents,
  paymentValues,
} from "../../payments";
import { postPurchaseInvoicePayments } from "../ledger/posting";
import { bookPurchaseInvoicePayment, deleteInvoicePaymentTransaction } from "../transactions/service";
import { findOwnPurchase, getPurchaseInvoice, toCents } from "./records";

/** Records a payment (amount: what is open when not given) and settles the purchase invoice. */
export async function recordPurchasePayment(
  db: Database,
  userId: string,
  id: string,
  input: PaymentInput,
  now: Date,
): Promise<PurchaseInvoiceDetail> {
  await db.transaction(async (tx) => {
    const row = await findOwnPurchase(tx, userId, id, true);
    await recordPurchasePaymentIn(tx, userId, row, input, now);
  });
  return getPurchaseInvoice(db, userId, id, businessDate(now));
}

/** The payment inside the caller's transaction, on a row it has locked. */
export async function recordPurchasePaymentIn(
  tx: Database,
  userId: string,
  row: PurchaseInvoiceRow,
  input: PaymentInput,
  _now: Date,
  /** A matched bank statement line: the payment's bank transaction books that line. */
  bankStatementLineId: string | null = null,
): Promise<void> {
  if (row.status !== "booked" && row.status !== "paid") throw new AppError(409, PURCHASE_MESSAGES.notBooked);
  if (row.invoiceDate && input.date < row.invoiceDate)
    throw invalidField("date", PURCHASE_MESSAGES.beforeInvoice);
  const open = toCents(row.openAmount);
  const direction = Math.sign(toCents(row.total));
  const amount = paymentAmountCents(input, open, open === 0, PURCHASE_MESSAGES.alreadyPaid);
  // Money back (opposite sign to the invoice) only for what was paid too much.
  if (exceedsRefundable(amount, direction, Math.abs(Math.min(0, direction * open)))) {
    throw invalidField("amount", PURCHASE_MESSAGES.refundTooLarge);
  }
  const about = [row.invoiceNumber, row.supplierName].filter(Boolean).join(" ");
  const transactionId = await bookPaymentTransaction(input, amount, bankStatementLineId, (booking) =>
    bookPurchaseInvoicePayment(tx, userId, {
      ...booking,
      purchaseInvoiceId: row.id,
      description: `Betaling inkoopfactuur ${about}`.trim(),
      supplierId: row.supplierId,
    }),
  );
  await tx
    .insert(purchaseInvoicePayments)
    .values({ ...paymentValues(userId, input, amount, transactionId), purchaseInvoiceId: row.id });
  await postPurchaseInvoicePayments(tx, userId, [row.id]);
  await settlePurchaseInvoices(tx, userId, [row.id]);
}

/** Removes a payment entered by mistake, with its bank transaction and journal entry. */
export async function deletePurchasePayment(
  db: Database,
  userId: string,
  id: string,
  paymentId: string,
  now: Date,
): Promise<PurchaseInvoiceDetail> {
  if (!isUuid(paymentId)) throw notFound(PURCHASE_MESSAGES.paymentNotFound);
  await db.transaction(async (tx) => {
    await findOwnPurchase(tx, userId, id, true);
    const onInvoice = and(
      eq(purchaseInvoicePayments.id, paymentId),
      eq(purchaseInvoicePayments.purchaseInvoiceId, id),
    );
    const deleted = await deletePurchasePaymentsWhere(tx, userId, onInvoice);
    if (deleted === 0) throw notFound(PURCHASE_MESSAGES.paymentNotFound);
  });
  return getPurchaseInvoice(db, userId, id, businessDate(now));
}

/**
 * A matched bank line pays these purchase invoices (bank-statements/booking.ts): each payment gets its own bank
 * transaction on the line's account and date, linked to the line. In the caller's transaction.
 */
export async function payPurchaseInvoicesFromBankLine(
  tx: Database,
  userId: string,
  line: { id: string; date: string; bankAccountId: string },
  payments: ReadonlyArray<{ purchaseInvoiceId: string; amountCents: number }>,
  now: Date,
): Promise<void> {
  for (const payment of payments) {
    const row = await findOwnPurchase(tx, userId, payment.purchaseInvoiceId, true);
    const input = bankLinePayment(line, payment.amountCents);
    await recordPurchasePaymentIn(tx, userId, row, input, now, line.id);
  }
}

/** Undoes the payments a bank line made (unmatching it): each with its transaction, and the open amounts. */
export async function deletePurchasePaymentsOfTransactions(
  tx: Database,
  userId: string,
  transactionIds: readonly string[],
): Promise<void> {
  if (transactionIds.length === 0) return;
  const ofTransactions = inArray(purchaseInvoicePayments.transactionId, [...transactionIds]);
  await deletePurchasePaymentsWhere(tx, userId, ofTransactions);
}

/** Deletes the user's payments that match, each with its bank transaction, and settles their invoices again. */
async function deletePurchasePaymentsWhere(
  tx: Database,
  userId: string,
  where: SQL | undefined,
): Promise<number> {
  const deleted = await tx
    .delete(purchaseInvoicePayments)
    .where(and(eq(purchaseInvoicePayments.userId, userId), where))
    .returning({
      id: purchaseInvoicePayments.purchaseInvoiceId,
      transactionId: purchaseInvoicePayments.transactionId,
    });
  if (deleted.length === 0) return 0;
  for (const row of deleted) {
    if (row.transactionId) await deleteInvoicePaymentTransaction(tx, userId, row.transactionId);
  }
  const ids = [...new Set(deleted.map((row) => row.id))];
  await postPurchaseInvoicePayments(tx, userId, ids);
  await settlePurchaseInvoices(tx, userId, ids);
  return deleted.length;
}

/** Open amount = total − payments; nothing open makes it paid, anything open again makes it booked. */
export async function settlePurchaseInvoices(
  tx: Database,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update purchase_invoices p
    set open_amount = p.total - coalesce((select sum(amount) from purchase_invoice_payments x
                                          where x.purchase_invoice_id = p.id), 0),
        status = case when p.total - coalesce((select sum(amount) from purchase_invoice_payments x
                                               where x.purchase_invoice_id = p.id), 0) = 0
                      then 'paid'::purchase_invoice_status else 'booked'::purchase_invoice_status end,
        updated_at = now()
    where p.user_id = ${userId}::uuid and p.id = any(${`{${ids.join(",")}}`}::uuid[])
      and p.status in ('booked', 'paid')`);
}
