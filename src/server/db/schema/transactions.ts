import { sql } from "drizzle-orm";
import { boolean, date, index, numeric, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts";
import { categories } from "./categories";
import { clients } from "./clients";
import { id, timestamps } from "./columns";
import { transactionTypeEnum } from "./enums";
import { projects } from "./projects";
import { users } from "./users";

export const transactionStatusEnum = pgEnum("transaction_status", ["completed", "pending"]);

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
    notes: text("notes"),
    ...timestamps(),
  },
  (table) => [
    // Listing a user's transactions by date and the from/to date filter; period totals for dashboard and VAT.
    index("transactions_user_id_date_idx").on(table.userId, table.date),
    // Deleting a category sets this link to NULL without a table scan.
    index("transactions_category_id_idx").on(table.categoryId),
    // Deleting a client sets this link to NULL without a table scan.
    index("transactions_client_id_idx").on(table.clientId),
    // Deleting a project sets this link to NULL without a table scan.
    index("transactions_project_id_idx").on(table.projectId),
    // Bank account balance (opening balance + booked transactions) and the SET NULL on account deletion.
    index("transactions_bank_account_id_idx").on(table.bankAccountId),
    // The recurring-transactions job finds the templates to repeat.
    index("transactions_recurring_idx")
      .on(table.date)
      .where(sql`${table.isRecurring}`),
  ],
);
