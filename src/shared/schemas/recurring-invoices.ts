import { isIsoDate } from "../dates";
import { VAT_CATEGORIES } from "../invoices/math";
import { SCHEDULE_INTERVALS } from "../recurrence";
import { z } from "../validation";
import { InvoiceItemInputSchema, MAX_INVOICE_LINES } from "./invoices";

export const RECURRING_INVOICE_MESSAGES = {
  clientRequired: "Kies een klant",
  descriptionRequired: "Geef het abonnement een omschrijving",
  descriptionTooLong: "De omschrijving mag hoogstens 200 tekens zijn",
  intervalRequired: "Kies hoe vaak er wordt gefactureerd",
  startDateRequired: "Startdatum is verplicht",
  invalidDate: "Vul een geldige datum in",
  startInPast: "De startdatum ligt in het verleden. Kies vandaag of later.",
  endBeforeStart: "De einddatum ligt vóór de startdatum",
  endAndCount: "Kies een einddatum of een aantal facturen, niet allebei",
  countInvalid: "Het aantal facturen is een heel getal van 1 tot en met 1000",
  countBelowMade: (made: number) => `Er zijn al ${made} facturen gemaakt: kies ${made} of meer`,
  paymentTermInvalid: "De betaaltermijn is een heel aantal dagen van 0 tot en met 365",
  notesTooLong: "De opmerkingen mogen hoogstens 5000 tekens zijn",
  linesRequired: "Voeg minstens één factuurregel toe",
  tooManyLines: `Een abonnement heeft hoogstens ${MAX_INVOICE_LINES} regels`,
  scheduleFixed:
    "Startdatum en interval liggen vast zodra er een factuur is gemaakt. Beëindig dit abonnement en maak een nieuw.",
  ended: "Dit abonnement is beëindigd en kan niet meer worden gewijzigd.",
  alreadyPaused: "Dit abonnement staat al gepauzeerd.",
  notPaused: "Dit abonnement is niet gepauzeerd.",
  noClient: "Dit abonnement heeft geen klant meer. Kies een klant bij het abonnement.",
  retryOnlyFailed: "Alleen een mislukte factuur kan opnieuw worden gemaakt.",
  notFound: "Abonnement niet gevonden",
} as const;

const optionalDate = z
  .string({ error: RECURRING_INVOICE_MESSAGES.invalidDate })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isIsoDate(value), RECURRING_INVOICE_MESSAGES.invalidDate);

/** A whole number from a number field or its text; empty is null. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
        return null;
      const number = typeof value === "number" ? value : Number(value.trim());
      if (!Number.isInteger(number) || number < min || number > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });

/**
 * POST/PUT /api/recurring-invoices: the abonnement form. The lines are the invoice's own (InvoiceItemInputSchema),
 * with the invoice form's messages.
 */
export const RecurringInvoiceInputSchema = z
  .object({
    clientId: z
      .string({ error: RECURRING_INVOICE_MESSAGES.clientRequired })
      .trim()
      .min(1, RECURRING_INVOICE_MESSAGES.clientRequired),
    description: z
      .string({ error: RECURRING_INVOICE_MESSAGES.descriptionRequired })
      .trim()
      .min(1, RECURRING_INVOICE_MESSAGES.descriptionRequired)
      .max(200, RECURRING_INVOICE_MESSAGES.descriptionTooLong),
    interval: z.enum(SCHEDULE_INTERVALS, { error: RECURRING_INVOICE_MESSAGES.intervalRequired }),
    startDate: z
      .string({ error: RECURRING_INVOICE_MESSAGES.startDateRequired })
      .trim()
      .min(1, RECURRING_INVOICE_MESSAGES.startDateRequired)
      .refine(isIsoDate, RECURRING_INVOICE_MESSAGES.invalidDate),
    endDate: optionalDate,
    invoiceCount: wholeNumber(RECURRING_INVOICE_MESSAGES.countInvalid, 1, 1000),
    paymentTermDays: wholeNumber(RECURRING_INVOICE_MESSAGES.paymentTermInvalid, 0, 365).transform(
      (value) => value ?? 14,
    ),
    sendsAtOnce: z.boolean({ error: "Kies of de facturen meteen worden verstuurd" }).default(false),
    notes: z
      .string()
      .trim()
      .max(5000, RECURRING_INVOICE_MESSAGES.notesTooLong)
      .nullish()
      .transform((value) => value || null),
    items: z
      .array(InvoiceItemInputSchema, { error: RECURRING_INVOICE_MESSAGES.linesRequired })
      .min(1, RECURRING_INVOICE_MESSAGES.linesRequired)
      .max(MAX_INVOICE_LINES, RECURRING_INVOICE_MESSAGES.tooManyLines),
  })
  .superRefine((input, context) => {
    if (input.endDate !== null && input.invoiceCount !== null) {
      context.addIssue({
        code: "custom",
        path: ["invoiceCount"],
        message: RECURRING_INVOICE_MESSAGES.endAndCount,
      });
    }
    if (input.endDate !== null && input.endDate < input.startDate) {
      context.addIssue({
        code: "custom",
        path: ["endDate"],
        message: RECURRING_INVOICE_MESSAGES.endBeforeStart,
      });
    }
  });
export type RecurringInvoiceFormInput = z.input<typeof RecurringInvoiceInputSchema>;
export type RecurringInvoiceInput = z.output<typeof RecurringInvoiceInputSchema>;

export const RECURRING_INVOICE_STATUSES = ["active", "paused", "ended"] as const;
export type RecurringInvoiceStatus = (typeof RECURRING_INVOICE_STATUSES)[number];
export const RECURRING_INVOICE_STATUS_LABELS: Readonly<Record<RecurringInvoiceStatus, string>> = {
  active: "Actief",
  paused: "Gepauzeerd",
  ended: "Beëindigd",
};

export const RecurringInvoiceLineAnswerSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  vatCategory: z.enum(VAT_CATEGORIES),
});
export type RecurringInvoiceLineAnswer = z.infer<typeof RecurringInvoiceLineAnswerSchema>;

/** One template as the list and the form show it; amounts are decimal strings. */
export const RecurringInvoiceSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  description: z.string(),
  interval: z.enum(SCHEDULE_INTERVALS),
  startDate: z.string(),
  endDate: z.string().nullable(),
  invoiceCount: z.number().nullable(),
  paymentTermDays: z.number(),
  sendsAtOnce: z.boolean(),
  notes: z.string().nullable(),
  items: z.array(RecurringInvoiceLineAnswerSchema),
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  status: z.enum(RECURRING_INVOICE_STATUSES),
  /** The day the next invoice is made; null when none will be (ended, paused or the schedule is done). */
  nextDate: z.string().nullable(),
  invoicesMade: z.number(),
  failedRuns: z.number(),
  endedOn: z.string().nullable(),
});
export type RecurringInvoice = z.infer<typeof RecurringInvoiceSchema>;

/** One period of the history: the invoice made, or why it failed. */
export const RecurringInvoiceRunSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  periodLabel: z.string(),
  status: z.enum(["made", "failed"]),
  failureReason: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceStatus: z.enum(["draft", "sent", "paid", "overdue"]).nullable(),
  invoiceTotal: z.string().nullable(),
  createdAt: z.string(),
});
export type RecurringInvoiceRun = z.infer<typeof RecurringInvoiceRunSchema>;
