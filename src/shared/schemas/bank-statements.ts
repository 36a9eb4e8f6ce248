/**
 * Bank statements and reconciliation ('Af te handelen'): the API's inputs and answers. Amounts in answers are
 * decimal strings ("-121.00", signed: positive is money in); amounts in inputs are Dutch or API decimals.
 */
import { parseCents } from "../money";
import { isUuid, z } from "../validation";
import { ImportRowErrorSchema } from "./imports";
import { pageLimit, pageOffset } from "./paging";
import { signedCents } from "./invoices";
import { BALANCE_BOOKINGS, type BalanceBooking } from "./transactions";

export const BANK_LINE_BOOKINGS = [
  "invoices",
  "purchase_invoices",
  "category",
  "existing",
  "private",
  "transfer",
  "vat",
] as const;
export type BankLineBooking = (typeof BANK_LINE_BOOKINGS)[number];

/** What a line can be booked as without a category: balance-sheet bookings. */
export { BALANCE_BOOKINGS, type BalanceBooking };

export const BOOKING_LABELS: Readonly<Record<BankLineBooking, string>> = {
  invoices: "Betaling factuur",
  purchase_invoices: "Betaling inkoopfactuur",
  category: "Categorie",
  existing: "Bestaande transactie",
  private: "Privé",
  transfer: "Overboeking eigen rekening",
  vat: "Btw-betaling of -teruggaaf",
};

export const BANK_VAT_RATES = [21, 9, 0] as const;

export const BANK_MESSAGES = {
  lineNotFound: "Bankregel niet gevonden",
  ruleNotFound: "Regel niet gevonden",
  alreadyBooked: "Deze bankregel is al verwerkt. Maak de verwerking eerst ongedaan.",
  notBooked: "Deze bankregel is nog niet verwerkt.",
  emptyFile: "Het bestand is leeg.",
  tooLarge: "Het bestand is te groot (maximaal 20 MB).",
  paymentsRequired: "Kies minstens één factuur",
  paymentsTooMuch: "De betalingen zijn samen meer dan het bedrag van de bankregel",
  paymentsDirection: "Alleen geld dat binnenkomt kan een factuur betalen",
  purchasePaymentsRequired: "Kies minstens één inkoopfactuur",
  purchasePaymentsDirection: "Alleen geld dat uitgaat kan een inkoopfactuur betalen",
  categoryRequired: "Kies een categorie",
  categoryDirection: (incoming: boolean) =>
    incoming
      ? "Geld dat binnenkomt hoort bij een inkomstencategorie"
      : "Geld dat uitgaat hoort bij een uitgavencategorie",
  vatRate: "Kies 21%, 9% of 0% btw",
  transactionRequired: "Kies de transactie",
  transactionMismatch: "Deze transactie heeft een ander bedrag of staat op een andere rekening",
  transactionTaken: "Deze transactie hoort al bij een andere bankregel",
  ownAccountRequired: (iban: string) =>
    `Rekening ${iban} staat nog niet bij je bankrekeningen. Voeg hem toe om dit bestand te importeren.`,
  ruleCondition: "Vul minstens één voorwaarde in: IBAN, naam, omschrijving of bedrag",
  ruleAmounts: "Het minimumbedrag is groter dan het maximumbedrag",
  ruleName: "Geef de regel een naam",
  ruleBooking: "Kies wat de regel boekt",
  selectionRequired: "Kies minstens één bankregel",
} as const;

const id = (message: string) => z.string({ error: message }).trim().refine(isUuid, message);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);
const vatRate = z.coerce
  .number({ error: BANK_MESSAGES.vatRate })
  .refine((value) => (BANK_VAT_RATES as readonly number[]).includes(value), BANK_MESSAGES.vatRate);

