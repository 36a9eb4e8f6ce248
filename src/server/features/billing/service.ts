/**
 * Balans's own subscription (Settings → Abonnement), on Balans's key at its payment provider.
 * 1. 'Abonnement starten': a customer at the provider (once) and its first payment, paid at the provider's
 *    checkout; that payment gives the mandate for the monthly charges.
 * 2. The webhook (and Settings on opening) fetch the payment from the provider, never trusting what they were
 *    told: paid → the month is covered and the provider's monthly subscription starts after it. Each monthly
 *    payment the subscription makes arrives the same way and covers the next month; a failed or charged-back
 *    one covers nothing, so the account turns read-only when the paid months end (access.ts).
 * 3. 'Opzeggen' cancels at the provider; the paid months run out.
 * 4. Every paid payment gets one invoice from Balans, made by the invoices feature in the administration that
 *    bills (BILLING_ADMINISTRATION_USERNAME): the customer as its client, one line at 21% VAT, issued and paid.
 * 5. Trial reminders by e-mail, three days before and on the last day, each once (billing_notices).
 */
import type { FastifyBaseLogger } from "fastify";
import { and, asc, desc, eq, isNotNull, isNull, max, sql } from "drizzle-orm";
import { addDays, addMonths, businessDate } from "../../../shared/dates";
import { formatDate, formatEuro } from "../../../shared/format";
import { centsToDecimal, parseCents } from "../../../shared/money";
import {
  BILLING_MESSAGES,
  TRIAL_REMINDER_DAYS,
  subscriptionPrice,
  type BillingCheckout,
  type BillingInvoice,
  type BillingStatus,
} from "../../../shared/schemas/billing";
import { InvoiceInputSchema } from "../../../shared/schemas/invoices";
import { APP_ROUTES, settingsTabPath } from "../../../shared/routes";
import type { Database } from "../../db/client";
import {
  billingAccounts,
  billingCancellations,
  billingNotices,
  billingPayments,
  users,
} from "../../db/schema/index";
import { AppError, notFound } from "../../errors";
import { sendMail } from "../../mail/outbox";
import type { SessionUser } from "../auth/sessions";
import { createClient, getClient } from "../clients/service";
import { buildInvoiceDocument } from "../invoices/document";
import { recordPaymentIn } from "../invoices/payments";
import { renderInvoicePdf } from "../invoices/pdf";
import { pdfFilename } from "../invoices/pdf-filename";
import { findOwnRow, getInvoiceHeads } from "../invoices/records";
import { createInvoice } from "../invoices/service";
import {
  ProviderKeyRefused,
  ProviderNotFound,
  type ProviderSubscriptionPayment,
  type SubscriptionProvider,
} from "../payment-links/provider";
import { billingAccessOf, billingPeriodsOf, isNeverBilled } from "./access";

export type BillingDeps = {
  /** Balans's own account at the provider; null: subscriptions are off here, and nothing expires. */
  provider: SubscriptionProvider | null;
  /** The username of the account whose books are Balans's company: it issues the invoices. */
  billingUsername: string | null;
  /** Where the customer returns to after paying: the public address, else this server. */
  linkBase: string;
  /** Where the provider can reach the webhook; null without a public address (Settings checks on opening). */
  webhookBase: string | null;
  log: FastifyBaseLogger;
};

export const BILLING_WEBHOOK_PATH = "/api/billing/mollie/webhook";
const DESCRIPTION = "Balans abonnement";

type AccountRow = typeof billingAccounts.$inferSelect;
type PaymentRow = typeof billingPayments.$inferSelect;

