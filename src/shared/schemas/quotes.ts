/**
 * Offertes: a quote has lines like an invoice (the same line schema and totals), its own number series, a
 * validity date and an answer from the client on a public page. Everything here is Dutch.
 */
import { addDays, isIsoDate } from "../dates";
import { computeTotals, parseQuantity, VAT_CATEGORIES, type VatCategory } from "../invoices/math";
import { z } from "../validation";
import { lineItemInputSchema, MAIL_DELIVERIES, MAX_INVOICE_LINES, toLineInput } from "./invoices";

/**
 * What is stored: concept, verstuurd, geaccepteerd, afgewezen. 'Verlopen' is not stored but read from a sent
 * quote's validity date against today, so it can never be stale.
 */
export const STORED_QUOTE_STATUSES = ["draft", "sent", "accepted", "declined"] as const;
export const QUOTE_STATUSES = [...STORED_QUOTE_STATUSES, "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Readonly<Record<QuoteStatus, string>> = {
  draft: "Concept",
  sent: "Verstuurd",
  accepted: "Geaccepteerd",
  declined: "Afgewezen",
  expired: "Verlopen",
};

/** A new quote is valid for 30 days unless the user chooses otherwise. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
export const defaultValidUntil = (issueDate: string) => addDays(issueDate, DEFAULT_QUOTE_VALIDITY_DAYS);

export const QUOTE_MESSAGES = {
  clientRequired: "Kies een klant",
  issueDateRequired: "Offertedatum is verplicht",
  invalidDate: "Vul een geldige datum in",
  validUntilBeforeIssue: "De geldigheidsdatum mag niet vóór de offertedatum liggen",
  notesTooLong: "Een toelichting mag maximaal 5000 tekens zijn",
  linesRequired: "Voeg minstens één regel toe met omschrijving, aantal en btw-tarief",
  tooManyLines: `Een offerte kan maximaal ${MAX_INVOICE_LINES} regels hebben`,
  descriptionRequired: "Omschrijving is verplicht",
  descriptionTooLong: "Een omschrijving mag maximaal 500 tekens zijn",
  quantityInvalid: "Vul een aantal in met hooguit 2 decimalen",
  quantityPositive: "Het aantal moet groter dan 0 zijn",
  unitPriceInvalid: "Vul een prijs in met hooguit 2 decimalen, bijvoorbeeld 75,00",
  unitPriceMin: "De prijs mag niet negatief zijn",
  unitPriceRequired: "Prijs is verplicht",
  vatCategoryInvalid: "Kies een btw-tarief",
  amountAmbiguous: "Onduidelijk bedrag: schrijf de centen na een komma, bijvoorbeeld 1.000,00 of 12,50",
  statusInvalid: "Kies concept, verstuurd, geaccepteerd, afgewezen of verlopen",
  nameRequired: "Vul je naam in om de offerte te accepteren",
  nameTooLong: "Een naam mag maximaal 200 tekens zijn",
  reasonTooLong: "Een reden mag maximaal 1000 tekens zijn",
  percentageInvalid: "Vul een percentage in tussen 1 en 100, met hooguit 2 decimalen",
} as const;

const optionalDate = z
  .string({ error: QUOTE_MESSAGES.invalidDate })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isIsoDate(value), QUOTE_MESSAGES.invalidDate);

/** POST/PUT /api/quotes: a concept. Without a validity date it is valid for 30 days from its date. */
export const QuoteInputSchema = z
  .object({
    clientId: z.string({ error: QUOTE_MESSAGES.clientRequired }).trim().min(1, QUOTE_MESSAGES.clientRequired),
    issueDate: z
      .string({ error: QUOTE_MESSAGES.issueDateRequired })
      .trim()
      .min(1, QUOTE_MESSAGES.issueDateRequired)
      .refine(isIsoDate, QUOTE_MESSAGES.invalidDate),
    validUntil: optionalDate,
    notes: z
      .string()
      .trim()
      .max(5000, QUOTE_MESSAGES.notesTooLong)
      .nullish()
      .transform((value) => value || null),
    items: z
      .array(lineItemInputSchema(QUOTE_MESSAGES), { error: QUOTE_MESSAGES.linesRequired })
      .min(1, QUOTE_MESSAGES.linesRequired)
      .max(MAX_INVOICE_LINES, QUOTE_MESSAGES.tooManyLines),
  })
  .transform((quote) => ({ ...quote, validUntil: quote.validUntil ?? defaultValidUntil(quote.issueDate) }))
  .superRefine((quote, context) => {
    if (quote.validUntil < quote.issueDate) {
      context.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: QUOTE_MESSAGES.validUntilBeforeIssue,
      });
    }
  });
export type QuoteFormInput = z.input<typeof QuoteInputSchema>;
export type QuoteInput = z.output<typeof QuoteInputSchema>;

/** The totals of a quote's lines: the invoice's own arithmetic (VAT per rate, half up). */
export const quoteTotals = (items: QuoteInput["items"]) => computeTotals(items.map(toLineInput));

