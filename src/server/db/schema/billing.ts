import { sql } from "drizzle-orm";
import { date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";
import { invoices } from "./invoices";
import { users } from "./users";

/**
 * A customer's subscription to Balans itself (features/billing): the trial's last day and, once subscribed, the
 * customer and subscription at Balans's own payment provider. One row per customer account; an account without
 * a row is in the trial that its sign-up day started. Writing is allowed through trialEndsOn and through the last
 * paid day (billing_payments), read-only after both.
 */
export const billingAccounts = pgTable("billing_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The trial's last calendar day (Europe/Amsterdam), inclusive. */
  trialEndsOn: date("trial_ends_on", { mode: "string" }).notNull(),
  /** The customer at the provider (Mollie 'cst_…'), made when the first subscription starts. */
  providerCustomerId: text("provider_customer_id"),
  /** The running subscription at the provider (Mollie 'sub_…'); null before the first payment and after cancelling. */
  providerSubscriptionId: text("provider_subscription_id"),
  /** When the customer cancelled ('Opzeggen'): the paid period runs out, nothing more is charged. */
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  /** The customer as a client in the administration that bills (BILLING_ADMINISTRATION_USERNAME), made once. */
  billingClientId: uuid("billing_client_id"),
  ...timestamps(),
});

/**
 * Each payment for the subscription at the provider: the first one (which gives the mandate) and every monthly
 * one the provider's subscription charges. A paid one covers periodStart…periodEnd; its invoice is made once, in
 * the administration that bills, by the invoices feature.
 */
export const billingPayments = pgTable(
  "billing_payments",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    providerPaymentId: text("provider_payment_id").notNull(),
    sequenceType: text("sequence_type", { enum: ["first", "recurring"] }).notNull(),
    /** As the provider names it: open, pending, authorized, paid, failed, canceled, expired, charged_back. */
    status: text("status").notNull(),
    /** What was charged, VAT included. */
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    checkoutUrl: text("checkout_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Balans's invoice for this payment, in the administration that bills; set once. */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    // The webhook finds a payment by the provider's id; each provider payment is recorded once.
    uniqueIndex("billing_payments_provider_payment_id_key").on(table.providerPaymentId),
    // The customer's payments and invoices in Settings → Abonnement; the paid period is their latest paid end.
    index("billing_payments_user_id_idx").on(table.userId, table.periodEnd),
    // The billing job finds paid payments whose invoice is still to be made.
    index("billing_payments_uninvoiced_idx")
      .on(table.paidAt)
      .where(sql`${table.invoiceId} is null and ${table.paidAt} is not null`),
  ],
);

/** Trial reminders mailed to a customer: each kind once per account (the unique key), however often the job runs. */
export const billingNotices = pgTable(
  "billing_notices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'trial-ends-soon' (three days before) or 'trial-ends-today', with the trial's end: a new trial mails again. */
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("billing_notices_user_id_kind_key").on(table.userId, table.kind)],
);

/**
 * Subscriptions still to be cancelled at the provider because their account was erased (privacy/erasure.ts):
 * the erasure runs in one database transaction and cannot wait for the provider, so the billing job cancels
 * them. Only the provider's ids are kept, no link to the person; the row goes once the provider has cancelled.
 */
export const billingCancellations = pgTable("billing_cancellations", {
  providerSubscriptionId: text("provider_subscription_id").primaryKey(),
  providerCustomerId: text("provider_customer_id").notNull(),
  createdAt: createdAt(),
});
