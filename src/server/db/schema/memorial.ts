import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { ledgerAccounts } from "./ledger";
import { users } from "./users";

/**
 * Memoriaal: a journal entry made by hand (the accountant's tool for corrections and reclassifications), dated,
 * described, numbered per administration, balanced. Once locked it can no longer be changed or deleted.
 */
export const memorialEntries = pgTable(
  "memorial_entries",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1, 2, 3, … per administration, in order of creation (never reused). */
    number: integer("number").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    /**
     * The rubriek of the VAT return the entry declares, or null: '1d' (privégebruik) puts its lines on the Te
     * betalen btw accounts in 1d's VAT column and its credits on revenue or cost accounts in 1d's turnover
     * (posting.ts `postMemorialEntries`).
     */
    vatRubriek: text("vat_rubriek"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("memorial_entries_user_id_number_key").on(table.userId, table.number),
    index("memorial_entries_user_id_date_idx").on(table.userId, table.date),
    check("memorial_entries_vat_rubriek_known", sql`${table.vatRubriek} in ('1d')`),
  ],
);

/** The last number given to a memorial entry per administration, so a deleted entry's number is never reused. */
export const memorialNumberCounters = pgTable("memorial_number_counters", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull(),
});

/** A line of a memorial entry: an account and an amount, debit positive and credit negative. */
export const memorialLines = pgTable(
  "memorial_lines",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => memorialEntries.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    // An account with hand-made bookings on it cannot be deleted from under them.
    ledgerAccountId: uuid("ledger_account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    description: text("description"),
    ...timestamps(),
  },
  (table) => [
    index("memorial_lines_entry_id_idx").on(table.entryId),
    index("memorial_lines_ledger_account_id_idx").on(table.ledgerAccountId),
    check("memorial_lines_amount_not_zero", sql`${table.amount} <> 0`),
  ],
);