const cents = (decimal: string) => parseCents(decimal) ?? 0;
const monthLabel = (isoDate: string) =>
  new Intl.DateTimeFormat("nl-NL", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
/** A month of service from `start`: 15 March – 14 April. */
const monthFrom = (start: string) => ({ periodStart: start, periodEnd: addDays(addMonths(start, 1), -1) });

function requireProvider(deps: BillingDeps): SubscriptionProvider {
  if (!deps.provider) throw new AppError(409, BILLING_MESSAGES.notAvailable);
  return deps.provider;
}

/** The account's row, made with its trial on first need; locked in a transaction when asked. */
async function accountRowOf(
  db: Database,
  user: Pick<SessionUser, "id" | "createdAt">,
  forUpdate = false,
): Promise<AccountRow> {
  const { trialEndsOn } = await billingPeriodsOf(db, user);
  await db.insert(billingAccounts).values({ userId: user.id, trialEndsOn }).onConflictDoNothing();
  const query = db.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row!;
}

async function latestPaidEnd(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ end: max(billingPayments.periodEnd) })
    .from(billingPayments)
    .where(and(eq(billingPayments.userId, userId), eq(billingPayments.status, "paid")));
  return row?.end ?? null;
}

/** GET /api/billing: the state, after checking a started first payment with the provider (no webhook needed). */
export async function getBillingStatus(
  db: Database,
  user: SessionUser,
  now: Date,
  deps: BillingDeps,
): Promise<BillingStatus> {
  const price = subscriptionPrice();
  const priceText = {
    net: centsToDecimal(price.net),
    vat: centsToDecimal(price.vat),
    total: centsToDecimal(price.total),
  };
  if (!deps.provider || isNeverBilled(user)) {
    return {
      isAvailable: Boolean(deps.provider) && !isNeverBilled(user),
      state: "unlimited",
      trialEndsOn: null,
      trialDaysLeft: null,
      paidThrough: null,
      isRenewing: false,
      isCancelled: false,
      hasFailedPayment: false,
      pendingCheckoutUrl: null,
      price: priceText,
      invoices: [],
    };
  }
  const pending = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.userId, user.id),
        eq(billingPayments.sequenceType, "first"),
        isNull(billingPayments.paidAt),
        sql`${billingPayments.status} in ('open', 'pending', 'authorized')`,
      ),
    );
  for (const payment of pending) {
    try {
      await syncPayment(db, payment.providerPaymentId, now, deps);
    } catch (error) {
      // The stored state is shown; the webhook brings the rest.
      deps.log.warn(
        { err: error, paymentId: payment.id },
        "subscription payment not checked with the provider",
      );
    }
  }
  const access = await billingAccessOf(db, user, now, true);
  const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id));
  const payments = await db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.userId, user.id))
    .orderBy(desc(billingPayments.createdAt));
  const open = payments.find(
    (payment) =>
      payment.sequenceType === "first" &&
      payment.status === "open" &&
      payment.checkoutUrl !== null &&
      payment.paidAt === null,
  );
  const latestRecurring = payments.find((payment) => payment.sequenceType === "recurring");
  const today = businessDate(now);
  return {
    isAvailable: true,
    state: access.state,
    trialEndsOn: access.trialEndsOn,
    trialDaysLeft:
      access.state === "trial" && access.trialEndsOn
        ? Math.round((Date.parse(access.trialEndsOn) - Date.parse(today)) / 86_400_000)
        : null,
    paidThrough: access.paidThrough,
    isRenewing: Boolean(account?.providerSubscriptionId) && !account?.cancelledAt,
    isCancelled: Boolean(account?.cancelledAt),
    hasFailedPayment:
      latestRecurring !== undefined &&
      latestRecurring.status !== "paid" &&
      latestRecurring.status !== "open" &&
      latestRecurring.status !== "pending",
    pendingCheckoutUrl: open?.checkoutUrl ?? null,
    price: priceText,
    invoices: await listBillingInvoices(db, user.id, payments, deps),
  };
}

async function listBillingInvoices(
  db: Database,
  userId: string,
  payments: PaymentRow[],
  deps: BillingDeps,
): Promise<BillingInvoice[]> {
  const invoiced = payments.filter((payment) => payment.userId === userId && payment.invoiceId !== null);
  const billerId = await billingAdministrationId(db, deps);
  if (!billerId || invoiced.length === 0) return [];
  const heads = await getInvoiceHeads(
    db,
    billerId,
    invoiced.map((payment) => payment.invoiceId!),
  );
  return invoiced.flatMap((payment) => {
    const head = heads.get(payment.invoiceId!);
    if (!head?.invoiceNumber) return [];
    return [
      {
        id: payment.id,
        invoiceNumber: head.invoiceNumber,
        issueDate: businessDate(payment.paidAt ?? payment.createdAt),
        periodStart: payment.periodStart,
        periodEnd: payment.periodEnd,
        amount: head.total,
      },
    ];
  });
}

