/**
 * Purchase invoices and receipts (inkoopfacturen): what the API answers and accepts. Amounts are decimals as
 * strings in answers ("121.00"); inputs accept what a person types ("121,00") or numbers.
 */
import { isIsoDate } from "../dates";
import { isUuid, z } from "../validation";
import { isValidIban, IBAN_MESSAGE, formatIban } from "../validators/iban";
import { amountCents } from "./amount";
import { pageLimit, pageOffset } from "./paging";

export const PURCHASE_STATUSES = ["reading", "review", "booked", "paid"] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PURCHASE_STATUS_LABELS: Readonly<Record<PurchaseStatus, string>> = {
  reading: "Wordt gelezen",
  review: "Te controleren",
  booked: "Geboekt",
  paid: "Betaald",
};

export const PURCHASE_SOURCES = ["upload", "camera", "email", "manual"] as const;
export type PurchaseSource = (typeof PURCHASE_SOURCES)[number];

/** The VAT of a purchase (server schema enums.ts): which rubrieken of the VAT return it lands in. */
export const PURCHASE_VAT_TREATMENTS = ["domestic", "reverse_charge", "eu", "non_eu", "none"] as const;
export type PurchaseVatTreatment = (typeof PURCHASE_VAT_TREATMENTS)[number];
export const PURCHASE_VAT_TREATMENT_LABELS: Readonly<Record<PurchaseVatTreatment, string>> = {
  domestic: "Btw in rekening gebracht (voorbelasting, 5b)",
  reverse_charge: "Btw verlegd binnen Nederland (2a)",
  eu: "Uit een ander EU-land, btw verlegd (4b)",
  non_eu: "Van buiten de EU, btw verlegd (4a)",
  none: "Geen aftrekbare btw",
};
/** With the VAT shifted to the buyer, the buyer computes it from the amount: the supplier charged none. */
export const isShiftedVat = (treatment: PurchaseVatTreatment) =>
  treatment === "reverse_charge" || treatment === "eu" || treatment === "non_eu";

export const PURCHASE_VAT_RATES = [21, 9, 0] as const;

/** The largest upload: a phone photo or a scanned PDF fits easily; a larger file is refused with this text. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const MAX_PURCHASE_LINES = 50;

export const PURCHASE_MESSAGES = {
  tooLarge:
    "Dit bestand is groter dan 25 MB. Verklein het (bijvoorbeeld een foto met een lagere resolutie) en probeer het opnieuw.",
  empty: "Dit bestand is leeg.",
  duplicate: "Dit bestand heb je al eerder toegevoegd.",
  fileNameTooLong: "De bestandsnaam mag maximaal 200 tekens zijn",
  supplierRequired: "Kies een leverancier of vul de naam in",
  supplierNotFound: "Leverancier niet gevonden",
  supplierNameTooLong: "De naam van de leverancier mag maximaal 200 tekens zijn",
  invoiceDateRequired: "Vul de factuurdatum in",
  invalidDate: "Vul een geldige datum in",
  dueBeforeInvoice: "De vervaldatum kan niet vóór de factuurdatum liggen",
  invoiceNumberTooLong: "Het factuurnummer mag maximaal 100 tekens zijn",
  descriptionTooLong: "De omschrijving mag maximaal 500 tekens zijn",
  referenceTooLong: "Het betalingskenmerk mag maximaal 140 tekens zijn",
  treatment: "Kies hoe de btw is berekend",
  rate: "Kies een btw-tarief: 21%, 9% of 0%",
  amount: "Vul een bedrag in, bijvoorbeeld 100,00",
  vatAmount: "Vul het btw-bedrag in, bijvoorbeeld 21,00",
  vatMismatch: (rate: number) => `Het btw-bedrag past niet bij ${rate}% van het bedrag`,
  linesRequired: "Vul minstens één bedrag in",
  tooManyLines: `Een inkoopfactuur heeft maximaal ${MAX_PURCHASE_LINES} regels`,
  category: "Kies een categorie voor uitgaven",
  alreadyBooked: "Deze inkoopfactuur is al geboekt.",
  stillReading: "Balans leest dit document nog; even geduld.",
  duplicateNumber: (number: string, supplier: string) =>
    `Factuur ${number} van ${supplier} is al geboekt. Verwijder deze dubbele of gebruik een ander factuurnummer.`,
  deleteBooked:
    "Een geboekte inkoopfactuur kan niet verwijderd worden: de administratie moet hem bewaren. Corrigeer hem met een creditfactuur.",
  notBooked: "Boek de inkoopfactuur eerst; een factuur in controle kan nog niet betaald worden.",
  alreadyPaid: "Deze inkoopfactuur is al betaald.",
  beforeInvoice: "De betaaldatum kan niet vóór de factuurdatum liggen",
  refundTooLarge: "Je kunt niet meer terugkrijgen dan je te veel betaalde.",
  notFound: "Inkoopfactuur niet gevonden",
  documentNotFound: "Geen document bij deze inkoopfactuur",
  paymentNotFound: "Betaling niet gevonden",
  noInbox: "De e-mailinbox voor inkoopfacturen staat niet aan op deze server.",
} as const;

/** A number from the API or a string from a form field. */
const amountField = (message: string, { allowEmpty = false } = {}) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
        if (!allowEmpty) context.addIssue({ code: "custom", message });
        return null;
      }
      const cents = amountCents(value, context, message);
      if (cents === null) return z.NEVER;
      if (Math.abs(cents) > 99_999_999_99) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

