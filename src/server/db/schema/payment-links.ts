import { index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";
import { invoices } from "./invoices";
import { users } from "./users";

/** The payment providers Balans can take online payments through; Mollie first. */
export const paymentProviderEnum = pgEnum("payment_provider", ["mollie"]);

/** A provider payment's status, as Mollie names them (docs.mollie.com, 'Payment status changes'). */
export const paymentLinkStatusEnum = pgEnum("payment_link_status", [
  "open",
  "pending",
  "authorized",
  "paid",
  "failed",
  "canceled",
  "expired",
]);

/**
 * The user's own account with a payment provider ('Online betalen' in Settings): one per user. The API key is
 * stored as entered (the codebase has no encryption key of its own); the answer only ever shows its end.
 */
export const paymentProviderAccounts = pgTable("payment_provider_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: paymentProviderEnum("provider").notNull(),
  apiKey: text("api_key").notNull(),
  /** 'test' or 'live', from the key's prefix. */
  mode: text("mode").notNull(),
  ...timestamps(),
});

/**
 * A provider payment for an invoice's open amount at the time: the 'Betaal online' link on its PDF and e-mail.
 * A new one is made when the open amount changed; the webhook records what it brought in through the invoice's
 * one payment path, once (recordedAmount).
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    provider: paymentProviderEnum("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    status: paymentLinkStatusEnum("status").notNull(),
    checkoutUrl: text("checkout_url"),
    /** What the payment path recorded for this payment once paid: its amount, or less when that would overpay. */
    recordedAmount: numeric("recorded_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // The webhook finds the link (and so its user and invoice) by the provider's payment id.
    uniqueIndex("payment_links_provider_payment_id_idx").on(table.provider, table.providerPaymentId),
    // The links of an invoice, to reuse a still-open one for the same amount.
    index("payment_links_user_id_invoice_id_idx").on(table.userId, table.invoiceId),
  ],
);

/** A refund of a link's payment, recorded once as a negative payment on the invoice. */
export const paymentLinkRefunds = pgTable(
  "payment_link_refunds",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkId: uuid("link_id")
      .notNull()
      .references(() => paymentLinks.id, { onDelete: "cascade" }),
    providerRefundId: text("provider_refund_id").notNull(),
    /** The part of the refund recorded on the invoice (positive cents as decimal). */
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Each refund is recorded once, however often the webhook reports it.
    uniqueIndex("payment_link_refunds_provider_refund_id_idx").on(table.linkId, table.providerRefundId),
  ],
);