export const QuoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: QUOTE_MESSAGES.statusInvalid }).optional(),
});

/** POST /api/quotes/{id}/convert: the whole quote, or a deposit (aanbetaling) of a percentage. */
export const ConvertQuoteInputSchema = z.object({
  depositPercentage: z
    .union([z.number(), z.string(), z.null()], { error: QUOTE_MESSAGES.percentageInvalid })
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined || value === "") return null;
      const hundredths = parseQuantity(value);
      if (hundredths === null || hundredths < 100 || hundredths > 10000) {
        context.addIssue({ code: "custom", message: QUOTE_MESSAGES.percentageInvalid });
        return z.NEVER;
      }
      return hundredths;
    }),
});
export type ConvertQuoteFormInput = z.input<typeof ConvertQuoteInputSchema>;

/** The public page: accepting takes the client's typed name, declining an optional reason. */
export const QuoteTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
export const AcceptQuoteInputSchema = QuoteTokenSchema.extend({
  name: z
    .string({ error: QUOTE_MESSAGES.nameRequired })
    .trim()
    .min(2, QUOTE_MESSAGES.nameRequired)
    .max(200, QUOTE_MESSAGES.nameTooLong),
});
export type AcceptQuoteInput = z.infer<typeof AcceptQuoteInputSchema>;
export const DeclineQuoteInputSchema = QuoteTokenSchema.extend({
  reason: z
    .string()
    .trim()
    .max(1000, QUOTE_MESSAGES.reasonTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type DeclineQuoteInput = z.infer<typeof DeclineQuoteInputSchema>;

export const QuoteItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.string(),
  rate: z.string(),
  vatCategory: z.enum(VAT_CATEGORIES),
  amount: z.string(),
});
export type QuoteItem = z.infer<typeof QuoteItemSchema>;

const QUOTE_ANSWERS = ["accepted", "declined"] as const;

export const QuoteAnswerSchema = z.object({
  status: z.enum(QUOTE_ANSWERS),
  name: z.string().nullable(),
  reason: z.string().nullable(),
  answeredAt: z.string(),
  ip: z.string().nullable(),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswerSchema>;

export const QuoteSchema = z.object({
  id: z.string(),
  quoteNumber: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  issueDate: z.string(),
  validUntil: z.string(),
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  status: z.enum(QUOTE_STATUSES),
  sentAt: z.string().nullable(),
  answer: QuoteAnswerSchema.nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** Hundredths of a percent when the invoice was a deposit (3000: 30%), else null. */
  depositPercentage: z.number().nullable(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteDetailSchema = QuoteSchema.extend({
  notes: z.string().nullable(),
  items: z.array(QuoteItemSchema),
  /** The e-mails with the quote, oldest first. */
  mails: z.array(z.object({ recipient: z.string(), queuedAt: z.string(), sentAt: z.string().nullable() })),
});
export type QuoteDetail = z.infer<typeof QuoteDetailSchema>;

/** POST /api/quotes/:id/send and /resend: the quote as sent, to whom and how the mail went. */
export const SentQuoteSchema = z.object({
  quote: QuoteDetailSchema,
  recipient: z.string(),
  delivery: z.enum(MAIL_DELIVERIES),
});
export type SentQuote = z.infer<typeof SentQuoteSchema>;

/** GET /api/quotes/by-invoice/:invoiceId: the quote an invoice came from, or null. */
export const QuoteOfInvoiceSchema = z
  .object({ id: z.string(), quoteNumber: z.string().nullable() })
  .nullable();

/** What the client sees on the public page. */
export const PublicQuoteSchema = z.object({
  quoteNumber: z.string(),
  status: z.enum(QUOTE_STATUSES),
  issueDate: z.string(),
  validUntil: z.string(),
  sellerName: z.string(),
  clientName: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      unitPrice: z.string(),
      vatLabel: z.string(),
      amount: z.string(),
    }),
  ),
  vatBreakdown: z.array(z.object({ label: z.string(), base: z.string(), vat: z.string() })),
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  answer: z
    .object({ status: z.enum(QUOTE_ANSWERS), name: z.string().nullable(), answeredAt: z.string() })
    .nullable(),
});
export type PublicQuote = z.infer<typeof PublicQuoteSchema>;

/** How the quote form and page name a VAT category (Dutch, like the documents). */
const DUTCH_VAT_LABELS: Readonly<Partial<Record<VatCategory, string>>> = {
  "21": "21%",
  "9": "9%",
  "0": "0%",
  reverse_charge: "Btw verlegd",
  exempt: "Vrijgesteld",
};
export const VAT_CATEGORY_OPTIONS: ReadonlyArray<{ value: VatCategory; label: string }> =
  VAT_CATEGORIES.filter((value) => DUTCH_VAT_LABELS[value] !== undefined).map((value) => ({
    value,
    label: DUTCH_VAT_LABELS[value]!,
  }));
