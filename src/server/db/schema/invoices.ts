import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
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

/** How an invoice line is taxed; the values are those of VAT_CATEGORIES in src/shared/invoices/math.ts. */
export const vatCategoryEnum = pgEnum("vat_category", [
  "21",
  "9",
  "0",
  "reverse_charge",
  "exempt",
  "export",
  "intra_eu_goods",
]);

/** The client as the invoice was issued to it; kept when the client is changed or deleted later. */
export type InvoiceClientSnapshot = {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  vatNumber: string | null;
  kvkNumber: string | null;
  email: string | null;
  /** Who the mail greets; absent in snapshots from before it was kept. */
  contactPerson?: string | null;
  /** The language the invoice was issued in; absent in snapshots from before it was kept (Dutch). */
  language?: "nl" | "en";
};

/** The seller as printed on the issued invoice (Settings may change later). */
export type InvoiceSellerSnapshot = {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  kvkNumber: string | null;
  vatNumber: string | null;
  iban: string | null;
  bic: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  invoiceFooter: string | null;
  isKorApplied: boolean;
};

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
    // Given when the invoice is issued (numbering.ts), so drafts leave no gaps in the series; null on a draft.
    invoiceNumber: text("invoice_number"),
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
    // Wet OB art. 35a: the date of supply when it differs from the invoice date; null means the invoice date.
    supplyDate: date("supply_date", { mode: "string" }),
    /** When the invoice was issued (marked sent); from then on its content is frozen. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The day the payments reached the total (the last payment's date); null while anything is open. */
    paidDate: date("paid_date", { mode: "string" }),
    /**
     * What the client still owes: total − payments − credit notes (negative: paid too much, to refund). Kept by
     * settlement.ts in the transaction of every payment and credit note; 0 on drafts and credit notes.
     */
    openAmount: numeric("open_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    // A credit note points at the invoice it corrects; the number is kept as printed even if the link goes.
    creditNoteForId: uuid("credit_note_for_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "set null",
    }),
    creditNoteForNumber: text("credit_note_for_number"),
    clientSnapshot: jsonb("client_snapshot").$type<InvoiceClientSnapshot>(),
    sellerSnapshot: jsonb("seller_snapshot").$type<InvoiceSellerSnapshot>(),
    ...timestamps(),
  },
  (table) => [
    // The credit notes of an invoice (partial credits: several per invoice, together at most its total).
    index("invoices_credit_note_for_id_idx")
      .on(table.creditNoteForId)
      .where(sql`${table.creditNoteForId} is not null`),
    // Wet OB art. 35a: an invoice number is used once per user; also finds an invoice by its number.
    uniqueIndex("invoices_user_id_invoice_number_key").on(table.userId, table.invoiceNumber),
    // The list, newest first, and the last issue date of the series (numbers and dates run together).
    index("invoices_user_id_issue_date_idx").on(table.userId, table.issueDate),
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
    /** 21, 9 or 0%, reverse-charged (btw verlegd) or exempt; the last three all have vatRate 0. */
    vatCategory: vatCategoryEnum("vat_category").notNull().default("21"),
    /** The line's place on the invoice. */
    position: integer("position").notNull().default(0),
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

/**
 * How the user's invoice numbers look (Settings → Facturen): a pattern with one counter token `{NNNN}` (its
 * width) and optionally the year `{JJJJ}`; with the year in it the series starts again at 1 each year.
 */
export const invoiceSeries = pgTable("invoice_series", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  format: text("format").notNull(),
  ...timestamps(),
});

/**
 * The last number of each user's series per year (year 0 for a series without the year in it). Taken with
 * INSERT … ON CONFLICT DO UPDATE … RETURNING inside the transaction that issues the invoice: the row lock makes
 * concurrent issues wait their turn, and a rolled-back issue gives its number back, so the series has no gaps
 * (Wet OB art. 35a).
 */
export const invoiceNumberCounters = pgTable(
  "invoice_number_counters",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull().default(0),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.year] })],
);

/**
 * The time entries an invoice bills ('Uren factureren'). A line per project covers many entries, so the link is
 * kept here rather than on the line. Deleting the draft releases the entries (isInvoiced back to false).
 */
export const invoiceTimeEntries = pgTable(
  "invoice_time_entries",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    timeEntryId: uuid("time_entry_id")
      .notNull()
      .references(() => timeEntries.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    // An entry is on one invoice at most; also finds the invoice of an entry.
    uniqueIndex("invoice_time_entries_time_entry_id_key").on(table.timeEntryId),
    // Releasing the entries of a deleted draft.
    index("invoice_time_entries_invoice_id_idx").on(table.invoiceId),
    // Deleting a user (demo clean-up) cascades here without a table scan.
    index("invoice_time_entries_user_id_idx").on(table.userId),
  ],
);