const optionalDate = z
  .string({ error: PURCHASE_MESSAGES.invalidDate })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isIsoDate(value), PURCHASE_MESSAGES.invalidDate);

const optionalId = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isUuid(value), message);

export const PurchaseLineInputSchema = z.object({
  description: optionalText(200, PURCHASE_MESSAGES.descriptionTooLong),
  categoryId: optionalId(PURCHASE_MESSAGES.category),
  vatRate: z.coerce
    .number({ error: PURCHASE_MESSAGES.rate })
    .refine((rate) => (PURCHASE_VAT_RATES as readonly number[]).includes(rate), PURCHASE_MESSAGES.rate),
  /** Excluding VAT; negative on a supplier's credit note. */
  netAmount: amountField(PURCHASE_MESSAGES.amount),
  /** The VAT the supplier charged; computed by Balans when the VAT is shifted to the buyer. */
  vatAmount: amountField(PURCHASE_MESSAGES.vatAmount, { allowEmpty: true }),
});
export type PurchaseLineInput = z.output<typeof PurchaseLineInputSchema>;

const purchaseInvoiceFields = z.object({
  supplierId: optionalId(PURCHASE_MESSAGES.supplierNotFound),
  /** A supplier not yet in Relaties: created on booking, with the details read from the document. */
  supplierName: optionalText(200, PURCHASE_MESSAGES.supplierNameTooLong),
  invoiceNumber: optionalText(100, PURCHASE_MESSAGES.invoiceNumberTooLong),
  invoiceDate: optionalDate,
  dueDate: optionalDate,
  description: optionalText(500, PURCHASE_MESSAGES.descriptionTooLong),
  vatTreatment: z.enum(PURCHASE_VAT_TREATMENTS, { error: PURCHASE_MESSAGES.treatment }).default("domestic"),
  iban: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isValidIban(value), IBAN_MESSAGE)
    .transform((value) => (value ? formatIban(value) : null)),
  paymentReference: optionalText(140, PURCHASE_MESSAGES.referenceTooLong),
  lines: z.array(PurchaseLineInputSchema).max(MAX_PURCHASE_LINES, PURCHASE_MESSAGES.tooManyLines).default([]),
});

function checkDates(
  input: { invoiceDate: string | null; dueDate: string | null; paidOn?: string | null },
  context: z.RefinementCtx,
) {
  if (input.invoiceDate && input.dueDate && input.dueDate < input.invoiceDate) {
    context.addIssue({ code: "custom", path: ["dueDate"], message: PURCHASE_MESSAGES.dueBeforeInvoice });
  }
  if (input.invoiceDate && input.paidOn && input.paidOn < input.invoiceDate) {
    context.addIssue({ code: "custom", path: ["paidOn"], message: PURCHASE_MESSAGES.beforeInvoice });
  }
}

/** The review form, saved as it is (PUT /api/purchase-invoices/{id}); nothing is required yet. */
export const PurchaseInvoiceInputSchema = purchaseInvoiceFields.superRefine(checkDates);

export const PURCHASE_PAYMENT_METHODS = ["bank", "cash", "card", "other"] as const;

/**
 * POST /api/purchase-invoices/{id}/book: the form saved and booked. A receipt paid at the till is paid in the
 * same step: `paidOn` with how (`paidWith`).
 */
export const PurchaseBookInputSchema = purchaseInvoiceFields
  .extend({
    paidOn: optionalDate,
    paidWith: z.enum(PURCHASE_PAYMENT_METHODS, { error: "Kies hoe er is betaald" }).default("card"),
  })
  .superRefine(checkDates);
export type PurchaseBookInput = z.output<typeof PurchaseBookInputSchema>;
export type PurchaseInvoiceFormInput = z.input<typeof PurchaseInvoiceInputSchema>;
export type PurchaseInvoiceInput = z.output<typeof PurchaseInvoiceInputSchema>;

export const PurchaseListQuerySchema = z.object({
  status: z.enum([...PURCHASE_STATUSES, "open", "overdue"]).optional(),
  supplierId: optionalId(PURCHASE_MESSAGES.supplierNotFound),
  q: z.string().trim().max(100).optional(),
  limit: pageLimit(200).default(50),
  offset: pageOffset,
});
export type PurchaseListQuery = z.input<typeof PurchaseListQuerySchema>;

