/**
 * The rules a payment follows on a sales invoice and on a purchase invoice alike. Each feature records its
 * payments in its own table (invoices/payments.ts, purchase-invoices/payments.ts); this module only decides
 * amounts and shapes the values, it writes nothing.
 */
import { centsToDecimal } from "../shared/money";
import type { PaymentInput } from "../shared/schemas/invoices";
import { AppError, invalidField } from "./errors";

export const ZERO_PAYMENT_MESSAGE = "Vul een bedrag in dat niet 0 is";

/**
 * The amount to record in cents: the open amount when the input names none, which an invoice with nothing left
 * to pay refuses (409 with `alreadyPaid`). An amount of 0 is refused on the amount field.
 */
export function paymentAmountCents(
  input: PaymentInput,
  openCents: number,
  isSettled: boolean,
  alreadyPaid: string,
): number {
  const amount = input.amount ?? openCents;
  if (input.amount === null && isSettled) throw new AppError(409, alreadyPaid);
  if (amount === 0) throw invalidField("amount", ZERO_PAYMENT_MESSAGE);
  return amount;
}

/**
 * Whether a payment against the invoice's direction (money back: negative on a sales invoice, positive on a
 * purchase credit) returns more than the refundable cents.
 */
export function exceedsRefundable(amountCents: number, direction: number, refundableCents: number): boolean {
  return Math.sign(amountCents) !== direction && Math.abs(amountCents) > refundableCents;
}

/** What the bank transaction of a payment books: the amount on the payment's day and account. */
export type PaymentBooking = {
  amountCents: number;
  date: string;
  bankAccountId: string | null | undefined;
  /** A matched bank statement line: the transaction books that line. */
  bankStatementLineId: string | null;
};

/**
 * The id of the bank transaction `book` makes for the payment when it is booked as one ('Boek als
 * banktransactie' on a bank payment); else null.
 */
export async function bookPaymentTransaction(
  input: PaymentInput,
  amountCents: number,
  bankStatementLineId: string | null,
  book: (booking: PaymentBooking) => Promise<string>,
): Promise<string | null> {
  if (!input.bookTransaction || input.method !== "bank") return null;
  return book({ amountCents, date: input.date, bankAccountId: input.bankAccountId, bankStatementLineId });
}

/** The columns a payment row has on either side; the feature adds the invoice it pays. */
export function paymentValues(
  userId: string,
  input: PaymentInput,
  amountCents: number,
  transactionId: string | null,
) {
  return {
    userId,
    date: input.date,
    amount: centsToDecimal(amountCents),
    method: input.method,
    transactionId,
    note: input.note,
  };
}

/** The payment a matched bank line makes: on the line's day, booked as a transaction on its account. */
export function bankLinePayment(
  line: { date: string; bankAccountId: string },
  amountCents: number,
): PaymentInput {
  return {
    date: line.date,
    amount: amountCents,
    method: "bank",
    bookTransaction: true,
    bankAccountId: line.bankAccountId,
    note: null,
  };
}
