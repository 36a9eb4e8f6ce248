/**
 * The adapter every payment provider implements (Mollie first, mollie.ts). Amounts are integer cents in euro.
 * Shaped after what payment links need: create a payment and read it back, as the provider's webhook tells
 * only an id and the payment itself is the truth. Balans's own subscriptions (features/billing) add a customer,
 * its first payment (which gives the mandate) and the subscription that charges it monthly, with the same errors.
 */
import type { PaymentLinkStatus } from "../../../shared/schemas/payment-links";

export type CreateProviderPayment = {
  amountCents: number;
  description: string;
  /** Where the payer lands after paying (or giving up). */
  redirectUrl: string;
  /** Where the provider reports a change; null when Balans has no address the provider can reach. */
  webhookUrl: string | null;
  metadata: Record<string, string>;
};

export type ProviderRefund = {
  id: string;
  amountCents: number;
  /** True unless the refund failed or was canceled: the money goes (or went) back to the payer. */
  isEffective: boolean;
};

export type ProviderPayment = {
  id: string;
  status: PaymentLinkStatus;
  amountCents: number;
  checkoutUrl: string | null;
  refunds: ProviderRefund[];
};

export interface PaymentProvider {
  readonly name: "mollie";
  /** Asks the provider whether the key works; throws ProviderKeyRefused when it does not. */
  verifyKey(): Promise<void>;
  createPayment(input: CreateProviderPayment): Promise<ProviderPayment>;
  /** The payment as the provider has it now, with its refunds. */
  getPayment(id: string): Promise<ProviderPayment>;
}

/** A payment as subscriptions read it: whose customer and subscription it belongs to, and what was charged back. */
export type ProviderSubscriptionPayment = ProviderPayment & {
  customerId: string | null;
  subscriptionId: string | null;
  sequenceType: "oneoff" | "first" | "recurring";
  chargedBackCents: number;
};

export type CreateProviderSubscription = {
  customerId: string;
  amountCents: number;
  /** The first day charged by the subscription (YYYY-MM-DD). */
  startDate: string;
  description: string;
  webhookUrl: string | null;
  metadata: Record<string, string>;
};

/** Recurring charges on a customer's mandate: Balans's own monthly subscription. */
export interface SubscriptionProvider {
  createCustomer(input: { name: string; email: string | null; metadata: Record<string, string> }): Promise<{
    id: string;
  }>;
  /** The customer's first payment, made at the checkout; once paid, it is the mandate for the recurring ones. */
  createFirstPayment(
    input: CreateProviderPayment & { customerId: string },
  ): Promise<ProviderSubscriptionPayment>;
  getSubscriptionPayment(id: string): Promise<ProviderSubscriptionPayment>;
  createSubscription(input: CreateProviderSubscription): Promise<{ id: string }>;
  cancelSubscription(customerId: string, subscriptionId: string): Promise<void>;
}

/** Makes the adapter for a user's key: the key is per user, the provider's address per installation. */
export type PaymentProviderFactory = (apiKey: string) => PaymentProvider;

/** The provider refused the API key (HTTP 401/403). */
export class ProviderKeyRefused extends Error {
  constructor(cause: unknown) {
    super("The payment provider refused the API key", { cause });
    this.name = "ProviderKeyRefused";
  }
}

/** The provider answered something else than success (unreachable, an error, too slow). */
export class ProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super("The payment provider could not be reached", { cause });
    this.name = "ProviderUnavailable";
  }
}

/** The provider has no such record for this key (HTTP 404): a payment of another account, or none at all. */
export class ProviderNotFound extends ProviderUnavailable {
  constructor(cause: unknown) {
    super(cause);
    this.name = "ProviderNotFound";
  }
}
