import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts";
import { bankStatementLines } from "./bank-statements";
import { categories } from "./categories";
import { clients } from "./clients";
import { id, timestamps } from "./columns";
import { bookingVatTreatmentEnum, transactionTypeEnum } from "./enums";
import { invoices } from "./invoices";
import { purchaseInvoices } from "./purchase-invoices";
import { projects } from "./projects";
import { users } from "./users";

export const transactionStatusEnum = pgEnum("transaction_status", ["completed", "pending"]);

/**
 * A bank movement that is no result and carries no VAT (a balance-sheet booking): a private withdrawal or
 * deposit (Privé), a transfer between own accounts (Kruisposten), the VAT paid to or refunded by the
 * Belastingdienst (Af te dragen btw). NULL: income or a cost.
 */
export const balanceBookingEnum = pgEnum("balance_booking", ["private", "transfer", "vat"]);

export const recurringIntervalEnum = pgEnum("recurring_interval", ["weekly", "monthly", "yearly"]);

export const transactions = pgTable(
  "transactions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Deleting a category, client, project or bank account keeps the transaction and drops the link.
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    /** Excluding VAT. */
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull().default("21.00"),
    vatAmount: numeric("vat_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    amountIncludingVat: numeric("amount_including_vat", { precision: 12, scale: 2 }).notNull(),
    type: transactionTypeEnum("type").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    status: transactionStatusEnum("status").notNull().default("completed"),
    isRecurring: boolean("is_recurring").notNull().default(false),
    /** Set only when isRecurring is true, otherwise NULL (spec §4). */
    recurringInterval: recurringIntervalEnum("recurring_interval"),
    recurringEndDate: date("recurring_end_date", { mode: "string" }),
    /**
     * On a recurring template: the last date the job has generated occurrences up to. Occurrences after it are
     * still to come; a generated occurrence the user deletes is therefore not generated again.
     */
    recurringGeneratedUntil: date("recurring_generated_until", { mode: "string" }),
    /** On a generated occurrence: the recurring transaction (template) it came from. */
    recurringTemplateId: uuid("recurring_template_id").references((): AnyPgColumn => transactions.id, {
      onDelete: "set null",
    }),
    notes: text("notes"),
    /**
     * The sales invoice this bank transaction pays. Such a transaction settles Debiteuren and is not revenue a
     * second time; the invoice's own payment entry is then left out.
     */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** The purchase invoice this bank transaction pays: it settles Crediteuren and is not cost a second time. */
    purchaseInvoiceId: uuid("purchase_invoice_id").references((): AnyPgColumn => purchaseInvoices.id, {
      onDelete: "set null",
    }),
    balanceBooking: balanceBookingEnum("balance_booking"),
    vatTreatment: bookingVatTreatmentEnum("vat_treatment").notNull().default("taxed"),
    /** The bank statement line this transaction books (bank-statements); changed only through that line. */
    bankStatementLineId: uuid("bank_statement_line_id").references(() => bankStatementLines.id, {
      onDelete: "set null",
    }),
    ...timestamps(),
  },
  (table) => [
    // Deleting a category sets this link to NULL without a table scan.
    index("transactions_category_id_idx").on(table.categoryId),
    // Deleting a client sets this link to NULL without a table scan.
    index("transactions_client_id_idx").on(table.clientId),
    // Deleting a project sets this link to NULL without a table scan.
    index("transactions_project_id_idx").on(table.projectId),
    // Bank account balance (opening balance + booked transactions) and the SET NULL on account deletion.
    index("transactions_bank_account_id_idx").on(table.bankAccountId),
    // One occurrence per template and date: two job runs (or two app instances) can never create a duplicate.
    uniqueIndex("transactions_recurring_template_date_key").on(table.recurringTemplateId, table.date),
    // Finding the bank transaction of a paid invoice, and the SET NULL when an invoice is deleted.
    index("transactions_invoice_id_idx").on(table.invoiceId),
    index("transactions_purchase_invoice_id_idx").on(table.purchaseInvoiceId),
    // The transactions of a bank line, and the SET NULL when a line goes.
    index("transactions_bank_statement_line_id_idx").on(table.bankStatementLineId),
    // The list of a user's transactions newest first (read backwards), one page at a time, the id breaking ties;
    // the from/to date filter; period totals for the dashboard and the VAT return.
    index("transactions_user_id_date_id_idx").on(table.userId, table.date, table.id),
    // The recurring-transactions job finds the templates to repeat.
    index("transactions_recurring_idx")
      .on(table.date)
      .where(sql`${table.isRecurring}`),
  ],
);
