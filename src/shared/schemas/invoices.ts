import { isIsoDate } from "../dates";
import { formatEuro } from "../format";
import { isUuid, z } from "../validation";
import { pageLimit, pageOffset } from "./paging";
import { AMOUNT_AMBIGUOUS_MESSAGE_EN, amountCents } from "./amount";
import { HOURS_GROUPINGS } from "../invoices/hours";
import { computeTotals, parseQuantity, VAT_CATEGORIES } from "../invoices/math";
import { seriesFormatError } from "../invoices/series";
import { InvoiceStyleSchema } from "./invoice-styles";
import { DOCUMENT_LANGUAGES } from "../invoices/document-texts";

/** Spec §3/§4: the invoice statuses; spec §2.15 shows them in Dutch in the list. */
export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  draft: "Concept",
  sent: "Verstuurd",
  paid: "Betaald",
  overdue: "Verlopen",
};

export const MAX_INVOICE_LINES = 100;
/** numeric(10,2) for quantity and unit price, numeric(12,2) for invoice amounts. */
const MAX_QUANTITY_HUNDREDTHS = 99_999_999_99;
const MAX_UNIT_PRICE_CENTS = 99_999_999_99;
const MAX_AMOUNT_CENTS = 9_999_999_999_99;

// The invoice form is English (spec §2.15, §5); these are its messages.
export const INVOICE_MESSAGES = {
  issueDateRequired: "Issue date is required",
  dueDateRequired: "Due date is required",
  subtotalRequired: "Subtotal is required",
  totalRequired: "Total is required",
  clientRequired: "Client is required",
  dueBeforeIssue: "Due date cannot be before the issue date",
  invalidDate: "Enter a valid date",
  amountMin: (label: string) => `${label} must be 0 or more`,
  amountInvalid: (label: string) => `${label} must be an amount with at most 2 decimals`,
  amountTooLarge: (label: string) => `${label} is too large`,
  totalMismatch: "Total must equal Subtotal + Tax Amount",
  linesMismatch: (label: string, cents: number) =>
    `${label} does not match the invoice lines (${formatEuro(cents)})`,
  linesRequired: "Add at least one line with a description, quantity and VAT rate",
  notesTooLong: "Notes may be at most 5000 characters",
  statusInvalid: "Status must be draft, sent, paid or overdue",
  descriptionRequired: "Description is required",
  descriptionTooLong: "Description may be at most 500 characters",
  quantityInvalid: "Quantity must be a number with at most 2 decimals",
  quantityPositive: "Quantity must be greater than 0",
  unitPriceInvalid: "Unit price must be an amount with at most 2 decimals",
  unitPriceMin: "Unit price must be 0 or more",
  unitPriceRequired: "Unit price is required",
  vatCategoryInvalid: "Choose a VAT rate",
  tooManyLines: `An invoice can have at most ${MAX_INVOICE_LINES} lines`,
} as const;

/** A number from the API or a string from a form field, as integer cents; empty is "not given" (null). */
const centsField = (label: string, requiredMessage?: string) =>
  z
    .union([z.number(), z.string(), z.null()], {
      error: requiredMessage ?? INVOICE_MESSAGES.amountInvalid(label),
    })
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
        if (requiredMessage) {
          context.addIssue({ code: "custom", message: requiredMessage });
          return z.NEVER;
        }
        return 0;
      }
      const cents = amountCents(
        value,
        context,
        INVOICE_MESSAGES.amountInvalid(label),
        AMOUNT_AMBIGUOUS_MESSAGE_EN,
      );
      if (cents === null) return z.NEVER;
      if (cents < 0) {
        context.addIssue({ code: "custom", message: INVOICE_MESSAGES.amountMin(label) });
        return z.NEVER;
      }
      if (cents > MAX_AMOUNT_CENTS) {
        context.addIssue({ code: "custom", message: INVOICE_MESSAGES.amountTooLarge(label) });
        return z.NEVER;
      }
      return cents;
    });

const requiredDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isIsoDate, INVOICE_MESSAGES.invalidDate);

