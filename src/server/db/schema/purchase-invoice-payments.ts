import { date, index, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { paymentMethodEnum } from "./invoice-payments";
import { purchaseInvoices } from "./purchase-invoices";
import { transactions } from "./transactions";
import { users } from "./users";

/**
 * A payment made on a purchase invoice (negative: a refund from the supplier). Shaped like a sales invoice's
 * payment (invoice_payments): the same methods, and a bank payment may be the bank transaction itself.
 */
export const purchaseInvoicePayments = pgTable(
  "purchase_invoice_payments",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purchaseInvoiceId: uuid("purchase_invoice_id")
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    method: paymentMethodEnum("method").notNull().default("bank"),
    /** The bank transaction that is this payment: it books Crediteuren / Bank itself. */
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("purchase_invoice_payments_purchase_invoice_id_idx").on(table.purchaseInvoiceId),
    index("purchase_invoice_payments_transaction_id_idx").on(table.transactionId),
  ],
);
