/**
 * Payment links ('Betaal online'): an invoice's open amount paid through the user's own payment provider.
 * 1. Settings → Online betalen: the user's API key, checked with the provider before it is kept.
 * 2. A link per invoice for its open amount, made when the invoice is sent or its PDF made: a still-open link
 *    for the same amount is reused; a changed open amount gets a new one.
 * 3. The provider's webhook (and the payer's return page) fetch the payment from the provider, never trusting
 *    what they were told, and record it through the invoice's one payment path (invoices/payments.ts): a paid
 *    payment once, each refund once as a negative payment; failed, canceled and expired only change the link.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, desc, eq } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { centsToDecimal, parseCents } from "../../../shared/money";
import {
  PAYMENT_LINK_MESSAGES,
  type OnlinePayments,
  type OnlinePaymentsInput,
  type PaymentLink,
  type PaymentReturn,
} from "../../../shared/schemas/payment-links";
import { isUuid } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { paymentLinkRefunds, paymentLinks, paymentProviderAccounts } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { recordPaymentIn } from "../invoices/payments";
import { findOwnRow, type InvoiceRow } from "../invoices/records";
import type { PaymentLinkSource } from "../invoices/sending";
import {
  ProviderKeyRefused,
  ProviderUnavailable,
  type PaymentProvider,
  type PaymentProviderFactory,
  type ProviderPayment,
} from "./provider";

export type PaymentLinkDeps = {
  providers: PaymentProviderFactory;
  /** Where the payer returns to: the public address, else this server. */
  linkBase: string;
  /** Where the provider can reach the webhook; null when Balans has no public address (no webhook then). */
  webhookBase: string | null;
  log: FastifyBaseLogger;
};

export const WEBHOOK_PATH = "/api/payment-links/mollie/webhook";
export const RETURN_PATH = "/betaling";

type LinkRow = typeof paymentLinks.$inferSelect;

/** The payer did not pay through this link: it ends here (a new one comes with the next PDF or e-mail). */
const FAILED = new Set<LinkRow["status"]>(["failed", "canceled", "expired"]);

const cents = (decimal: string) => parseCents(decimal) ?? 0;

