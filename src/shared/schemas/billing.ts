/**
 * Balans's own subscription (Settings → Abonnement): the 14-day trial, the monthly subscription through Balans's
 * payment provider, and what happens after either runs out (read-only, nothing deleted).
 */
import { addDays } from "../dates";
import { MARKETING } from "../content/marketing";
import { parseCents, type Cents } from "../money";
import { z } from "../validation";

export const BILLING_MESSAGES = {
  trialEnded:
    "Je proefperiode is afgelopen. Start een abonnement om weer te boeken; je gegevens blijven bewaard.",
  subscriptionEnded:
    "Je abonnement is afgelopen. Start het abonnement opnieuw om weer te boeken; je gegevens blijven bewaard.",
  notAvailable: "Abonnementen zijn op deze installatie niet beschikbaar.",
  notBilled: "Voor dit account is geen abonnement nodig.",
  alreadyActive: "Je abonnement loopt al.",
  nothingToCancel: "Er is geen lopend abonnement om op te zeggen.",
  providerUnreachable: "De betaaldienst is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.",
  invoiceNotFound: "Factuur niet gevonden",
} as const;

/** The trial's length in calendar days after the day of sign-up (the public site promises it). */
export const TRIAL_DAYS = MARKETING.trialDays;
/** Trial reminders: this many days before the last day, and on the last day itself. */
export const TRIAL_REMINDER_DAYS = 3;
/** The VAT rate on the subscription (Wet OB art. 9: the general rate). */
export const SUBSCRIPTION_VAT_HUNDREDTHS = 2100;

/** The monthly price as the public site states it (excl. btw), its VAT and what is charged. */
export function subscriptionPrice(): { net: Cents; vat: Cents; total: Cents } {
  const net = parseCents(MARKETING.price.amount)!;
  const vat = Math.round((net * SUBSCRIPTION_VAT_HUNDREDTHS) / 10_000);
  return { net, vat, total: net + vat };
}

/** The trial of an account that signed up on `signupDay`: its last day (inclusive). */
export const trialEndOf = (signupDay: string) => addDays(signupDay, TRIAL_DAYS);

/**
 * - unlimited: never billed (billing off on this installation, a demo account, an operator)
 * - trial: within the trial
 * - active: within a paid month (also after cancelling, until that month ends)
 * - read_only: neither: reads and exports work, writes are refused
 */
export type BillingState = "unlimited" | "trial" | "active" | "read_only";

/** Whether the account may write today: through the trial's last day and through the last paid day. */
export function billingStateOn(
  today: string,
  account: { trialEndsOn: string; paidThrough: string | null },
): Exclude<BillingState, "unlimited"> {
  if (account.paidThrough !== null && today <= account.paidThrough) return "active";
  if (today <= account.trialEndsOn) return "trial";
  return "read_only";
}

export const BillingInvoiceSchema = z.object({
  /** The billing payment's id: the download is /api/billing/invoices/:id/pdf. */
  id: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: z.string(),
});
export type BillingInvoice = z.infer<typeof BillingInvoiceSchema>;

/** GET /api/billing: the account's trial or subscription as Settings → Abonnement and the banner show it. */
export const BillingStatusSchema = z.object({
  /** False when this installation has no payment provider for subscriptions: nothing expires then. */
  isAvailable: z.boolean(),
  state: z.enum(["unlimited", "trial", "active", "read_only"]),
  trialEndsOn: z.string().nullable(),
  /** Days from today to the trial's last day (0 on that day); null outside the trial. */
  trialDaysLeft: z.number().nullable(),
  /** The last day of the paid months; null before the first payment. */
  paidThrough: z.string().nullable(),
  /** A subscription runs at the provider and renews monthly. */
  isRenewing: z.boolean(),
  /** Cancelled: it stays active until paidThrough. */
  isCancelled: z.boolean(),
  /** The latest monthly payment failed or was charged back. */
  hasFailedPayment: z.boolean(),
  /** A first payment started and not finished: its checkout. */
  pendingCheckoutUrl: z.string().nullable(),
  price: z.object({ net: z.string(), vat: z.string(), total: z.string() }),
  invoices: z.array(BillingInvoiceSchema),
});
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

/** POST /api/billing/subscription: where to pay the first month. */
export const BillingCheckoutSchema = z.object({ checkoutUrl: z.string() });
export type BillingCheckout = z.infer<typeof BillingCheckoutSchema>;
