/**
 * The Mollie adapter, on Mollie's official client. `apiEndpoint` points it elsewhere than api.mollie.com (the
 * tests' local double of Mollie's API, MOLLIE_API_URL). The client has no timeout of its own and retries 5xx
 * answers, so every call is bounded here: a slow Mollie must never hold up sending an invoice.
 */
import { createMollieClient, Locale, PaymentEmbed, RefundStatus, type Payment } from "@mollie/api-client";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { PaymentLinkStatus } from "../../../shared/schemas/payment-links";
import {
  ProviderKeyRefused,
  ProviderUnavailable,
  type PaymentProvider,
  type PaymentProviderFactory,
  type ProviderPayment,
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

export function createMollieProvider(apiKey: string, apiEndpoint?: string): PaymentProvider {
  const client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    name: "mollie",
    async verifyKey() {
      // Listing the payment methods works for every valid key, test or live, and changes nothing.
      await call(() => client.methods.list());
    },
    async createPayment(input) {
      const payment = await call(() =>
        client.payments.create({
          amount: { currency: "EUR", value: centsToDecimal(input.amountCents) },
          description: input.description,
          redirectUrl: input.redirectUrl,
          ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
          metadata: input.metadata,
          locale: Locale.nl_NL,
        }),
      );
      return toProviderPayment(payment);
    },
    async getPayment(id) {
      const payment = await call(() => client.payments.get(id, { embed: [PaymentEmbed.refunds] }));
      return toProviderPayment(payment);
    },
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