/**
 * 'Abonnement starten': the first payment at the provider's checkout. A month paid during the trial starts after
 * the trial; after a cancelled subscription, after the paid months. A first payment still open is reused.
 */
export async function startSubscription(
  db: Database,
  user: SessionUser,
  now: Date,
  deps: BillingDeps,
): Promise<BillingCheckout> {
  const provider = requireProvider(deps);
  if (isNeverBilled(user)) throw new AppError(409, BILLING_MESSAGES.notBilled);
  const account = await accountRowOf(db, user);
  if (account.providerSubscriptionId && !account.cancelledAt) {
    throw new AppError(409, BILLING_MESSAGES.alreadyActive);
  }
  const [reusable] = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.userId, user.id),
        eq(billingPayments.sequenceType, "first"),
        eq(billingPayments.status, "open"),
        isNotNull(billingPayments.checkoutUrl),
      ),
    )
    .orderBy(desc(billingPayments.createdAt))
    .limit(1);
  if (reusable?.checkoutUrl) return { checkoutUrl: reusable.checkoutUrl };

  const today = businessDate(now);
  const paidEnd = await latestPaidEnd(db, user.id);
  const starts = [today, addDays(account.trialEndsOn, 1), ...(paidEnd ? [addDays(paidEnd, 1)] : [])].sort();
  const period = monthFrom(starts[starts.length - 1]!);
  const price = subscriptionPrice();
  try {
    let customerId = account.providerCustomerId;
    if (!customerId) {
      const customer = await provider.createCustomer({
        name: displayNameOf(user),
        email: user.email,
        metadata: { userId: user.id },
      });
      customerId = customer.id;
      await db
        .update(billingAccounts)
        .set({ providerCustomerId: customerId })
        .where(eq(billingAccounts.userId, user.id));
    }
    const payment = await provider.createFirstPayment({
      customerId,
      amountCents: price.total,
      description: `${DESCRIPTION} ${monthLabel(period.periodStart)}`,
      redirectUrl: `${deps.linkBase}${settingsTabPath("subscription")}`,
      webhookUrl: deps.webhookBase ? `${deps.webhookBase}${BILLING_WEBHOOK_PATH}` : null,
      metadata: { userId: user.id },
    });
    await db.insert(billingPayments).values({
      userId: user.id,
      providerPaymentId: payment.id,
      sequenceType: "first",
      status: payment.status,
      amount: centsToDecimal(payment.amountCents),
      ...period,
      checkoutUrl: payment.checkoutUrl,
    });
    if (!payment.checkoutUrl) throw new AppError(502, BILLING_MESSAGES.providerUnreachable);
    return { checkoutUrl: payment.checkoutUrl };
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.warn({ err: error }, "subscription not started: the payment provider failed");
    throw new AppError(502, BILLING_MESSAGES.providerUnreachable);
  }
}

/** 'Opzeggen': cancelled at the provider; the months paid stay active until their last day. */
export async function cancelSubscription(
  db: Database,
  user: SessionUser,
  now: Date,
  deps: BillingDeps,
): Promise<void> {
  const provider = requireProvider(deps);
  if (isNeverBilled(user)) throw new AppError(409, BILLING_MESSAGES.notBilled);
  const account = await accountRowOf(db, user);
  if (!account.providerSubscriptionId || !account.providerCustomerId || account.cancelledAt) {
    throw new AppError(409, BILLING_MESSAGES.nothingToCancel);
  }
  try {
    await provider.cancelSubscription(account.providerCustomerId, account.providerSubscriptionId);
  } catch (error) {
    // Already gone at the provider: cancelled all the same.
    if (!(error instanceof ProviderNotFound)) {
      deps.log.warn({ err: error }, "subscription not cancelled: the payment provider failed");
      throw new AppError(502, BILLING_MESSAGES.providerUnreachable);
    }
  }
  await db
    .update(billingAccounts)
    .set({ cancelledAt: now, providerSubscriptionId: null })
    .where(eq(billingAccounts.userId, user.id));
}

