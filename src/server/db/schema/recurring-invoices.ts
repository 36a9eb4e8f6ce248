import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { VatCategory } from "../../../shared/invoices/math";
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { invoices } from "./invoices";
import { users } from "./users";

/** The values of SCHEDULE_INTERVALS in src/shared/recurrence.ts. */
export const recurringInvoiceIntervalEnum = pgEnum("recurring_invoice_interval", [
  "weekly",
  "monthly",
  "quarterly",
  "yearly",
]);

/** A run made its invoice, or failed with a reason the user reads (and may retry). */
export const recurringInvoiceRunStatusEnum = pgEnum("recurring_invoice_run_status", ["made", "failed"]);

/** A line of the template, as the invoice form takes it (quantity and price as decimal strings). */
export type RecurringInvoiceLine = {
  description: string;
  quantity: string;
  unitPrice: string;
  vatCategory: VatCategory;
};

/**
 * Abonnement: a template from which the daily job makes one invoice per period, from the start date on,
 * until the end date or the number of invoices (or for ever), unless paused or ended.
 */
export const recurringInvoices = pgTable(
  "recurring_invoices",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Deleting a client keeps the template; its next run then fails with a reason until a client is chosen.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    interval: recurringInvoiceIntervalEnum("interval").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    invoiceCount: integer("invoice_count"),
    paymentTermDays: integer("payment_term_days").notNull(),
    /** Each invoice is issued and e-mailed at once; otherwise it waits as a draft. */
    sendsAtOnce: boolean("sends_at_once").notNull().default(false),
    notes: text("notes"),
    lines: jsonb("lines").$type<RecurringInvoiceLine[]>().notNull(),
    isPaused: boolean("is_paused").notNull().default(false),
    /** Set by 'Beëindigen': no period from this day on is invoiced. */
    endedOn: date("ended_on", { mode: "string" }),
    /**
     * How many periods (k = 0, 1, …) the job has handled. Moves forward in the transaction that makes the run;
     * resuming after a pause skips the periods that passed meanwhile.
     */
    nextPeriodIndex: integer("next_period_index").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    // The list of a user's templates.
    index("recurring_invoices_user_id_idx").on(table.userId),
    // Deleting a client sets this link to NULL without a table scan.
    index("recurring_invoices_client_id_idx").on(table.clientId),
    // The job finds the templates that may be due: running ones.
    index("recurring_invoices_running_idx")
      .on(table.id)
      .where(sql`not ${table.isPaused} and ${table.endedOn} is null`),
    check(
      "recurring_invoices_end_date_or_count",
      sql`${table.endDate} is null or ${table.invoiceCount} is null`,
    ),
  ],
);

/** One period of a template: the invoice made for it, or why that failed. */
export const recurringInvoiceRuns = pgTable(
  "recurring_invoice_runs",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    templateId: uuid("template_id")
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: "cascade" }),
    periodIndex: integer("period_index").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    status: recurringInvoiceRunStatusEnum("status").notNull(),
    // A draft the user deletes leaves the run, without its invoice.
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // One run per template and period: two job runs (or two app instances) can never make a second invoice.
    uniqueIndex("recurring_invoice_runs_template_period_key").on(table.templateId, table.periodStart),
    // The SET NULL when an invoice (a draft) is deleted.
    index("recurring_invoice_runs_invoice_id_idx").on(table.invoiceId),
  ],
);