function toPaymentLink(row: LinkRow): PaymentLink {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    amount: row.amount,
    status: row.status,
    checkoutUrl: row.checkoutUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findAccount(db: Database, userId: string) {
  const [account] = await db
    .select()
    .from(paymentProviderAccounts)
    .where(eq(paymentProviderAccounts.userId, userId));
  return account ?? null;
}

/** 'test_…wxyz': enough to recognise the key, never enough to use it. */
const maskKey = (apiKey: string) => `${apiKey.slice(0, 5)}…${apiKey.slice(-4)}`;

export async function getOnlinePayments(db: Database, userId: string): Promise<OnlinePayments> {
  const account = await findAccount(db, userId);
  if (!account) return { isConfigured: false };
  return {
    isConfigured: true,
    provider: account.provider,
    mode: account.mode === "live" ? "live" : "test",
    maskedKey: maskKey(account.apiKey),
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** Keeps the key only when the provider accepts it; a refused key changes nothing. */
export async function saveOnlinePayments(
  db: Database,
  userId: string,
  input: OnlinePaymentsInput,
  deps: Pick<PaymentLinkDeps, "providers" | "log">,
): Promise<OnlinePayments> {
  try {
    await deps.providers(input.apiKey).verifyKey();
  } catch (error) {
    if (error instanceof ProviderKeyRefused) throw invalidField("apiKey", PAYMENT_LINK_MESSAGES.keyRefused);
    deps.log.warn({ err: error }, "payment provider unreachable while checking an API key");
    throw new AppError(502, PAYMENT_LINK_MESSAGES.providerUnreachable);
  }
  const mode = input.apiKey.startsWith("live_") ? "live" : "test";
  await db
    .insert(paymentProviderAccounts)
    .values({ userId, provider: "mollie", apiKey: input.apiKey, mode })
    .onConflictDoUpdate({
      target: paymentProviderAccounts.userId,
      set: { provider: "mollie", apiKey: input.apiKey, mode, updatedAt: new Date() },
    });
  return getOnlinePayments(db, userId);
}

/** Turns online payment off: new invoices carry no link; links already out still record their payments. */
export async function removeOnlinePayments(db: Database, userId: string): Promise<void> {
  await db.delete(paymentProviderAccounts).where(eq(paymentProviderAccounts.userId, userId));
}

type LinkOutcome =
  | { kind: "link"; link: LinkRow }
  | { kind: "none"; reason: "not-configured" | "nothing-to-pay" | "provider" };

/**
 * The link for the invoice's open amount, in the caller's transaction (the invoice row is locked here, so two
 * requests never make two links): a still-open one for that amount, else a new provider payment.
 */
async function ensureLinkIn(
  tx: Database,
  userId: string,
  invoiceId: string,
  deps: PaymentLinkDeps,
): Promise<LinkOutcome> {
  const account = await findAccount(tx, userId);
  const invoice = await findOwnRow(tx, userId, invoiceId, true);
  if (!account) return { kind: "none", reason: "not-configured" };
  const open = cents(invoice.openAmount);
  if (invoice.status === "draft" || invoice.creditNoteForNumber !== null || open <= 0) {
    return { kind: "none", reason: "nothing-to-pay" };
  }
  const [reusable] = await tx
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.userId, userId),
        eq(paymentLinks.invoiceId, invoiceId),
        eq(paymentLinks.status, "open"),
        eq(paymentLinks.amount, centsToDecimal(open)),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .limit(1);
  if (reusable?.checkoutUrl) return { kind: "link", link: reusable };

  // The link's id is known before the payment exists, so the payer's return address can name it.
  const linkId = randomUUID();
  let payment: ProviderPayment;
  try {
    payment = await deps.providers(account.apiKey).createPayment({
      amountCents: open,
      description: descriptionOf(invoice),
      redirectUrl: `${deps.linkBase}${RETURN_PATH}?id=${linkId}`,
      webhookUrl: deps.webhookBase ? `${deps.webhookBase}${WEBHOOK_PATH}` : null,
      metadata: { invoiceId, linkId },
    });
  } catch (error) {
    // The invoice still goes out, with the bank transfer and QR code; the link comes with the next PDF.
    deps.log.warn({ err: error, invoiceId }, "payment link not created: the payment provider failed");
    return { kind: "none", reason: "provider" };
  }
  const [link] = await tx
    .insert(paymentLinks)
    .values({
      id: linkId,
      userId,
      invoiceId,
      provider: "mollie",
      providerPaymentId: payment.id,
      amount: centsToDecimal(payment.amountCents),
      status: payment.status,
      checkoutUrl: payment.checkoutUrl,
    })
    .returning();
  return { kind: "link", link: link! };
}

function descriptionOf(invoice: InvoiceRow): string {
  const seller = invoice.sellerSnapshot?.name;
  return `Factuur ${invoice.invoiceNumber ?? ""}${seller ? ` van ${seller}` : ""}`.slice(0, 255);
}

/**
 * What sending an invoice and making its PDF ask for (invoices/sending.ts, the PDF route): the checkout URL for
 * the open amount, or null without a provider, with nothing to pay, or when the provider failed.
 */
export function paymentLinkSource(deps: PaymentLinkDeps): PaymentLinkSource {
  return async (tx, userId, invoiceId) => {
    const outcome = await ensureLinkIn(tx, userId, invoiceId, deps);
    return outcome.kind === "link" ? outcome.link.checkoutUrl : null;
  };
}

/** POST /api/payment-links/invoices/:invoiceId: the link for the open amount, made now when needed. */
export async function createPaymentLink(
  db: Database,
  userId: string,
  invoiceId: string,
  deps: PaymentLinkDeps,
): Promise<PaymentLink> {
  const outcome = await db.transaction((tx) => ensureLinkIn(tx, userId, invoiceId, deps));
  if (outcome.kind === "link") return toPaymentLink(outcome.link);
  if (outcome.reason === "not-configured") throw new AppError(409, PAYMENT_LINK_MESSAGES.notConfigured);
  if (outcome.reason === "nothing-to-pay") throw new AppError(409, PAYMENT_LINK_MESSAGES.nothingToPay);
  throw new AppError(502, PAYMENT_LINK_MESSAGES.providerUnreachable);
}

/** The invoice's links, newest first. */
export async function listPaymentLinks(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<PaymentLink[]> {
  await findOwnRow(db, userId, invoiceId);
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.userId, userId), eq(paymentLinks.invoiceId, invoiceId)))
    .orderBy(desc(paymentLinks.createdAt));
  return rows.map(toPaymentLink);
}