/** POST /api/bank-lines/{id}/book: what the line becomes. */
export const BookLineInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("invoices"),
      payments: z
        .array(
          z.object({
            invoiceId: id("Factuur niet gevonden"),
            amount: signedCents("Vul een geldig bedrag in, bijvoorbeeld 250,00"),
          }),
          { error: BANK_MESSAGES.paymentsRequired },
        )
        .min(1, BANK_MESSAGES.paymentsRequired)
        .max(50, "Kies hooguit 50 facturen"),
      /** Book what the bank line is short of the payments (bank costs, a small difference) as a cost. */
      writeOffDifference: z.boolean().default(false),
    }),
    z.object({
      kind: z.literal("purchase_invoices"),
      /** What each purchase invoice is paid, positive; together the whole bank line. */
      payments: z
        .array(
          z.object({
            purchaseInvoiceId: id("Inkoopfactuur niet gevonden"),
            amount: signedCents("Vul een geldig bedrag in, bijvoorbeeld 250,00"),
          }),
          { error: BANK_MESSAGES.purchasePaymentsRequired },
        )
        .min(1, BANK_MESSAGES.purchasePaymentsRequired)
        .max(50, "Kies hooguit 50 inkoopfacturen"),
    }),
    z.object({
      kind: z.literal("category"),
      categoryId: id(BANK_MESSAGES.categoryRequired),
      vatRate,
      clientId: z
        .string()
        .trim()
        .nullish()
        .transform((value) => value || null)
        .refine((value) => value === null || isUuid(value), "Klant niet gevonden"),
      description: optionalText(500, "Een omschrijving mag maximaal 500 tekens zijn"),
    }),
    z.object({ kind: z.literal("existing"), transactionId: id(BANK_MESSAGES.transactionRequired) }),
    z.object({ kind: z.enum(BALANCE_BOOKINGS) }),
  ],
  { error: "Kies hoe deze bankregel wordt verwerkt" },
);
export type BookLineFormInput = z.input<typeof BookLineInputSchema>;
export type BookLineInput = z.output<typeof BookLineInputSchema>;

/** POST /api/bank-lines/accept: book these lines as proposed (only the certain proposals). */
export const AcceptLinesInputSchema = z.object({
  ids: z.array(id(BANK_MESSAGES.lineNotFound)).min(1, BANK_MESSAGES.selectionRequired).max(1000),
});

export const BankLineListQuerySchema = z.object({
  status: z.enum(["open", "booked", "all"]).default("open"),
  bankAccountId: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isUuid(value), "Bankrekening niet gevonden"),
  search: z.string().trim().max(200).optional(),
  limit: pageLimit(200).default(50),
  offset: pageOffset,
});
export type BankLineListQuery = z.output<typeof BankLineListQuerySchema>;

export const InvoicePaymentProposalSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  clientName: z.string().nullable(),
  openAmount: z.string(),
  amount: z.string(),
});
export type InvoicePaymentProposal = z.infer<typeof InvoicePaymentProposalSchema>;

export const PurchasePaymentProposalSchema = z.object({
  purchaseInvoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  supplierName: z.string().nullable(),
  openAmount: z.string(),
  /** Positive: what is paid to the supplier. */
  amount: z.string(),
});
export type PurchasePaymentProposal = z.infer<typeof PurchasePaymentProposalSchema>;

/** The best way to book a line, as Balans sees it; `certain` ones can be accepted in bulk. */
export const BankLineProposalSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("invoices"),
    certain: z.boolean(),
    label: z.string(),
    payments: z.array(InvoicePaymentProposalSchema),
    /** Line amount less the payments; negative: what the payer's bank kept, written off when accepted. */
    difference: z.string(),
  }),
  z.object({
    kind: z.literal("purchase_invoices"),
    certain: z.boolean(),
    label: z.string(),
    payments: z.array(PurchasePaymentProposalSchema),
  }),
  z.object({
    kind: z.literal("existing"),
    certain: z.boolean(),
    label: z.string(),
    transactionId: z.string(),
  }),
  z.object({
    kind: z.literal("category"),
    certain: z.boolean(),
    label: z.string(),
    categoryId: z.string(),
    vatRate: z.number(),
    clientId: z.string().nullable(),
    ruleId: z.string().nullable(),
  }),
  z.object({ kind: z.enum(BALANCE_BOOKINGS), certain: z.boolean(), label: z.string() }),
]);
export type BankLineProposal = z.infer<typeof BankLineProposalSchema>;