/** The messages of a line's fields; the invoice form's are English, a quote's Dutch. */
export type LineItemMessages = Record<
  | "descriptionRequired"
  | "descriptionTooLong"
  | "quantityInvalid"
  | "quantityPositive"
  | "unitPriceInvalid"
  | "unitPriceMin"
  | "unitPriceRequired"
  | "vatCategoryInvalid"
  | "amountAmbiguous",
  string
>;

/** One document line (invoice or quote); quantity in hundredths and unit price in cents after parsing. */
export const lineItemInputSchema = (messages: LineItemMessages) =>
  z.object({
    description: z
      .string({ error: messages.descriptionRequired })
      .trim()
      .min(1, messages.descriptionRequired)
      .max(500, messages.descriptionTooLong),
    quantity: z
      .union([z.number(), z.string()], { error: messages.quantityInvalid })
      .transform((value, context) => {
        const hundredths = parseQuantity(value);
        if (hundredths === null || hundredths > MAX_QUANTITY_HUNDREDTHS) {
          context.addIssue({ code: "custom", message: messages.quantityInvalid });
          return z.NEVER;
        }
        if (hundredths <= 0) {
          context.addIssue({ code: "custom", message: messages.quantityPositive });
          return z.NEVER;
        }
        return hundredths;
      }),
    unitPrice: z
      .union([z.number(), z.string()], { error: messages.unitPriceInvalid })
      .transform((value, context) => {
        if (typeof value === "string" && value.trim() === "") {
          context.addIssue({ code: "custom", message: messages.unitPriceRequired });
          return z.NEVER;
        }
        const cents = amountCents(value, context, messages.unitPriceInvalid, messages.amountAmbiguous);
        if (cents === null) return z.NEVER;
        if (cents > MAX_UNIT_PRICE_CENTS) {
          context.addIssue({ code: "custom", message: messages.unitPriceInvalid });
          return z.NEVER;
        }
        if (cents < 0) {
          context.addIssue({ code: "custom", message: messages.unitPriceMin });
          return z.NEVER;
        }
        return cents;
      }),
    vatCategory: z.enum(VAT_CATEGORIES, { error: messages.vatCategoryInvalid }),
  });

export const InvoiceItemInputSchema = lineItemInputSchema({
  ...INVOICE_MESSAGES,
  amountAmbiguous: AMOUNT_AMBIGUOUS_MESSAGE_EN,
});
export type InvoiceItemFormInput = z.input<typeof InvoiceItemInputSchema>;
export type InvoiceItemInput = z.output<typeof InvoiceItemInputSchema>;

/**
 * Spec §7 POST/PUT /api/invoices (plus `items` and `supplyDate`), with the §5 messages. With lines, Subtotal and
 * Tax Amount must be what the lines add up to (VAT per rate, half up); Total must be Subtotal + Tax Amount.
 * The number is not typed: an invoice gets the next number of the user's series when it is issued.
 */
export const InvoiceInputSchema = z
  .object({
    clientId: z
      .string({ error: INVOICE_MESSAGES.clientRequired })
      .trim()
      .min(1, INVOICE_MESSAGES.clientRequired),
    issueDate: requiredDate(INVOICE_MESSAGES.issueDateRequired),
    dueDate: requiredDate(INVOICE_MESSAGES.dueDateRequired),
    supplyDate: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || isIsoDate(value), INVOICE_MESSAGES.invalidDate),
    subtotal: centsField("Subtotal", INVOICE_MESSAGES.subtotalRequired),
    taxAmount: centsField("Tax Amount"),
    total: centsField("Total", INVOICE_MESSAGES.totalRequired),
    status: z.enum(INVOICE_STATUSES, { error: INVOICE_MESSAGES.statusInvalid }).default("draft"),
    notes: z
      .string()
      .trim()
      .max(5000, INVOICE_MESSAGES.notesTooLong)
      .nullish()
      .transform((value) => value || null),
    // Wet OB art. 35a: the invoice states the nature, quantity and rate of what is supplied.
    items: z
      .array(InvoiceItemInputSchema, { error: INVOICE_MESSAGES.linesRequired })
      .min(1, INVOICE_MESSAGES.linesRequired)
      .max(MAX_INVOICE_LINES, INVOICE_MESSAGES.tooManyLines),
  })
  .superRefine((invoice, context) => {
    if (invoice.dueDate < invoice.issueDate) {
      context.addIssue({ code: "custom", path: ["dueDate"], message: INVOICE_MESSAGES.dueBeforeIssue });
    }
    {
      const totals = computeTotals(invoice.items.map(toLineInput));
      if (invoice.subtotal !== totals.subtotal) {
        const message = INVOICE_MESSAGES.linesMismatch("Subtotal", totals.subtotal);
        context.addIssue({ code: "custom", path: ["subtotal"], message });
      }
      if (invoice.taxAmount !== totals.taxAmount) {
        const message = INVOICE_MESSAGES.linesMismatch("Tax Amount", totals.taxAmount);
        context.addIssue({ code: "custom", path: ["taxAmount"], message });
      }
    }
    if (invoice.total !== invoice.subtotal + invoice.taxAmount) {
      context.addIssue({ code: "custom", path: ["total"], message: INVOICE_MESSAGES.totalMismatch });
    }
  });