/**
 * The webhook: what the provider says about one of its payments. Unknown ids change nothing (Mollie expects a
 * 200 for them too). Throws ProviderUnavailable when the payment cannot be fetched now, so the provider retries.
 */
export async function handleProviderPayment(
  db: Database,
  providerPaymentId: string,
  deps: PaymentLinkDeps,
  now: Date,
): Promise<void> {
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.provider, "mollie"), eq(paymentLinks.providerPaymentId, providerPaymentId)));
  if (!link) {
    deps.log.info({ providerPaymentId }, "webhook for a payment Balans did not make: ignored");
    return;
  }
  await syncLink(db, link, deps, now);
}

/** Fetches the link's payment from the provider with its user's key and records what changed. */
async function syncLink(db: Database, link: LinkRow, deps: PaymentLinkDeps, now: Date): Promise<void> {
  const account = await findAccount(db, link.userId);
  if (!account) {
    deps.log.warn({ linkId: link.id }, "payment link reported after online payments were turned off");
    return;
  }
  let payment: ProviderPayment;
  try {
    payment = await fetchPayment(deps.providers(account.apiKey), link.providerPaymentId);
  } catch (error) {
    if (error instanceof ProviderKeyRefused) {
      deps.log.warn({ linkId: link.id }, "the payment provider refused the user's key: payment not checked");
      return;
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    // The invoice first, as everywhere (sending, paying); then the link, read again under its lock, so a second
    // webhook for the same payment waits here and then finds it recorded.
    const invoice = await findOwnRow(tx, link.userId, link.invoiceId, true);
    const [current] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, link.id)).for("update");
    if (!current) return;
    const isNewlyPaid = payment.status === "paid" && current.paidAt === null;
    let recorded = cents(current.recordedAmount);
    if (isNewlyPaid) recorded = await recordPaid(tx, current, invoice, payment, deps, now);
    await tx
      .update(paymentLinks)
      .set({
        status: payment.status,
        ...(isNewlyPaid ? { paidAt: now, recordedAmount: centsToDecimal(recorded) } : {}),
      })
      .where(eq(paymentLinks.id, current.id));
    await recordRefunds(tx, current, recorded, payment, deps, now);
  });
}

async function fetchPayment(provider: PaymentProvider, id: string): Promise<ProviderPayment> {
  const payment = await provider.getPayment(id);
  if (payment.id !== id) throw new ProviderUnavailable(`asked for ${id}, got ${payment.id}`);
  return payment;
}

