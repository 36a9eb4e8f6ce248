import { sql } from "drizzle-orm";
import {
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
import {
  invoices,
  vatCategoryEnum,
  type InvoiceClientSnapshot,
  type InvoiceSellerSnapshot,
} from "./invoices";
import { users } from "./users";

/** What is stored; 'verlopen' (expired) is read from a sent quote's valid_until, so it is never stale. */
export const quoteStatusEnum = pgEnum("quote_status", ["draft", "sent", "accepted", "declined"]);

export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Deleting a client keeps its quotes (with the snapshot they were sent with) and drops the link.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    // Given when the quote is sent, so concepts leave no gaps in the series; null on a concept.
    quoteNumber: text("quote_number"),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    taxAmount: numeric("tax_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    status: quoteStatusEnum("status").notNull().default("draft"),
    notes: text("notes"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** SHA-256 of the public link's token (tokens.ts): a copy of the database opens no quote. */
    publicTokenHash: text("public_token_hash"),
    /** The client's answer on the public page: when, by whom (typed name), from which address, and why not. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredName: text("answered_name"),
    answeredIp: text("answered_ip"),
    declineReason: text("decline_reason"),
    /** The invoice the accepted quote became ('Omzetten naar factuur'); set once. */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** Hundredths of a percent when that invoice was a deposit (3000: 30%). */
    depositPercentage: integer("deposit_percentage"),
    clientSnapshot: jsonb("client_snapshot").$type<InvoiceClientSnapshot>(),
    sellerSnapshot: jsonb("seller_snapshot").$type<InvoiceSellerSnapshot>(),
    ...timestamps(),
  },
  (table) => [
    // A quote number is used once per user.
    uniqueIndex("quotes_user_id_quote_number_key").on(table.userId, table.quoteNumber),
    // The public page finds its quote by the hash of the link's token.
    uniqueIndex("quotes_public_token_hash_key").on(table.publicTokenHash),
    // An invoice comes from one quote at most: converting twice cannot link a second time.
    uniqueIndex("quotes_invoice_id_key").on(table.invoiceId),
    // The list, newest first, with its status filter.
    index("quotes_user_id_issue_date_idx").on(table.userId, table.issueDate),
    // Deleting a client sets this link to NULL without a table scan.
    index("quotes_client_id_idx")
      .on(table.clientId)
      .where(sql`${table.clientId} is not null`),
  ],
);

export const quoteItems = pgTable(
  "quote_items",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 10, scale: 2 }).notNull(),
    rate: numeric("rate", { precision: 10, scale: 2 }).notNull(),
    vatCategory: vatCategoryEnum("vat_category").notNull().default("21"),
    position: integer("position").notNull().default(0),
    /** quantity × rate, excluding VAT. */
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Loading a quote's lines, and the cascade when a quote is deleted.
    index("quote_items_quote_id_idx").on(table.quoteId),
    // Deleting a user cascades here without a table scan.
    index("quote_items_user_id_idx").on(table.userId),
  ],
);

/**
 * The last quote number per user and year (OFF-2026-0001). Taken with INSERT … ON CONFLICT DO UPDATE … RETURNING
 * in the transaction that sends the quote: the row lock orders concurrent sends and a rolled-back send gives its
 * number back, so the series has no gaps.
 */
export const quoteNumberCounters = pgTable(
  "quote_number_counters",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.year] })],
);