export type InvoiceFormInput = z.input<typeof InvoiceInputSchema>;
export type InvoiceInput = z.output<typeof InvoiceInputSchema>;

export function toLineInput(item: InvoiceItemInput) {
  return { quantityHundredths: item.quantity, unitPriceCents: item.unitPrice, vatCategory: item.vatCategory };
}

export const PAID_DATE_REQUIRED_MESSAGE = "Betaaldatum is verplicht";
const INVALID_DATE_MESSAGE = "Vul een geldige datum in";

const dutchDate = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).refine(isIsoDate, INVALID_DATE_MESSAGE);

/** An amount in euros from a Dutch field ("1.234,56", "-50") or a number, as signed cents; empty is null. */
export const signedCents = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, context) => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === ""))
        return null;
      const cents = amountCents(value, context, message);
      if (cents === null) return z.NEVER;
      if (Math.abs(cents) > MAX_AMOUNT_CENTS) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });

export const PAYMENT_METHODS = ["bank", "cash", "card", "other"] as const;
export const PAYMENT_METHOD_LABELS: Readonly<Record<(typeof PAYMENT_METHODS)[number], string>> = {
  bank: "Bank",
  cash: "Contant",
  card: "Pin of creditcard",
  other: "Anders",
};

const bookTransactionField = z
  .boolean({ error: "Kies of de betaling als banktransactie wordt geboekt" })
  .default(false);
const bankAccountField = z
  .string({ error: "Bankrekening niet gevonden" })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isUuid(value), "Bankrekening niet gevonden");

/**
 * POST /api/invoices/{id}/payments ('Betaling registreren'): money received on the invoice, or with a minus
 * sign money refunded after the client paid too much. Without an amount, what is still open.
 */
export const PaymentInputSchema = z.object({
  date: dutchDate(PAID_DATE_REQUIRED_MESSAGE),
  amount: signedCents("Vul een geldig bedrag in, bijvoorbeeld 250,00").transform((value) => value ?? null),
  method: z.enum(PAYMENT_METHODS, { error: "Kies hoe er is betaald" }).default("bank"),
  /** Also book the money as a bank transaction, linked to the invoice (it settles Debiteuren, no new revenue). */
  bookTransaction: bookTransactionField,
  /** The account it came in on; without one, the default account. */
  bankAccountId: bankAccountField,
  note: z
    .string()
    .trim()
    .max(500, "Een notitie mag maximaal 500 tekens zijn")
    .nullish()
    .transform((value) => value || null),
});
export type PaymentFormInput = z.input<typeof PaymentInputSchema>;
export type PaymentInput = z.output<typeof PaymentInputSchema>;

/** POST /api/invoices/{id}/mark-paid, from the (Dutch) list: the payment of everything still open. */
export const MarkPaidInputSchema = z.object({
  paidDate: dutchDate(PAID_DATE_REQUIRED_MESSAGE),
  bookTransaction: bookTransactionField,
  bankAccountId: bankAccountField,
});
export type MarkPaidInput = z.input<typeof MarkPaidInputSchema>;

export const CREDIT_INPUT_MESSAGES = {
  quantity: "Vul een aantal groter dan 0 in, met hooguit 2 decimalen",
  amount: "Vul een bedrag groter dan 0 in, bijvoorbeeld 100,00",
  both: "Kies regels óf een bedrag, niet allebei",
} as const;

