import { date, index, numeric, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { invoices } from "./invoices";
import { transactions } from "./transactions";
import { users } from "./users";

/** How a payment reached the seller; a bank payment may be linked to its bank transaction. */
export const paymentMethodEnum = pgEnum("payment_method", ["bank", "cash", "card", "other"]);

/**
 * A payment received on a sales invoice (negative: money refunded after paying too much). An invoice's open
 * amount is its total less these and its credit notes (settlement.ts).
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    method: paymentMethodEnum("method").notNull().default("bank"),
    /**
     * The bank transaction that is this payment: it books Bank / Debiteuren itself, so the payment posts no
     * entry of its own. Deleting the payment deletes it.
     */
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("invoice_payments_invoice_id_idx").on(table.invoiceId),
    // The payments after a day ('Te ontvangen' at the end of last month), and a user's payments.
    index("invoice_payments_user_id_date_idx").on(table.userId, table.date),
    index("invoice_payments_transaction_id_idx").on(table.transactionId),
  ],
);
