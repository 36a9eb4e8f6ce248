/**
 * Online payments ('Betaal online'): the user's own Mollie API key in Settings, and what the public page after
 * paying shows. The key is checked here for its shape and by Mollie itself before it is saved.
 */
import { z } from "../validation";

/** Mollie's API keys: 'test_' or 'live_' and 30 letters and digits (docs.mollie.com, 'Authentication'). */
export const MOLLIE_API_KEY_PATTERN = /^(test|live)_[A-Za-z0-9]{30,}$/;

export const PAYMENT_LINK_MESSAGES = {
  keyRequired: "Vul je Mollie API-sleutel in",
  keyMalformed:
    "Dit is geen Mollie API-sleutel: die begint met test_ of live_, gevolgd door 30 letters en cijfers",
  keyRefused:
    "Mollie weigert deze API-sleutel. Kopieer hem opnieuw uit je Mollie-dashboard (Ontwikkelaars → API-sleutels).",
  providerUnreachable: "Mollie is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.",
  notConfigured: "Online betalen staat niet aan. Vul eerst je Mollie API-sleutel in bij Instellingen.",
  nothingToPay: "Deze factuur heeft geen openstaand bedrag om online te betalen.",
  linkNotFound: "Deze betaling is niet gevonden.",
} as const;

export const OnlinePaymentsInputSchema = z.object({
  apiKey: z
    .string({ error: PAYMENT_LINK_MESSAGES.keyRequired })
    .trim()
    .min(1, PAYMENT_LINK_MESSAGES.keyRequired)
    .regex(MOLLIE_API_KEY_PATTERN, PAYMENT_LINK_MESSAGES.keyMalformed),
});
export type OnlinePaymentsInput = z.infer<typeof OnlinePaymentsInputSchema>;

/** Settings → Online betalen. The key is never sent back whole: only its mode and last four characters. */
export const OnlinePaymentsSchema = z.discriminatedUnion("isConfigured", [
  z.object({ isConfigured: z.literal(false) }),
  z.object({
    isConfigured: z.literal(true),
    provider: z.literal("mollie"),
    mode: z.enum(["test", "live"]),
    maskedKey: z.string(),
    updatedAt: z.string(),
  }),
]);
export type OnlinePayments = z.infer<typeof OnlinePaymentsSchema>;

export const PAYMENT_LINK_STATUSES = [
  "open",
  "pending",
  "authorized",
  "paid",
  "failed",
  "canceled",
  "expired",
] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** A 'Betaal online' link of an invoice. */
export const PaymentLinkSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  amount: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

/** The public page after paying: no account, so only what the payer already knows. */
export const PaymentReturnSchema = z.object({
  state: z.enum(["paid", "processing", "failed"]),
  invoiceNumber: z.string(),
  sellerName: z.string(),
  amount: z.string(),
});
export type PaymentReturn = z.infer<typeof PaymentReturnSchema>;