/**
 * POST /api/invoices/{id}/credit: without items or amount the whole invoice; else the chosen lines (quantity:
 * the whole line when not given) or an amount excluding VAT in the invoice's rate. Dated today unless given.
 */
export const CreditInputSchema = z
  .object({
    issueDate: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || isIsoDate(value), INVALID_DATE_MESSAGE),
    items: z
      .array(
        z.object({
          itemId: z.string({ error: "Kies een regel" }).trim().min(1, "Kies een regel"),
          quantity: z
            .union([z.number(), z.string(), z.null()], { error: CREDIT_INPUT_MESSAGES.quantity })
            .optional()
            .transform((value, context) => {
              if (value === null || value === undefined || value === "") return null;
              const hundredths = parseQuantity(value);
              if (hundredths === null || hundredths <= 0) {
                context.addIssue({ code: "custom", message: CREDIT_INPUT_MESSAGES.quantity });
                return z.NEVER;
              }
              return hundredths;
            }),
        }),
      )
      .max(MAX_INVOICE_LINES)
      .default([]),
    amount: signedCents(CREDIT_INPUT_MESSAGES.amount)
      .refine((value) => value === null || value > 0, CREDIT_INPUT_MESSAGES.amount)
      .transform((value) => value ?? null),
    reason: z
      .string()
      .trim()
      .max(500, "Een reden mag maximaal 500 tekens zijn")
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((input, context) => {
    if (input.items.length > 0 && input.amount !== null) {
      context.addIssue({ code: "custom", path: ["amount"], message: CREDIT_INPUT_MESSAGES.both });
    }
  });
export type CreditFormInput = z.input<typeof CreditInputSchema>;
export type CreditInput = z.output<typeof CreditInputSchema>;

/** POST /api/invoices/{id}/send: the e-mail as the user confirmed it in the preview. */
export const SendInputSchema = z.object({
  subject: z
    .string()
    .trim()
    .max(200, "Het onderwerp mag maximaal 200 tekens zijn")
    .nullish()
    .transform((value) => value || null),
  message: z
    .string()
    .trim()
    .max(5000, "Het bericht mag maximaal 5000 tekens zijn")
    .nullish()
    .transform((value) => value || null),
});
export type SendInput = z.output<typeof SendInputSchema>;

/** GET /api/invoices/{id}/send-preview: what 'Versturen' will send, before anything is issued. */
export const SendPreviewSchema = z.object({
  recipient: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  attachmentName: z.string(),
  /** The e-invoice (UBL) sent beside the PDF; null when the invoice lacks what one needs. */
  eInvoiceName: z.string().nullable(),
  /** The number the invoice gets when sent now (a draft), or its number. */
  invoiceNumber: z.string(),
  isDraft: z.boolean(),
});
export type SendPreview = z.infer<typeof SendPreviewSchema>;

/** GET/PUT /api/invoices/series: the number format (shared/invoices/series.ts) and the next number. */
export const SeriesInputSchema = z.object({
  format: z
    .string({ error: "Vul een formaat in" })
    .trim()
    .min(1, "Vul een formaat in")
    .superRefine((value, context) => {
      const message = seriesFormatError(value);
      if (message) context.addIssue({ code: "custom", message });
    }),
});
export const SeriesSchema = z.object({ format: z.string(), nextNumber: z.string() });
export type Series = z.infer<typeof SeriesSchema>;

/** GET /api/invoices (spec §7: status, clientId). */
export const InvoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: INVOICE_MESSAGES.statusInvalid }).optional(),
  clientId: z.string().trim().optional(),
  // The invoice number or the client's name as the invoice shows it (the command palette's search).
  search: z
    .string()
    .trim()
    .max(100, "Zoekterm mag maximaal 100 tekens zijn")
    .optional()
    .transform((value) => value || undefined),
  // Without `limit` the whole list comes back (spec §7); the screen asks for one page at a time.
  limit: pageLimit(200).optional(),
  offset: pageOffset,
});

/** The invoices screen loads this many rows at a time, so 5,000 invoices stay as fast as 50. */
export const INVOICE_PAGE_SIZE = 50;
export type InvoiceListQuery = z.input<typeof InvoiceListQuerySchema>;

