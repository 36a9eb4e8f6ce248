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
import { categories } from "./categories";
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { storedDocuments } from "./documents";
import { purchaseVatTreatmentEnum } from "./enums";
import { users } from "./users";

/**
 * reading: the document is being read (text recognition runs in the background); review: waiting for the user
 * to confirm; booked: in the books (Crediteuren); paid: nothing left open. Paid follows from the payments
 * (purchase-invoices/settlement.ts), never set by hand.
 */
export const purchaseInvoiceStatusEnum = pgEnum("purchase_invoice_status", [
  "reading",
  "review",
  "booked",
  "paid",
]);

/** How the document reached Balans. */
export const purchaseInvoiceSourceEnum = pgEnum("purchase_invoice_source", [
  "upload",
  "camera",
  "email",
  "manual",
]);

export const purchaseInvoices = pgTable(
  "purchase_invoices",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: purchaseInvoiceStatusEnum("status").notNull().default("review"),
    source: purchaseInvoiceSourceEnum("source").notNull(),
    /** The original; kept when the purchase invoice is changed. */
    documentId: uuid("document_id").references(() => storedDocuments.id, { onDelete: "set null" }),
    /** Deleting a supplier keeps its booked invoices (they must be kept for 7 years) and drops the link. */
    supplierId: uuid("supplier_id").references(() => clients.id, { onDelete: "set null" }),
    /** The supplier's name as on the document: the proposal for a new supplier, and the name kept in the books. */
    supplierName: text("supplier_name"),
    invoiceNumber: text("invoice_number"),
    invoiceDate: date("invoice_date", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    description: text("description"),
    vatTreatment: purchaseVatTreatmentEnum("vat_treatment").notNull().default("domestic"),
    /** What is owed to the supplier: the lines' amounts plus the VAT they charged (not shifted VAT). */
    total: numeric("total", { precision: 12, scale: 2 }).notNull().default("0"),
    /** What is still to pay: total less the payments (settlement.ts). */
    openAmount: numeric("open_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    iban: text("iban"),
    paymentReference: text("payment_reference"),
    /** What the readers found, per field with its source and confidence, and their warnings (reading/types.ts). */
    reading: jsonb("reading"),
    /** 0–100 while the document is read. */
    readingProgress: integer("reading_progress").notNull().default(0),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // The list, newest first, and its status filter; the open and overdue counters.
    index("purchase_invoices_user_id_status_idx").on(table.userId, table.status, table.invoiceDate),
    index("purchase_invoices_supplier_id_idx").on(table.supplierId),
    index("purchase_invoices_document_id_idx").on(table.documentId),
  ],
);

/** The amounts of a purchase invoice per cost category and VAT rate. */
export const purchaseInvoiceLines = pgTable(
  "purchase_invoice_lines",
  {
    purchaseInvoiceId: uuid("purchase_invoice_id")
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    description: text("description"),
    /** The cost category (its ledger account); none: Algemene kosten. */
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull(),
    /** Excluding VAT. */
    netAmount: numeric("net_amount", { precision: 12, scale: 2 }).notNull(),
    vatAmount: numeric("vat_amount", { precision: 12, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.purchaseInvoiceId, table.position] })],
);

/** A user's private e-mail address for purchase invoices: <token>@INBOX_DOMAIN; renewing replaces the token. */
export const purchaseInboxes = pgTable(
  "purchase_inboxes",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("purchase_inboxes_token_key").on(table.token)],
);

export type PurchaseInvoiceRow = typeof purchaseInvoices.$inferSelect;
export type PurchaseInvoiceLineRow = typeof purchaseInvoiceLines.$inferSelect;