export const BankLineSchema = z.object({
  id: z.string(),
  bankAccountId: z.string(),
  bankAccountName: z.string(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  amount: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  description: z.string(),
  reference: z.string().nullable(),
  booking: z.enum(BANK_LINE_BOOKINGS).nullable(),
  /** What it was booked as, in words ('Factuur 2026-0001', 'Kantoorkosten, 21% btw'). */
  bookedAs: z.string().nullable(),
  ruleName: z.string().nullable(),
  proposal: BankLineProposalSchema.nullable(),
});
export type BankLine = z.infer<typeof BankLineSchema>;

export const BankLineListSchema = z.object({
  lines: z.array(BankLineSchema),
  total: z.number(),
  openCount: z.number(),
});
export type BankLineList = z.infer<typeof BankLineListSchema>;

/** GET /api/bank-lines/{id}/candidates: what a line can be booked against by hand. */
export const BankLineCandidatesSchema = z.object({
  invoices: z.array(
    z.object({
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      clientName: z.string().nullable(),
      openAmount: z.string(),
      dueDate: z.string(),
    }),
  ),
  /** For money out: the purchase invoices with something still to pay. */
  purchaseInvoices: z.array(
    z.object({
      purchaseInvoiceId: z.string(),
      invoiceNumber: z.string().nullable(),
      supplierName: z.string().nullable(),
      openAmount: z.string(),
      dueDate: z.string().nullable(),
    }),
  ),
  transactions: z.array(
    z.object({ id: z.string(), date: z.string(), description: z.string(), amountIncludingVat: z.string() }),
  ),
});
export type BankLineCandidates = z.infer<typeof BankLineCandidatesSchema>;

/** POST /api/bank-lines/accept. */
export const AcceptLinesAnswerSchema = z.object({ booked: z.number(), skipped: z.number() });
export type AcceptLinesAnswer = z.infer<typeof AcceptLinesAnswerSchema>;

/** POST /api/bank-statements/import: the raw file as the body; the answer says what happened. */
export const BankImportAnswerSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("imported"),
    formatLabel: z.string(),
    accounts: z.array(z.object({ bankAccountId: z.string(), name: z.string() })),
    read: z.number(),
    new: z.number(),
    known: z.number(),
    matched: z.number(),
    toHandle: z.number(),
    rowErrors: z.array(ImportRowErrorSchema),
    /** Continuity and balance remarks ('Het beginsaldo … sluit niet aan …'). */
    warnings: z.array(z.string()),
  }),
  z.object({
    status: z.literal("needs-choice"),
    formatLabel: z.string(),
    readable: z.number(),
    rowErrors: z.array(ImportRowErrorSchema),
  }),
  z.object({ status: z.literal("unknown-account"), formatLabel: z.string(), ibans: z.array(z.string()) }),
]);
export type BankImportAnswer = z.infer<typeof BankImportAnswerSchema>;

export const ImportQuerySchema = z.object({
  fileName: z.string().trim().max(255).optional(),
  /** The account for a file that does not name one (most CSVs name it; ABN's old TXT does not). */
  bankAccountId: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isUuid(value), "Bankrekening niet gevonden"),
  /** After 'needs-choice': import the rows that could be read. */
  skipBadRows: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});

/** An imported statement of one account, with the bank's balance beside Balans's. */
export const BankStatementSummarySchema = z.object({
  id: z.string(),
  bankAccountId: z.string(),
  bankAccountName: z.string(),
  formatLabel: z.string(),
  fileName: z.string().nullable(),
  statementNumber: z.string().nullable(),
  openingBalance: z.string().nullable(),
  closingBalance: z.string().nullable(),
  closingDate: z.string().nullable(),
  newLines: z.number(),
  importedAt: z.string(),
});
export type BankStatementSummary = z.infer<typeof BankStatementSummarySchema>;

export const BankAccountReconciliationSchema = z.object({
  bankAccountId: z.string(),
  name: z.string(),
  iban: z.string().nullable(),
  /** The bank's latest closing balance and its date; null when no statement stated one. */
  bankBalance: z.string().nullable(),
  bankBalanceDate: z.string().nullable(),
  /** Balans's balance of the account on that date (opening balance and booked transactions). */
  booksBalance: z.string().nullable(),
  /** The sum of the lines up to that date that are still to be handled. */
  unhandled: z.string(),
  /** bankBalance − booksBalance − unhandled: not zero means something is missing or booked twice. */
  difference: z.string().nullable(),
});
export type BankAccountReconciliation = z.infer<typeof BankAccountReconciliationSchema>;

