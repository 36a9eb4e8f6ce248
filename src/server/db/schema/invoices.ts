import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { timeEntries } from "./time-entries";
import { users } from "./users";

export const invoiceStatusEnum = pgEnum("invoice_status", ["draft", "sent", "paid", "overdue"]);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Required on input (spec §3), but nullable here: deleting a client keeps its invoices and drops the
    // link (spec §2.16), and an issued invoice must be kept for 7 years (AWR art. 52).
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    invoiceNumber: text("invoice_number").notNull(),
    // Wet OB art. 35a: every invoice carries its date; the form requires it (spec §5).
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    taxAmount: numeric("tax_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    status: invoiceStatusEnum("status").notNull().default("draft"),
    reminderSent: boolean("reminder_sent").notNull().default(false),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    notes: text("notes"),
    ...timestamps(),
  },
  (table) => [
    // Wet OB art. 35a: an invoice number is used once per user; also finds an invoice by its number.
    uniqueIndex("invoices_user_id_invoice_number_key").on(table.userId, table.invoiceNumber),
    // The status filter and status counters of the invoices screen.
    index("invoices_user_id_status_idx").on(table.userId, table.status),
    // The client filter, and deleting a client sets this link to NULL without a table scan.
    index("invoices_client_id_idx").on(table.clientId),
    // The overdue job finds sent invoices past their due date.
    index("invoices_sent_due_date_idx")
      .on(table.dueDate)
      .where(sql`${table.status} = 'sent'`),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: id(),
    // Not in spec §3; every table carries its owner (architecture "Data rules").
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    // Deleting a time entry keeps the invoice line (the invoice is a legal record) and drops the link.
    timeEntryId: uuid("time_entry_id").references(() => timeEntries.id, { onDelete: "set null" }),
    description: text("description"),
    quantity: numeric("quantity", { precision: 10, scale: 2 }).notNull(),
    rate: numeric("rate", { precision: 10, scale: 2 }).notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull().default("21.00"),
    /** quantity × rate, excluding VAT. */
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    vatAmount: numeric("vat_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    totalAmount: numeric("total_amount", { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Loading an invoice's lines, and the cascade when an invoice is deleted.
    index("invoice_items_invoice_id_idx").on(table.invoiceId),
    // Deleting a time entry sets this link to NULL without a table scan.
    index("invoice_items_time_entry_id_idx").on(table.timeEntryId),
    // Deleting a user (demo clean-up) cascades here without a table scan.
    index("invoice_items_user_id_idx").on(table.userId),
  ],
);