/** The paid amount, recorded once; never more than is still open (paid or credited meanwhile): that is logged. */
async function recordPaid(
  tx: Database,
  link: LinkRow,
  invoice: InvoiceRow,
  payment: ProviderPayment,
  deps: PaymentLinkDeps,
  now: Date,
): Promise<number> {
  const open = Math.max(cents(invoice.openAmount), 0);
  const amount = Math.min(payment.amountCents, open);
  if (amount < payment.amountCents) {
    deps.log.warn(
      { linkId: link.id, invoiceId: invoice.id, paid: payment.amountCents, open },
      "online payment exceeds the invoice's open amount: only the open amount is recorded",
    );
  }
  if (amount > 0) {
    const input = {
      date: businessDate(now),
      amount,
      method: "other",
      bookTransaction: false,
      bankAccountId: null,
      note: `Online betaald via Mollie (${payment.id})`,
    } as const;
    await recordPaymentIn(tx, link.userId, invoice, input, now);
  }
  return amount;
}

/** Each refund once, as a negative payment of what it returns of the recorded amount. */
async function recordRefunds(
  tx: Database,
  link: LinkRow,
  recorded: number,
  payment: ProviderPayment,
  deps: PaymentLinkDeps,
  now: Date,
): Promise<void> {
  const seen = await tx
    .select({ providerRefundId: paymentLinkRefunds.providerRefundId, amount: paymentLinkRefunds.amount })
    .from(paymentLinkRefunds)
    .where(eq(paymentLinkRefunds.linkId, link.id));
  const seenIds = new Set(seen.map((refund) => refund.providerRefundId));
  let remaining = recorded - seen.reduce((sum, refund) => sum + cents(refund.amount), 0);
  for (const refund of payment.refunds) {
    if (!refund.isEffective || seenIds.has(refund.id)) continue;
    const amount = Math.min(refund.amountCents, Math.max(remaining, 0));
    if (amount < refund.amountCents) {
      deps.log.warn(
        { linkId: link.id, refundId: refund.id, refunded: refund.amountCents, recorded: amount },
        "refund exceeds what this payment recorded on the invoice: only that part is recorded",
      );
    }
    await tx.insert(paymentLinkRefunds).values({
      userId: link.userId,
      linkId: link.id,
      providerRefundId: refund.id,
      amount: centsToDecimal(amount),
    });
    if (amount > 0) {
      const invoice = await findOwnRow(tx, link.userId, link.invoiceId, true);
      const input = {
        date: businessDate(now),
        amount: -amount,
        method: "other",
        bookTransaction: false,
        bankAccountId: null,
        note: `Terugbetaald via Mollie (${refund.id})`,
      } as const;
      await recordPaymentIn(tx, link.userId, invoice, input, now, null, remaining);
      remaining -= amount;
    }
  }
}

/**
 * The public page after paying (no account): the link's state, checked with the provider first so the page is
 * right even before the webhook arrived, or without one (no public address).
 */
export async function getPaymentReturn(
  db: Database,
  linkId: string,
  deps: PaymentLinkDeps,
  now: Date,
): Promise<PaymentReturn> {
  if (!isUuid(linkId)) throw notFound(PAYMENT_LINK_MESSAGES.linkNotFound);
  const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
  if (!link) throw notFound(PAYMENT_LINK_MESSAGES.linkNotFound);
  try {
    await syncLink(db, link, deps, now);
  } catch (error) {
    // The stored state is shown; the webhook brings the rest.
    deps.log.warn({ err: error, linkId }, "payment not checked with the provider for the return page");
  }
  const [current = link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, linkId));
  const invoice = await findOwnRow(db, link.userId, link.invoiceId);
  const state = current.status === "paid" ? "paid" : FAILED.has(current.status) ? "failed" : "processing";
  return {
    state,
    invoiceNumber: invoice.invoiceNumber ?? "",
    sellerName: invoice.sellerSnapshot?.name ?? "",
    amount: current.amount,
  };
}

/** The account's data export (AVG art. 15, 20): the setting (the key masked, as everywhere) and every link. */
export async function exportOnlinePayments(db: Database, userId: string) {
  const links = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.userId, userId))
    .orderBy(desc(paymentLinks.createdAt));
  return { settings: await getOnlinePayments(db, userId), links: links.map(toPaymentLink) };
}