export const RuleInputSchema = z
  .object({
    name: z.string({ error: BANK_MESSAGES.ruleName }).trim().min(1, BANK_MESSAGES.ruleName).max(100),
    direction: z.enum(["in", "out", "any"]).default("any"),
    counterpartyIban: optionalText(34, "Een IBAN heeft hooguit 34 tekens").transform((value) =>
      value ? value.replace(/\s+/g, "").toUpperCase() : null,
    ),
    counterpartyName: optionalText(200, "Een naam mag maximaal 200 tekens zijn"),
    descriptionContains: optionalText(200, "Een zoektekst mag maximaal 200 tekens zijn"),
    amountMin: signedCents("Vul een geldig minimumbedrag in"),
    amountMax: signedCents("Vul een geldig maximumbedrag in"),
    booking: z.enum(["category", ...BALANCE_BOOKINGS], { error: BANK_MESSAGES.ruleBooking }),
    categoryId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || isUuid(value), "Categorie niet gevonden"),
    vatRate: z.coerce
      .number()
      .nullish()
      .transform((value) => value ?? null)
      .refine(
        (value) => value === null || (BANK_VAT_RATES as readonly number[]).includes(value),
        BANK_MESSAGES.vatRate,
      ),
    clientId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || isUuid(value), "Klant niet gevonden"),
  })
  .superRefine((rule, context) => {
    const hasCondition =
      rule.counterpartyIban ||
      rule.counterpartyName ||
      rule.descriptionContains ||
      rule.amountMin !== null ||
      rule.amountMax !== null;
    if (!hasCondition)
      context.addIssue({ code: "custom", message: BANK_MESSAGES.ruleCondition, path: ["name"] });
    if (rule.amountMin !== null && rule.amountMax !== null && rule.amountMin > rule.amountMax) {
      context.addIssue({ code: "custom", message: BANK_MESSAGES.ruleAmounts, path: ["amountMax"] });
    }
    if (rule.booking === "category" && !rule.categoryId) {
      context.addIssue({ code: "custom", message: BANK_MESSAGES.categoryRequired, path: ["categoryId"] });
    }
  });
export type RuleFormInput = z.input<typeof RuleInputSchema>;
export type RuleInput = z.output<typeof RuleInputSchema>;

export const BankRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  direction: z.enum(["in", "out", "any"]),
  counterpartyIban: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  descriptionContains: z.string().nullable(),
  amountMin: z.string().nullable(),
  amountMax: z.string().nullable(),
  booking: z.enum(["category", ...BALANCE_BOOKINGS]),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  vatRate: z.number().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type BankRule = z.infer<typeof BankRuleSchema>;

/** POST /api/bank-rules: the rule, and how many open lines it booked at once. */
export const CreateRuleAnswerSchema = z.object({ rule: BankRuleSchema, applied: z.number() });
export type CreateRuleAnswer = z.infer<typeof CreateRuleAnswerSchema>;

/**
 * What accepting a proposal sends to POST /api/bank-lines/{id}/book. A line short of the invoices it pays (the
 * payer's bank costs) is only proposed within a small margin; accepting it writes that difference off.
 */
export function proposalInput(proposal: BankLineProposal): BookLineFormInput {
  switch (proposal.kind) {
    case "invoices":
      return {
        kind: "invoices",
        payments: proposal.payments.map((payment) => ({
          invoiceId: payment.invoiceId,
          amount: payment.amount,
        })),
        writeOffDifference: (parseCents(proposal.difference) ?? 0) < 0,
      };
    case "purchase_invoices":
      return {
        kind: "purchase_invoices",
        payments: proposal.payments.map((payment) => ({
          purchaseInvoiceId: payment.purchaseInvoiceId,
          amount: payment.amount,
        })),
      };
    case "existing":
      return { kind: "existing", transactionId: proposal.transactionId };
    case "category":
      return {
        kind: "category",
        categoryId: proposal.categoryId,
        vatRate: proposal.vatRate,
        clientId: proposal.clientId,
      };
    default:
      return { kind: proposal.kind };
  }
}