/**
 * The provider's webhook: fetches the payment with Balans's key and records it when it is one of Balans's
 * subscription payments. Unknown ids and other accounts' payments change nothing.
 */
export async function handleBillingWebhook(
  db: Database,
  providerPaymentId: string,
  now: Date,
  deps: BillingDeps,
): Promise<void> {
  if (!deps.provider) return;
  await syncPayment(db, providerPaymentId, now, deps);
}

async function syncPayment(db: Database, providerPaymentId: string, now: Date, deps: BillingDeps) {
  const provider = requireProvider(deps);
  let payment: ProviderSubscriptionPayment;
  try {
    payment = await provider.getSubscriptionPayment(providerPaymentId);
  } catch (error) {
    if (error instanceof ProviderNotFound || error instanceof ProviderKeyRefused) {
      deps.log.info(
        { providerPaymentId },
        "subscription webhook for a payment the provider does not know here",
      );
      return;
    }
    throw error;
  }
  if (payment.id !== providerPaymentId || !payment.customerId) return;
  const paidId = await db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.providerCustomerId, payment.customerId!))
      .for("update");
    if (!account) return null;
    let [row] = await tx
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, payment.id));
    if (row && row.userId !== account.userId) return null;
    if (!row) {
      // A monthly charge of the customer's subscription: it covers the month after the months paid so far.
      if (payment.sequenceType !== "recurring" || !payment.subscriptionId) return null;
      const [last] = await tx
        .select({ end: max(billingPayments.periodEnd) })
        .from(billingPayments)
        .where(eq(billingPayments.userId, account.userId));
      const start = last?.end ? addDays(last.end, 1) : businessDate(now);
      [row] = await tx
        .insert(billingPayments)
        .values({
          userId: account.userId,
          providerPaymentId: payment.id,
          sequenceType: "recurring",
          status: payment.status,
          amount: centsToDecimal(payment.amountCents),
          ...monthFrom(start),
        })
        .returning();
    }
    const status = payment.chargedBackCents > 0 ? "charged_back" : payment.status;
    const isNewlyPaid = status === "paid" && row!.paidAt === null;
    await tx
      .update(billingPayments)
      .set({ status, ...(isNewlyPaid ? { paidAt: now } : {}) })
      .where(eq(billingPayments.id, row!.id));
    if (isNewlyPaid && row!.sequenceType === "first") await startRenewals(tx, account, row!, payment, deps);
    return isNewlyPaid ? row!.id : null;
  });
  if (paidId) await invoiceBillingPayment(db, paidId, now, deps);
}

/** After the first payment: the provider's monthly subscription, from the day after the month it paid. */
async function startRenewals(
  tx: Database,
  account: AccountRow,
  first: PaymentRow,
  payment: ProviderSubscriptionPayment,
  deps: BillingDeps,
) {
  if (account.providerSubscriptionId) return;
  const subscription = await requireProvider(deps).createSubscription({
    customerId: payment.customerId!,
    amountCents: subscriptionPrice().total,
    startDate: addDays(first.periodEnd, 1),
    description: DESCRIPTION,
    webhookUrl: deps.webhookBase ? `${deps.webhookBase}${BILLING_WEBHOOK_PATH}` : null,
    metadata: { userId: account.userId },
  });
  await tx
    .update(billingAccounts)
    .set({ providerSubscriptionId: subscription.id, cancelledAt: null })
    .where(eq(billingAccounts.userId, account.userId));
}

function displayNameOf(user: Pick<SessionUser, "companyName" | "firstName" | "lastName" | "username">) {
  const person = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return user.companyName || person || user.username;
}