export const InvoiceItemSchema = z.object({
  id: z.string(),
  timeEntryId: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string(),
  /** The unit price (spec §3 'rate'). */
  rate: z.string(),
  vatRate: z.string(),
  vatCategory: z.enum(VAT_CATEGORIES),
  amount: z.string(),
  vatAmount: z.string(),
  totalAmount: z.string(),
});
export type InvoiceItem = z.infer<typeof InvoiceItemSchema>;

/** A list row (spec §7 GET /api/invoices, plus what the screen shows). Amounts are decimal strings. */
export const InvoicePaymentSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** Negative: a refund. */
  amount: z.string(),
  method: z.enum(PAYMENT_METHODS),
  transactionId: z.string().nullable(),
  note: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  /** Null on a draft: the number is given when it is issued. */
  invoiceNumber: z.string().nullable(),
  clientId: z.string().nullable(),
  /** The client's name as issued, else the linked client's current name, else null ('Onbekende klant'). */
  clientName: z.string().nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  supplyDate: z.string().nullable(),
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  status: z.enum(INVOICE_STATUSES),
  notes: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The day nothing was open any more (the last payment or credit note); null while something is open. */
  paidDate: z.string().nullable(),
  /** Total − payments − credit notes; negative when the client paid too much (to refund). */
  openAmount: z.string(),
  /** The payments less refunds. */
  paidAmount: z.string(),
  /** How many payments (and refunds) were recorded. */
  paymentCount: z.number(),
  /** What the credit notes took off (positive). */
  creditedAmount: z.string(),
  creditNoteForId: z.string().nullable(),
  creditNoteForNumber: z.string().nullable(),
  /** The credit notes that correct this invoice, oldest first. */
  creditNotes: z.array(
    z.object({ id: z.string(), invoiceNumber: z.string(), issueDate: z.string(), total: z.string() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** An e-mail with the invoice: when it was put in the outbox, and when a mail server took it (null: not yet). */
export const InvoiceMailSchema = z.object({
  recipient: z.string(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type InvoiceMail = z.infer<typeof InvoiceMailSchema>;

export const InvoiceDetailSchema = InvoiceSchema.extend({
  items: z.array(InvoiceItemSchema),
  payments: z.array(InvoicePaymentSchema),
  /** The e-mails with this invoice, oldest first. */
  mails: z.array(InvoiceMailSchema),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

/**
 * What happens to the e-mail 'Versturen' put in the outbox: a mail server sends it within a minute ("smtp"),
 * or it stays in the outbox because no mail server is set up ("no-mail-server") or a demo account sends no mail.
 */
export const MAIL_DELIVERIES = ["smtp", "no-mail-server", "demo"] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];
export const SentInvoiceSchema = z.object({
  invoice: InvoiceDetailSchema,
  recipient: z.string(),
  delivery: z.enum(MAIL_DELIVERIES),
});
export type SentInvoice = z.infer<typeof SentInvoiceSchema>;

/** The four counters of spec §2.15: how many, and for how much. */
export const InvoiceSummarySchema = z.object({
  total: z.object({ count: z.number(), amount: z.string() }),
  paid: z.object({ count: z.number(), amount: z.string() }),
  sent: z.object({ count: z.number(), amount: z.string() }),
  overdue: z.object({ count: z.number(), amount: z.string() }),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

const PartySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  vatNumber: z.string().nullable(),
  kvkNumber: z.string().nullable(),
  email: z.string().nullable(),
});

/**
 * GET /api/invoices/{id}/document: everything the invoice shows, as the PDF prints it (Wet OB art. 35a,
 * domain.md §8). Amounts are decimal strings; the document itself is in the client's language.
 */
export const InvoiceDocumentSchema = z.object({
  id: z.string(),
  /** The client's language (as issued): the fixed texts, dates and amounts follow it (document-texts.ts). */
  language: z.enum(DOCUMENT_LANGUAGES),
  title: z.string(),
  isDraft: z.boolean(),
  status: z.enum(INVOICE_STATUSES),
  /** The number, or 'Concept' on a draft (it is numbered when sent). */
  invoiceNumber: z.string(),
  issueDate: z.string(),
  /** The supply date, or the issue date when none was given. */
  supplyDate: z.string(),
  dueDate: z.string(),
  creditNoteForNumber: z.string().nullable(),
  /** The seller's logo as a data URL, for the on-screen view; null without a logo (and in the PDF path). */
  logoDataUrl: z.string().nullable(),
  seller: PartySchema.extend({
    phone: z.string().nullable(),
    website: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    invoiceFooter: z.string().nullable(),
  }),
  client: PartySchema.extend({ contactPerson: z.string().nullable().optional() }).nullable(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      unitPrice: z.string(),
      vatLabel: z.string(),
      /** How the line is taxed, for the e-invoice's VAT category (e-invoice.ts). */
      vatCategory: z.enum(VAT_CATEGORIES),
      amount: z.string(),
    }),
  ),
  vatBreakdown: z.array(
    z.object({ label: z.string(), vatCategory: z.enum(VAT_CATEGORIES), base: z.string(), vat: z.string() }),
  ),
  subtotal: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  notes: z.string().nullable(),
  /** 'Btw verlegd' with the client's VAT number, the KOR exemption text, … when they apply. */
  legalTexts: z.array(z.string()),
  /** Total − payments − credit notes, as on the invoice's record; 0 on a credit note. */
  openAmount: z.string(),
  /** The payments less refunds so far. */
  paidAmount: z.string(),
  /** When nothing is open any more: the last payment's (or credit note's) date. */
  paidDate: z.string().nullable(),
  /** The credit notes that correct this invoice. */
  creditNotes: z.array(z.object({ invoiceNumber: z.string(), issueDate: z.string(), total: z.string() })),
  /**
   * Another document drawn in the invoice's layout (a quote): what the client block is headed, the facts beside
   * the addresses, and the name on later pages. Absent on invoices and credit notes.
   */
  variant: z
    .object({
      recipientLabel: z.string(),
      facts: z.array(z.tuple([z.string(), z.string()])),
      runningName: z.string(),
    })
    .optional(),
  /** The user's accent colour and page footer (Settings → Factuuropmaak); absent: the standard look. */
  style: InvoiceStyleSchema.optional(),
  /** What to pay and how: the open amount; null when nothing is due (a credit note, paid, credited, no IBAN). */
  payment: z
    .object({
      amount: z.string(),
      iban: z.string(),
      bic: z.string().nullable(),
      reference: z.string(),
      /** The EPC QR code as a PNG data URL, for the on-screen view. */
      qrDataUrl: z.string().nullable(),
    })
    .nullable(),
});
export type InvoiceDocument = z.infer<typeof InvoiceDocumentSchema>;

export const HOURS_CLIENT_MESSAGE = "Kies een klant";
export const HOURS_ENTRIES_MESSAGE = "Selecteer minstens één registratie";

const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isIsoDate(value), "Vul een geldige datum in");
const optionalId = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** GET /api/invoices/billable-hours: a client's billable hours not yet invoiced, optionally by project and period. */
export const BillableHoursQuerySchema = z.object({
  clientId: z.string({ error: HOURS_CLIENT_MESSAGE }).trim().min(1, HOURS_CLIENT_MESSAGE),
  projectId: optionalId,
  from: optionalDate,
  to: optionalDate,
});
export type BillableHoursQuery = z.input<typeof BillableHoursQuerySchema>;

export const BillableEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  description: z.string().nullable(),
  minutes: z.number(),
  hourlyRate: z.string(),
  amount: z.string(),
});
export type BillableEntry = z.infer<typeof BillableEntrySchema>;

/** POST /api/invoices/from-hours: the chosen entries become a draft invoice, per project or per entry. */
export const HoursInvoiceInputSchema = z.object({
  clientId: z.string({ error: HOURS_CLIENT_MESSAGE }).trim().min(1, HOURS_CLIENT_MESSAGE),
  grouping: z.enum(HOURS_GROUPINGS, { error: "Kies per project of per registratie" }).default("project"),
  entryIds: z
    .array(z.string(), { error: HOURS_ENTRIES_MESSAGE })
    .min(1, HOURS_ENTRIES_MESSAGE)
    .max(1000, "Maximaal 1000 registraties op één factuur"),
});
export type HoursInvoiceInput = z.infer<typeof HoursInvoiceInputSchema>;