export const PurchaseUploadQuerySchema = z.object({
  name: z.string().trim().min(1).max(200, PURCHASE_MESSAGES.fileNameTooLong).default("document"),
  source: z.enum(["upload", "camera"]).default("upload"),
});

// ---- Answers ------------------------------------------------------------------------------------------------

export const PURCHASE_FIELD_SOURCES = ["e_invoice", "pdf_text", "ocr", "supplier", "user"] as const;
export type PurchaseFieldSource = (typeof PURCHASE_FIELD_SOURCES)[number];
export const PURCHASE_FIELD_SOURCE_LABELS: Readonly<Record<PurchaseFieldSource, string>> = {
  e_invoice: "e-factuur",
  pdf_text: "tekst van de pdf",
  ocr: "tekstherkenning",
  supplier: "leverancier",
  user: "door jou ingevuld",
};

/** Where each prefilled field came from and how sure the reader was (0–1). */
export const PurchaseFieldOriginSchema = z.object({
  source: z.enum(PURCHASE_FIELD_SOURCES),
  confidence: z.number(),
});
export type PurchaseFieldOrigin = z.infer<typeof PurchaseFieldOriginSchema>;

export const PurchaseReadingSchema = z.object({
  method: z.enum(["e_invoice", "pdf_text", "ocr", "none"]),
  origins: z.record(z.string(), PurchaseFieldOriginSchema.optional()),
  warnings: z.array(z.string()),
  text: z.string().nullable(),
});
export type PurchaseReading = z.infer<typeof PurchaseReadingSchema>;

export const PurchaseLineSchema = z.object({
  description: z.string().nullable(),
  categoryId: z.string().nullable(),
  vatRate: z.number(),
  netAmount: z.string(),
  vatAmount: z.string(),
});
export type PurchaseLine = z.infer<typeof PurchaseLineSchema>;

export const PurchasePaymentSchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.string(),
  method: z.enum(PURCHASE_PAYMENT_METHODS),
  note: z.string().nullable(),
  transactionId: z.string().nullable(),
});
export type PurchasePayment = z.infer<typeof PurchasePaymentSchema>;

export const PurchaseInvoiceSummarySchema = z.object({
  id: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  source: z.enum(PURCHASE_SOURCES),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  total: z.string(),
  openAmount: z.string(),
  isOverdue: z.boolean(),
  hasDocument: z.boolean(),
  readingProgress: z.number(),
  createdAt: z.string(),
});
export type PurchaseInvoiceSummary = z.infer<typeof PurchaseInvoiceSummarySchema>;

/** A supplier the document names that is not in Relaties yet: created when the invoice is booked. */
export const ProposedSupplierSchema = z.object({
  name: z.string(),
  vatNumber: z.string().nullable(),
  kvkNumber: z.string().nullable(),
  iban: z.string().nullable(),
  country: z.string().nullable(),
});
export type ProposedSupplier = z.infer<typeof ProposedSupplierSchema>;

export const PurchaseInvoiceDetailSchema = PurchaseInvoiceSummarySchema.extend({
  description: z.string().nullable(),
  vatTreatment: z.enum(PURCHASE_VAT_TREATMENTS),
  iban: z.string().nullable(),
  paymentReference: z.string().nullable(),
  lines: z.array(PurchaseLineSchema),
  netAmount: z.string(),
  vatAmount: z.string(),
  payments: z.array(PurchasePaymentSchema),
  document: z
    .object({ fileName: z.string(), mimeType: z.string(), sizeBytes: z.number(), sha256: z.string() })
    .nullable(),
  reading: PurchaseReadingSchema.nullable(),
  proposedSupplier: ProposedSupplierSchema.nullable(),
  bookedAt: z.string().nullable(),
});
export type PurchaseInvoiceDetail = z.infer<typeof PurchaseInvoiceDetailSchema>;

export const PurchaseCounterSchema = z.object({ count: z.number(), amount: z.string() });
export type PurchaseCounter = z.infer<typeof PurchaseCounterSchema>;

export const PurchaseInvoiceListSchema = z.object({
  items: z.array(PurchaseInvoiceSummarySchema),
  total: z.number(),
  counters: z.object({
    toReview: z.number(),
    open: PurchaseCounterSchema,
    overdue: PurchaseCounterSchema,
    paidThisMonth: PurchaseCounterSchema,
  }),
});
export type PurchaseInvoiceList = z.infer<typeof PurchaseInvoiceListSchema>;

export const PurchaseInboxSchema = z.object({
  /** Off when the server has no inbox configured (INBOX_SMTP_PORT). */
  enabled: z.boolean(),
  address: z.string().nullable(),
});
export type PurchaseInbox = z.infer<typeof PurchaseInboxSchema>;