async function billingAdministrationId(db: Database, deps: BillingDeps): Promise<string | null> {
  if (!deps.billingUsername) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${deps.billingUsername})`, isNull(users.erasedAt)));
  return row?.id ?? null;
}

/**
 * Balans's invoice for a paid payment, once: in the administration that bills, through the invoices feature
 * (createInvoice issues it, recordPaymentIn pays it). A failure is logged and the billing job tries again.
 */
export async function invoiceBillingPayment(
  db: Database,
  paymentId: string,
  now: Date,
  deps: BillingDeps,
): Promise<void> {
  const billerId = await billingAdministrationId(db, deps);
  if (!billerId) {
    deps.log.warn(
      { paymentId },
      "no invoice for a subscription payment: BILLING_ADMINISTRATION_USERNAME is unset",
    );
    return;
  }
  try {
    await db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(billingPayments)
        .where(eq(billingPayments.id, paymentId))
        .for("update");
      if (!payment || payment.invoiceId || payment.status !== "paid" || !payment.paidAt) return;
      const [customer] = await tx.select().from(users).where(eq(users.id, payment.userId));
      const [account] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, payment.userId));
      if (!customer || !account) return;
      const clientId = await billingClientOf(tx, billerId, customer, account);
      const price = subscriptionPrice();
      const today = businessDate(now);
      const input = InvoiceInputSchema.parse({
        clientId,
        issueDate: today,
        dueDate: today,
        supplyDate: payment.periodStart,
        subtotal: centsToDecimal(price.net),
        taxAmount: centsToDecimal(price.vat),
        total: centsToDecimal(price.total),
        status: "sent",
        notes: `Periode ${formatDate(payment.periodStart)} t/m ${formatDate(payment.periodEnd)}. Betaald via Mollie (${payment.providerPaymentId}).`,
        items: [
          {
            description: `${DESCRIPTION} ${monthLabel(payment.periodStart)}`,
            quantity: 1,
            unitPrice: centsToDecimal(price.net),
            vatCategory: "21",
          },
        ],
      });
      const invoice = await createInvoice(tx, billerId, input, now);
      const issued = await findOwnRow(tx, billerId, invoice.id, true);
      await recordPaymentIn(
        tx,
        billerId,
        issued,
        {
          date: today,
          amount: cents(payment.amount),
          method: "other",
          bookTransaction: false,
          bankAccountId: null,
          note: `Abonnement betaald via Mollie (${payment.providerPaymentId})`,
        },
        now,
      );
      await tx
        .update(billingPayments)
        .set({ invoiceId: invoice.id })
        .where(eq(billingPayments.id, payment.id));
    });
  } catch (error) {
    deps.log.error(
      { err: error, paymentId },
      "invoice for a subscription payment not made; the billing job retries",
    );
  }
}

/** The customer as a client of the administration that bills: made once from their company name and e-mail. */
async function billingClientOf(
  tx: Database,
  billerId: string,
  customer: SessionUser,
  account: AccountRow,
): Promise<string> {
  if (account.billingClientId) {
    try {
      return (await getClient(tx, billerId, account.billingClientId)).id;
    } catch {
      // Deleted in the billing administration meanwhile: made again below.
    }
  }
  const client = await createClient(tx, billerId, {
    name: displayNameOf(customer),
    contactPerson: [customer.firstName, customer.lastName].filter(Boolean).join(" ") || null,
    email: customer.email,
    phone: null,
    address: null,
    street: null,
    houseNumber: null,
    postalCode: null,
    city: null,
    country: "NL",
    taxNumber: null,
    kvkNumber: null,
    iban: null,
    paymentTermsDays: 14,
    notes: `Balans-account ${customer.username}`,
    isCustomer: true,
    isSupplier: false,
    isConsumer: undefined,
    documentLanguage: undefined,
  });
  await tx
    .update(billingAccounts)
    .set({ billingClientId: client.id })
    .where(eq(billingAccounts.userId, customer.id));
  return client.id;
}

/** The PDF of one of the customer's own subscription invoices (another customer's: 404). */
export async function billingInvoicePdf(
  db: Database,
  userId: string,
  paymentId: string,
  deps: BillingDeps,
): Promise<{ filename: string; pdf: Buffer }> {
  const billerId = await billingAdministrationId(db, deps);
  const [payment] = /^[0-9a-f-]{36}$/i.test(paymentId)
    ? await db
        .select()
        .from(billingPayments)
        .where(and(eq(billingPayments.id, paymentId), eq(billingPayments.userId, userId)))
    : [];
  if (!payment?.invoiceId || !billerId) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const { document, qrPayload } = await buildInvoiceDocument(db, billerId, payment.invoiceId, {
    withImages: false,
  });
  // Paid already: no payment request on it.
  return {
    filename: pdfFilename(document.invoiceNumber),
    pdf: await renderInvoicePdf(document, document.payment ? qrPayload : null),
  };
}

/** The billing job: trial reminders by e-mail (each once) and invoices still to make for paid payments. */
export async function runBillingJob(db: Database, now: Date, deps: BillingDeps): Promise<number> {
  if (!deps.provider) return 0;
  const today = businessDate(now);
  let done = 0;
  const uninvoiced = await db
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(
      and(
        isNull(billingPayments.invoiceId),
        isNotNull(billingPayments.paidAt),
        eq(billingPayments.status, "paid"),
      ),
    )
    .orderBy(asc(billingPayments.paidAt))
    .limit(50);
  for (const payment of uninvoiced) {
    await invoiceBillingPayment(db, payment.id, now, deps);
    done++;
  }
  done += await cancelErasedSubscriptions(db, deps.provider, deps.log);
  for (const [kind, daysBefore] of [
    ["trial-ends-soon", TRIAL_REMINDER_DAYS],
    ["trial-ends-today", 0],
  ] as const) {
    done += await mailTrialReminders(db, now, addDays(today, daysBefore), kind);
  }
  return done;
}

/** The subscriptions of erased accounts, cancelled at the provider; one the provider cannot reach stays queued. */
async function cancelErasedSubscriptions(
  db: Database,
  provider: SubscriptionProvider,
  log: FastifyBaseLogger,
): Promise<number> {
  const queued = await db.select().from(billingCancellations).limit(50);
  let cancelled = 0;
  for (const row of queued) {
    try {
      await provider.cancelSubscription(row.providerCustomerId, row.providerSubscriptionId);
    } catch (error) {
      // Already gone at the provider: cancelled all the same.
      if (!(error instanceof ProviderNotFound)) {
        log.warn(
          { err: error },
          "subscription of an erased account not cancelled yet; the billing job retries",
        );
        continue;
      }
    }
    await db
      .delete(billingCancellations)
      .where(eq(billingCancellations.providerSubscriptionId, row.providerSubscriptionId));
    cancelled++;
  }
  return cancelled;
}

/** Customers whose trial ends on `lastDay`, have not subscribed, and were not mailed this reminder yet. */
async function mailTrialReminders(
  db: Database,
  now: Date,
  lastDay: string,
  kind: "trial-ends-soon" | "trial-ends-today",
): Promise<number> {
  const due = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(
      and(
        eq(users.isDemo, false),
        eq(users.isOperator, false),
        isNull(users.erasedAt),
        isNotNull(users.email),
        sql`coalesce(${billingAccounts.trialEndsOn}, (${users.createdAt} at time zone 'Europe/Amsterdam')::date + 14) = ${lastDay}::date`,
        sql`not exists (select 1 from ${billingPayments} where ${billingPayments.userId} = ${users.id} and ${billingPayments.status} = 'paid')`,
        sql`not exists (select 1 from ${billingNotices} where ${billingNotices.userId} = ${users.id} and ${billingNotices.kind} = ${`${kind}:${lastDay}`})`,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const customer of due) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(billingNotices)
        .values({ userId: customer.id, kind: `${kind}:${lastDay}`, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: billingNotices.userId });
      if (!claimed) return;
      const price = subscriptionPrice();
      const when = kind === "trial-ends-today" ? "vandaag" : `op ${formatDate(lastDay)}`;
      await sendMail(tx, {
        recipient: customer.email!,
        userId: customer.id,
        reference: `billing:${customer.id}`,
        subject: `Je proefperiode van Balans eindigt ${when}`,
        text: [
          `Hallo${customer.firstName ? ` ${customer.firstName}` : ""},`,
          "",
          `Je gratis proefperiode van Balans eindigt ${when}. Daarna kun je je administratie nog inzien en exporteren, maar niet meer boeken.`,
          "",
          `Start je abonnement voor ${formatEuro(price.net)} per maand excl. btw (${formatEuro(price.total)} incl. btw), maandelijks opzegbaar, in Balans bij Instellingen → Abonnement.`,
          "",
          "Je gegevens blijven altijd bewaard.",
          "",
          "Groet,",
          "Balans",
        ].join("\n"),
      });
      sent++;
    });
  }
  return sent;
}

/** The bell's notice about the trial: three days before its end and after, until a subscription is paid. */
export async function trialNotice(
  db: Database,
  user: SessionUser,
  now: Date,
  isBillingOn: boolean,
): Promise<{ title: string; description: string; href: string } | null> {
  const access = await billingAccessOf(db, user, now, isBillingOn);
  const href = `${APP_ROUTES.settings}?tab=subscription`;
  if (access.state === "read_only") {
    return {
      title: access.paidThrough ? "Je abonnement is afgelopen" : "Je proefperiode is afgelopen",
      description: "Je administratie is alleen-lezen. Start een abonnement om weer te boeken.",
      href,
    };
  }
  if (access.state !== "trial" || !access.trialEndsOn) return null;
  const today = businessDate(now);
  if (access.trialEndsOn === today) {
    return {
      title: "Je proefperiode eindigt vandaag",
      description: "Start een abonnement om te blijven boeken.",
      href,
    };
  }
  if (access.trialEndsOn <= addDays(today, TRIAL_REMINDER_DAYS)) {
    return {
      title: `Je proefperiode eindigt op ${formatDate(access.trialEndsOn)}`,
      description: "Start een abonnement om te blijven boeken.",
      href,
    };
  }
  return null;
}

/**
 * Erasure (privacy/erasure.ts): the subscription's record goes with the account; Balans's invoices stay in the
 * administration that bills, as its own fiscal records. A running subscription is queued for cancelling at the
 * provider (the billing job), so an erased account is never charged again.
 */
export async function forgetBilling(tx: Database, userId: string): Promise<void> {
  const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  if (account?.providerSubscriptionId && account.providerCustomerId) {
    await tx
      .insert(billingCancellations)
      .values({
        providerSubscriptionId: account.providerSubscriptionId,
        providerCustomerId: account.providerCustomerId,
      })
      .onConflictDoNothing();
  }
  await tx.delete(billingNotices).where(eq(billingNotices.userId, userId));
  await tx.delete(billingPayments).where(eq(billingPayments.userId, userId));
  await tx.delete(billingAccounts).where(eq(billingAccounts.userId, userId));
}

/** The data export (AVG art. 15 and 20): the trial, the subscription and its payments. */
export async function exportBilling(db: Database, userId: string) {
  const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  const payments = await db
    .select({
      providerPaymentId: billingPayments.providerPaymentId,
      status: billingPayments.status,
      amount: billingPayments.amount,
      periodStart: billingPayments.periodStart,
      periodEnd: billingPayments.periodEnd,
      paidAt: billingPayments.paidAt,
    })
    .from(billingPayments)
    .where(eq(billingPayments.userId, userId))
    .orderBy(asc(billingPayments.periodStart));
  return {
    trialEndsOn: account?.trialEndsOn ?? null,
    cancelledAt: account?.cancelledAt?.toISOString() ?? null,
    payments: payments.map((payment) => ({ ...payment, paidAt: payment.paidAt?.toISOString() ?? null })),
  };
}

/** Browser tests only (test-routes.ts): the account's trial ended yesterday, as if the clock had moved on. */
export async function endTrialNow(db: Database, username: string, now: Date): Promise<boolean> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) return false;
  const trialEndsOn = addDays(businessDate(now), -1);
  await db
    .insert(billingAccounts)
    .values({ userId: user.id, trialEndsOn })
    .onConflictDoUpdate({ target: billingAccounts.userId, set: { trialEndsOn } });
  return true;
}
