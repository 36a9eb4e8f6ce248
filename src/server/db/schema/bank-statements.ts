import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts";
import { categories } from "./categories";
import { clients } from "./clients";
import { createdAt, id } from "./columns";
import { users } from "./users";

/**
 * One statement as the bank wrote it (an MT940 :20:…:62: block, a CAMT Stmt, or the part of a CSV export that
 * is about one account): its balances let the next statement be checked for continuity.
 */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    fileName: text("file_name"),
    statementNumber: text("statement_number"),
    openingBalance: numeric("opening_balance", { precision: 14, scale: 2 }),
    openingDate: date("opening_date", { mode: "string" }),
    closingBalance: numeric("closing_balance", { precision: 14, scale: 2 }),
    closingDate: date("closing_date", { mode: "string" }),
    /** Lines of the statement that were new when it was imported. */
    newLines: integer("new_lines").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // The previous statement of an account (continuity), and the account's latest bank balance.
    index("bank_statements_account_closing_idx").on(table.bankAccountId, table.closingDate),
    index("bank_statements_user_id_idx").on(table.userId),
  ],
);

/** What a bank line became: a link to what is booked for it (transactions.bank_statement_line_id). */
export const bankLineBookingEnum = pgEnum("bank_line_booking", [
  // Payments on one or more sales invoices, and a difference written off.
  "invoices",
  // Income or a cost in a category, the VAT included in the bank amount.
  "category",
  // A transaction that was already booked by hand.
  "existing",
  // Balance-sheet bookings: no result, no VAT.
  "private",
  "transfer",
  "vat",
  // Payments on one or more purchase invoices.
  "purchase_invoices",
]);

/** A line of a bank statement: what the bank moved, VAT included, until it is handled ('Af te handelen'). */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id")
      .notNull()
      .references(() => bankAccounts.id, { onDelete: "cascade" }),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "cascade" }),
    bookingDate: date("booking_date", { mode: "string" }).notNull(),
    valueDate: date("value_date", { mode: "string" }),
    /** Signed: positive is money in. */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("EUR"),
    counterpartyName: text("counterparty_name"),
    counterpartyIban: text("counterparty_iban"),
    counterpartyBic: text("counterparty_bic"),
    description: text("description").notNull().default(""),
    reference: text("reference"),
    bankReference: text("bank_reference"),
    endToEndId: text("end_to_end_id"),
    transactionCode: text("transaction_code"),
    /** Date, amount, counterparty and the occurrence of that combination: the same line in any later file. */
    contentKey: text("content_key").notNull(),
    /** NULL while the line is still to be handled. */
    booking: bankLineBookingEnum("booking"),
    /** The rule that booked it automatically. */
    ruleId: uuid("rule_id").references((): AnyPgColumn => bankRules.id, {
      onDelete: "set null",
    }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Nothing twice: the same line of an overlapping or repeated file is known by its content key…
    uniqueIndex("bank_statement_lines_content_key").on(table.bankAccountId, table.contentKey),
    // …or by the bank's own reference.
    uniqueIndex("bank_statement_lines_bank_reference_key")
      .on(table.bankAccountId, table.bankReference)
      .where(sql`${table.bankReference} is not null`),
    // 'Af te handelen': the user's open lines, newest first; and the counts for the dashboard.
    index("bank_statement_lines_open_idx")
      .on(table.userId, table.bookingDate)
      .where(sql`${table.booking} is null`),
    index("bank_statement_lines_user_date_idx").on(table.userId, table.bookingDate),
    index("bank_statement_lines_statement_id_idx").on(table.statementId),
  ],
);

export const bankRuleDirectionEnum = pgEnum("bank_rule_direction", ["in", "out", "any"]);

/**
 * 'Voortaan automatisch': a user's rule that books matching bank lines on import. Every condition that is set
 * must hold; at least one is set (service).
 */
export const bankRules = pgTable(
  "bank_rules",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    direction: bankRuleDirectionEnum("direction").notNull().default("any"),
    counterpartyIban: text("counterparty_iban"),
    /** Contained in the counterparty's name, case-insensitive. */
    counterpartyName: text("counterparty_name"),
    /** Contained in the description, case-insensitive. */
    descriptionContains: text("description_contains"),
    /** Bounds on the absolute amount. */
    amountMin: numeric("amount_min", { precision: 14, scale: 2 }),
    amountMax: numeric("amount_max", { precision: 14, scale: 2 }),
    booking: bankLineBookingEnum("booking").notNull(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("bank_rules_user_id_idx").on(table.userId)],
);
