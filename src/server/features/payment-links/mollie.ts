/**
 * The Mollie adapter, on Mollie's official client. `apiEndpoint` points it elsewhere than api.mollie.com (the
 * tests' local double of Mollie's API, MOLLIE_API_URL). The client has no timeout of its own and retries 5xx
 * answers, so every call is bounded here: a slow Mollie must never hold up sending an invoice.
 */
import {
  createMollieClient,
  Locale,
  PaymentEmbed,
  RefundStatus,
  SequenceType,
  type Payment,
} from "@mollie/api-client";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { PaymentLinkStatus } from "../../../shared/schemas/payment-links";
import {
  ProviderKeyRefused,
  ProviderNotFound,
  ProviderUnavailable,
  type CreateProviderPayment,
  type PaymentProvider,
  type PaymentProviderFactory,
  type ProviderPayment,
  type ProviderSubscriptionPayment,
  type SubscriptionProvider,
} from "./provider";

const CALL_TIMEOUT_MS = 10_000;
const STATUSES: readonly PaymentLinkStatus[] = [
  "open",
  "pending",
  "authorized",
  "paid",
  "failed",
  "canceled",
  "expired",
];

export function mollieProviders(options: { apiEndpoint?: string } = {}): PaymentProviderFactory {
  return (apiKey) => createMollieProvider(apiKey, options.apiEndpoint);
}

/** What every payment Balans asks Mollie for says: the amount in euro, where the payer returns, the webhook. */
const paymentFields = (input: CreateProviderPayment) => ({
  amount: { currency: "EUR", value: centsToDecimal(input.amountCents) },
  description: input.description,
  redirectUrl: input.redirectUrl,
  ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
  metadata: input.metadata,
  locale: Locale.nl_NL,
});

export function createMollieProvider(apiKey: string, apiEndpoint?: string): PaymentProvider {
  const client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    name: "mollie",
    async verifyKey() {
      // Listing the payment methods works for every valid key, test or live, and changes nothing.
      await call(() => client.methods.list());
    },
    async createPayment(input) {
      const payment = await call(() => client.payments.create(paymentFields(input)));
      return toProviderPayment(payment);
    },
    async getPayment(id) {
      const payment = await call(() => client.payments.get(id, { embed: [PaymentEmbed.refunds] }));
      return toProviderPayment(payment);
    },
  };
}

/** Balans's own subscriptions on Mollie: customers, their first payment (the mandate) and monthly subscriptions. */
export function createMollieSubscriptions(apiKey: string, apiEndpoint?: string): SubscriptionProvider {
  const client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    async createCustomer(input) {
      const customer = await call(() =>
        client.customers.create({
          name: input.name,
          ...(input.email ? { email: input.email } : {}),
          locale: Locale.nl_NL,
          metadata: input.metadata,
        }),
      );
      return { id: customer.id };
    },
    async createFirstPayment(input) {
      const payment = await call(() =>
        client.payments.create({
          ...paymentFields(input),
          customerId: input.customerId,
          sequenceType: SequenceType.first,
        }),
      );
      return toSubscriptionPayment(payment);
    },
    async getSubscriptionPayment(id) {
      const payment = await call(() => client.payments.get(id));
      return toSubscriptionPayment(payment);
    },
    async createSubscription(input) {
      const subscription = await call(() =>
        client.customerSubscriptions.create({
          customerId: input.customerId,
          amount: { currency: "EUR", value: centsToDecimal(input.amountCents) },
          interval: "1 month",
          startDate: input.startDate,
          description: input.description,
          ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
          metadata: input.metadata,
        } as Parameters<typeof client.customerSubscriptions.create>[0]),
      );
      return { id: subscription.id };
    },
    async cancelSubscription(customerId, subscriptionId) {
      await call(() => client.customerSubscriptions.cancel(subscriptionId, { customerId }));
    },
  };
}

function toSubscriptionPayment(payment: Payment): ProviderSubscriptionPayment {
  const sequenceType = payment.sequenceType === "first" || payment.sequenceType === "recurring";
  return {
    ...toProviderPayment(payment),
    customerId: payment.customerId ?? null,
    subscriptionId: payment.subscriptionId ?? null,
    sequenceType: sequenceType ? (payment.sequenceType as "first" | "recurring") : "oneoff",
    chargedBackCents: cents(payment.amountChargedBack?.value),
  };
}

/** Runs a Mollie call within the time limit and sorts its failure: a refused key, or Mollie unavailable. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProviderUnavailable("timeout")), CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 401 || status === 403) throw new ProviderKeyRefused(error);
    if (status === 404) throw new ProviderNotFound(error);
    throw new ProviderUnavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

const cents = (value: string | undefined) => (value === undefined ? 0 : (parseCents(value) ?? 0));

function toProviderPayment(payment: Payment): ProviderPayment {
  const status = STATUSES.find((known) => known === payment.status);
  if (!status) throw new ProviderUnavailable(`unknown payment status ${payment.status}`);
  return {
    id: payment.id,
    status,
    amountCents: cents(payment.amount.value),
    checkoutUrl: payment._links.checkout?.href ?? null,
    refunds: (payment._embedded?.refunds ?? []).map((refund) => ({
      id: refund.id,
      amountCents: cents(refund.amount.value),
      isEffective: refund.status !== RefundStatus.failed && refund.status !== RefundStatus.canceled,
    })),
  };
}
