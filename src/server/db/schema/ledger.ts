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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts";
import { createdAt, id, timestamps } from "./columns";
import { users } from "./users";

/** Balance-sheet (asset, liability, equity) or profit-and-loss (revenue, expense) account. */
export const ledgerAccountKindEnum = pgEnum("ledger_account_kind", [
  "asset",
  "liability",
  "equity",
  "revenue",
  "expense",
]);

/** What a journal entry books: each business event has one entry per source record. */
export const journalSourceEnum = pgEnum("journal_source", [
  "transaction",
  "invoice",
  "invoice_payment",
  "opening_balance",
  // Filing a VAT return moves the period's VAT balances to Af te dragen btw.
  "vat_return",
  "purchase_invoice",
  "purchase_invoice_payment",
  // A hand-made entry (memoriaal).
  "memorial",
  // An asset's depreciation and disposal (one entry per asset and period).
  "depreciation",
  // Closing a year (jaarafsluiting): its result moved to equity.
  "year_end",
]);

/** How often the user files the VAT return (domain.md §1: quarterly is the default). */
export const vatPeriodFrequencyEnum = pgEnum("vat_period_frequency", ["quarter", "month", "year"]);

/**
 * The chart of accounts (grootboekrekeningen) of one user, RGS-classified (domain.md §5). Accounts the books
 * post to automatically carry a `system_key` (debiteuren, vat_payable_21, revenue_21, …); each bank account
 * has its own account.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    rgsCode: text("rgs_code").notNull(),
    name: text("name").notNull(),
    kind: ledgerAccountKindEnum("kind").notNull(),
    systemKey: text("system_key"),
    bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    // One account per number in a user's chart; also the chart's listing order.
    uniqueIndex("ledger_accounts_user_id_code_key").on(table.userId, table.code),
    // Posting finds the account of a role (Debiteuren, Omzet 21%, …) by its key.
    uniqueIndex("ledger_accounts_user_id_system_key_key")
      .on(table.userId, table.systemKey)
      .where(sql`${table.systemKey} is not null`),
    // One ledger account per bank account; posting a transaction finds it by the bank account.
    uniqueIndex("ledger_accounts_bank_account_id_key").on(table.bankAccountId),
  ],
);

/**
 * The journal: one row per line of a journal entry. An entry is the set of lines of one source record
 * (source_type, source_id), all on the same date, debit positive and credit negative, summing to zero.
 * Lines that belong in the VAT return carry their rubriek (vat_box: 1a–4b, 5b).
 */
export const journalLines = pgTable(
  "journal_lines",
  {
    // No foreign keys on this table: a per-row check would double the time of a bulk import or a rebuild.
    // A deleted user's lines are removed by the statement trigger of migration 0010; lines only ever point at
    // their user's accounts (posting.ts), and a removed bank account's entries are rebooked before its account
    // goes (bank/accounts.ts).
    userId: uuid("user_id").notNull(),
    sourceType: journalSourceEnum("source_type").notNull(),
    sourceId: uuid("source_id").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    accountId: uuid("account_id").notNull(),
    /** Debit positive, credit negative. */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    vatBox: text("vat_box"),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Replacing the entry of one source record (edit, delete) and the rebuild.
    index("journal_lines_source_idx").on(table.userId, table.sourceType, table.sourceId),
    // The days at the edges of a report's range and the recomputation of a month's totals, from the index alone.
    index("journal_lines_user_id_date_idx").on(table.userId, table.date, table.accountId, table.amount),
  ],
);

/**
 * The journal summed per user, month, account and VAT rubriek, kept up to date by posting (posting.ts) in the
 * same database transaction. Reports over whole months read these few rows instead of every journal line.
 */
export const journalMonthTotals = pgTable(
  "journal_month_totals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "cascade" }),
    /** The VAT rubriek of the lines, '' for none. */
    vatBox: text("vat_box").notNull().default(""),
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
  },
  (table) => [
    // Period totals per account and the VAT return: the user's months in a range, read in key order.
    primaryKey({ columns: [table.userId, table.month, table.accountId, table.vatBox] }),
    // Deleting an account removes its totals without a table scan.
    index("journal_month_totals_account_id_idx").on(table.accountId),
  ],
);

/** A VAT return marked as filed ('Markeer als ingediend'); its period is locked for changes. */
export const vatReturnFilings = pgTable(
  "vat_return_filings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 2026-Q3, 2026-07 or 2026. */
    period: text("period").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    filedOn: date("filed_on", { mode: "string" }).notNull(),
    reference: text("reference").notNull(),
    /** The rubrieken as filed, so the record stays what was sent even if the books are rebuilt. */
    figures: jsonb("figures").notNull(),
    ...timestamps(),
  },
  (table) => [
    // One filing per period; also the lookup of a period's filing.
    uniqueIndex("vat_return_filings_user_id_period_key").on(table.userId, table.period),
    // The filing lock: is a date inside a filed period?
    index("vat_return_filings_user_id_dates_idx").on(table.userId, table.startDate, table.endDate),
  ],
);

/**
 * How a correction of a filed return ended (vat-corrections.ts): still open (the period takes bookings again),
 * filed as a suppletie, folded into the next return (a VAT difference of at most € 1,000), or no difference.
 */
export const vatCorrectionStatusEnum = pgEnum("vat_correction_status", [
  "open",
  "suppletie",
  "next_return",
  "no_difference",
]);

/**
 * A correction of a filed VAT period. While open, the filing lock of its period is lifted; when it ends the
 * figures before and after are kept, with the suppletie's filing date and reference, or the period the
 * difference was added to.
 */
export const vatReturnCorrections = pgTable(
  "vat_return_corrections",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The corrected period: 2026-Q3, 2026-07 or 2026. */
    period: text("period").notNull(),
    status: vatCorrectionStatusEnum("status").notNull().default("open"),
    /** The day the error was found and the correction began: the suppletie is due within 8 weeks of it. */
    openedOn: date("opened_on", { mode: "string" }).notNull(),
    resolvedOn: date("resolved_on", { mode: "string" }),
    /** The suppletie's filing date and the Belastingdienst's reference. */
    filedOn: date("filed_on", { mode: "string" }),
    reference: text("reference"),
    /** The return as it stood before (the filing or the previous suppletie) and after the correction. */
    figuresBefore: jsonb("figures_before"),
    figuresAfter: jsonb("figures_after"),
    /** Rubriek 5g after minus before, in whole euros. */
    differenceEuros: integer("difference_euros"),
    /** The period whose return carries the difference (status next_return). */
    foldedInto: text("folded_into"),
    ...timestamps(),
  },
  (table) => [
    // At most one open correction per period.
    uniqueIndex("vat_return_corrections_open_key")
      .on(table.userId, table.period)
      .where(sql`status = 'open'`),
    index("vat_return_corrections_user_id_period_idx").on(table.userId, table.period),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type VatReturnFilingRow = typeof vatReturnFilings.$inferSelect;
