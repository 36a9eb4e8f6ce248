import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { invoices } from "./invoices";
import { outboxMessages } from "./outbox";
import { users } from "./users";

/**
 * The steps of the reminder sequence after an invoice's due date: a friendly reminder, a second one, the last
 * step (for a consumer the veertiendagenbrief of art. 6:96 lid 6 BW; for a business the notice with interest
 * and costs), and for a consumer only the claim of the costs once the veertiendagenbrief's term has passed.
 */
export const reminderStepEnum = pgEnum("reminder_step", ["friendly", "second", "final", "collection"]);

/** The user's reminder sequence (Settings → Herinneringen); no row means the defaults, switched off. */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    isEnabled: boolean("is_enabled").notNull().default(false),
    friendlyAfterDays: integer("friendly_after_days").notNull(),
    secondAfterDays: integer("second_after_days").notNull(),
    finalAfterDays: integer("final_after_days").notNull(),
    ...timestamps(),
  },
  (table) => [
    check(
      "reminder_settings_days_in_order",
      sql`${table.friendlyAfterDays} >= 1 and ${table.secondAfterDays} > ${table.friendlyAfterDays} and ${table.finalAfterDays} > ${table.secondAfterDays}`,
    ),
  ],
);

/** A reminder that went out: what it claimed on its date, and the mail that carried it. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    step: reminderStepEnum("step").notNull(),
    sentOn: date("sent_on", { mode: "string" }).notNull(),
    /** Whether the client was a consumer when it was sent: which law the letter applied. */
    isConsumer: boolean("is_consumer").notNull(),
    openAmount: numeric("open_amount", { precision: 12, scale: 2 }).notNull(),
    interest: numeric("interest", { precision: 12, scale: 2 }).notNull().default("0"),
    costs: numeric("costs", { precision: 12, scale: 2 }).notNull().default("0"),
    /** The costs a veertiendagenbrief announces (it charges none itself). */
    announcedCosts: numeric("announced_costs", { precision: 12, scale: 2 }).notNull().default("0"),
    outboxMessageId: uuid("outbox_message_id").references(() => outboxMessages.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    // Each step goes out once per invoice, however often the job runs and on however many instances.
    uniqueIndex("invoice_reminders_invoice_id_step_key").on(table.invoiceId, table.step),
    // Deleting a user cascades here without a table scan; the job reads a user's sent steps.
    index("invoice_reminders_user_id_idx").on(table.userId),
    // Deleting an outbox message (erasure) clears the link without a table scan.
    index("invoice_reminders_outbox_message_id_idx").on(table.outboxMessageId),
  ],
);

/** Reminders paused for one invoice or for every invoice of one client. */
export const reminderPauses = pgTable(
  "reminder_pauses",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "cascade" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    check("reminder_pauses_one_target", sql`num_nonnulls(${table.invoiceId}, ${table.clientId}) = 1`),
    // One pause per invoice; also answers "is this invoice paused".
    uniqueIndex("reminder_pauses_invoice_id_key").on(table.invoiceId),
    // One pause per client; also answers "is this client paused".
    uniqueIndex("reminder_pauses_client_id_key").on(table.clientId),
    // Deleting a user cascades here without a table scan.
    index("reminder_pauses_user_id_idx").on(table.userId),
  ],
);

/**
 * The last failed attempt of the daily run at an invoice's next step (its letter could not be made or mailed):
 * shown on the invoice's timeline and retried on the next run; removed when a step of the invoice goes out.
 */
export const reminderFailures = pgTable(
  "reminder_failures",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    step: reminderStepEnum("step").notNull(),
    reason: text("reason").notNull(),
    attempts: integer("attempts").notNull().default(1),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull(),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    // One row per invoice: a new failure updates it.
    uniqueIndex("reminder_failures_invoice_id_key").on(table.invoiceId),
    // Deleting a user cascades here without a table scan.
    index("reminder_failures_user_id_idx").on(table.userId),
  ],
);
