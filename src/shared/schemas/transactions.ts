/**
 * The transaction form and API (spec §2.12, §3 transaction, §4 Recurring, §5 Transaction form, §7).
 * One schema serves the React form (zodResolver) and POST/PUT /api/transactions. Money leaves the schema as
 * integer cents; the VAT and total are recomputed here, and a total sent along that does not match is refused.
 */
import { isIsoDate } from "../dates";
import { parseCents, type Cents } from "../money";
import { RECURRING_INTERVALS } from "../recurrence";
import { isUuid, z } from "../validation";
import { pageLimit, pageOffset } from "./paging";
import { amountCents } from "./amount";
import { ImportRowErrorSchema } from "./imports";
import { computeVat, DEFAULT_VAT_RATE, parseVatRate, splitVatIncluded, type VatBreakdown } from "../vat";

export const TRANSACTION_TYPES = ["income", "expense"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ["completed", "pending"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * How VAT applies to a booking: taxed at its rate (21% → 1a, 9% → 1b, 0% → 1e; a cost's VAT in 5b), exempt
 * (vrijgesteld, Wet OB art. 11: insurance, bank services) or outside the scope of VAT (interest received,
 * subsidies, fines): those two carry no VAT and are in no rubriek of the VAT return. Export: goods delivered
 * outside the EU at 0% (uitvoer), declared in rubriek 3a.
 */
export const BOOKING_VAT_TREATMENTS = ["taxed", "exempt", "outside_scope", "export"] as const;
export type BookingVatTreatment = (typeof BOOKING_VAT_TREATMENTS)[number];
export const BOOKING_VAT_TREATMENT_LABELS: Readonly<Record<BookingVatTreatment, string>> = {
  taxed: "Belast met btw",
  exempt: "Vrijgesteld van btw",
  outside_scope: "Buiten de btw (rente, subsidie)",
  export: "Uitvoer buiten de EU (0%, rubriek 3a)",
};
export const VAT_TREATMENT_MESSAGE = "Kies hoe de btw geldt: belast, vrijgesteld, buiten de btw of uitvoer";
export const VAT_TREATMENT_RATE_MESSAGE =
  "Vrijgesteld, buiten de btw of uitvoer: het BTW-percentage is dan 0%";
export const EXPORT_INCOME_ONLY_MESSAGE = "Uitvoer buiten de EU geldt alleen voor inkomsten";

/**
 * A booking that is no result and carries no VAT (a balance-sheet booking): a private withdrawal or deposit
 * (Privé), the VAT paid to or refunded by the Belastingdienst, a transfer between own accounts.
 */
export const BALANCE_BOOKINGS = ["private", "transfer", "vat"] as const;
export type BalanceBooking = (typeof BALANCE_BOOKINGS)[number];
export const BALANCE_BOOKING_MESSAGE = "Kies privé, btw-betaling of overboeking";
export const BALANCE_BOOKING_VAT_MESSAGE = "Een privé-, btw- of overboeking heeft geen btw: kies 0%";
export const BALANCE_BOOKING_CATEGORY_MESSAGE = "Een privé-, btw- of overboeking heeft geen categorie";

export const TRANSACTION_TYPE_LABELS: Readonly<Record<TransactionType, string>> = {
  income: "Inkomsten",
  expense: "Uitgaven",
};
export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  completed: "Voltooid",
  pending: "In behandeling",
};

/** numeric(12,2): the largest amount a column holds. */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

export const AMOUNT_REQUIRED_MESSAGE = "Bedrag is verplicht";
export const AMOUNT_INVALID_MESSAGE = "Bedrag moet een getal zijn met maximaal 2 decimalen";
export const AMOUNT_NEGATIVE_MESSAGE = "Bedrag mag niet negatief zijn";
export const AMOUNT_TOO_LARGE_MESSAGE = "Bedrag is te groot";
export const DATE_REQUIRED_MESSAGE = "Datum is verplicht";
export const DATE_INVALID_MESSAGE = "Ongeldige datum";
export const DESCRIPTION_REQUIRED_MESSAGE = "Beschrijving is verplicht";
export const DESCRIPTION_TOO_LONG_MESSAGE = "Beschrijving mag maximaal 500 tekens zijn";
export const VAT_RATE_MESSAGE = "BTW-percentage moet tussen 0 en 100 liggen";
export const TYPE_MESSAGE = "Kies inkomsten of uitgaven";
export const STATUS_MESSAGE = "Kies voltooid of in behandeling";
export const INTERVAL_MESSAGE = "Kies een interval: wekelijks, maandelijks of jaarlijks";
export const END_DATE_MESSAGE = "Einddatum mag niet voor de datum liggen";
export const TOTAL_MISMATCH_MESSAGE = "Het totaal incl. BTW klopt niet met het bedrag en het BTW-percentage";
export const VAT_MISMATCH_MESSAGE = "Het BTW-bedrag klopt niet met het bedrag en het BTW-percentage";
export const QUICK_ADD_MESSAGE = "Vul bedrag en beschrijving in";

/**
 * The amounts as booked. From the amount excluding VAT (spec §4), unless the amount was typed including VAT or
 * comes with a total whose included VAT gives back that amount exactly (a receipt entered incl. VAT, as the form
 * sends it): then the total is kept to the cent and the VAT is its included share.
 */
function bookedAmounts(input: {
  amount: Cents;
  vatRate: number;
  amountIncludesVat: boolean;
  amountIncludingVat: Cents | null;
}): VatBreakdown {
  if (input.amountIncludesVat) return splitVatIncluded(input.amount, input.vatRate);
  const fromAmount = computeVat(input.amount, input.vatRate);
  const total = input.amountIncludingVat;
  if (total !== null && Number.isSafeInteger(total) && total !== fromAmount.amountIncludingVat) {
    const fromTotal = splitVatIncluded(total, input.vatRate);
    if (fromTotal.amount === input.amount) return fromTotal;
  }
  return fromAmount;
}

/** A number from the API or a string from a form field; "" and null mean "not filled in". */
const numberOrText = z.union([z.number(), z.string()]).nullish();

const isFilled = (value: string | number | null | undefined) =>
  value !== undefined && value !== null && String(value).trim() !== "";

/** Amount excluding VAT in cents: required, not negative, at most 2 decimals, written as in schemas/amount.ts. */
const amountExcludingVat = numberOrText.transform((value, context) => {
  if (!isFilled(value)) {
    context.addIssue({ code: "custom", message: AMOUNT_REQUIRED_MESSAGE });
    return z.NEVER;
  }
  const cents = amountCents(value!, context, AMOUNT_INVALID_MESSAGE);
  if (cents === null) return 0;
  if (cents < 0) context.addIssue({ code: "custom", message: AMOUNT_NEGATIVE_MESSAGE });
  else if (cents > MAX_AMOUNT_CENTS) context.addIssue({ code: "custom", message: AMOUNT_TOO_LARGE_MESSAGE });
  return cents ?? 0;
});

/** VAT rate in hundredths (21% -> 2100); empty means the default 21. */
const vatRateHundredths = numberOrText.transform((value, context) => {
  if (!isFilled(value)) return DEFAULT_VAT_RATE * 100;
  const rate = parseVatRate(typeof value === "string" ? value.trim().replace(",", ".") : value!);
  if (rate === null) context.addIssue({ code: "custom", message: VAT_RATE_MESSAGE });
  return rate ?? 0;
});

/** An optional amount the client computed (VAT, total): checked against the server's own computation. */
const optionalCents = numberOrText.transform((value) => {
  if (!isFilled(value)) return null;
  return parseCents(typeof value === "string" ? value.trim() : value!) ?? Number.NaN;
});

const requiredDate = z
  .string({ error: DATE_REQUIRED_MESSAGE })
  .trim()
  .min(1, DATE_REQUIRED_MESSAGE)
  .refine((value) => value === "" || isIsoDate(value), DATE_INVALID_MESSAGE);

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isIsoDate(value), DATE_INVALID_MESSAGE);

const isObject = ({ value }: { value: unknown }) => typeof value === "object" && value !== null;

/** An optional link: "", "none" and null mean no link (the form's 'Geen' option). */
const optionalId = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value && value !== "none" ? value : null))
    .refine((value) => value === null || isUuid(value), message);

export const TransactionInputSchema = z
  .object({
    type: z.enum(TRANSACTION_TYPES, { error: TYPE_MESSAGE }),
    amount: amountExcludingVat,
    /**
     * The typed amount includes VAT (a receipt of € 35,00): the VAT is the included share and the amount excluding
     * VAT the rest, so the total stays exactly what was paid.
     */
    amountIncludesVat: z.boolean().default(false),
    vatRate: vatRateHundredths,
    /** Left out: the category's default for a 0% booking, else taxed. */
    vatTreatment: z
      .enum(BOOKING_VAT_TREATMENTS, { error: VAT_TREATMENT_MESSAGE })
      .nullish()
      .transform((value) => value ?? null),
    vatAmount: optionalCents,
    amountIncludingVat: optionalCents,
    /** Privé, the VAT payment or a transfer: on the balance sheet, without VAT or category. */
    balanceBooking: z
      .enum(BALANCE_BOOKINGS, { error: BALANCE_BOOKING_MESSAGE })
      .nullish()
      .transform((value) => value ?? null),
    description: z
      .string({ error: DESCRIPTION_REQUIRED_MESSAGE })
      .trim()
      .min(1, DESCRIPTION_REQUIRED_MESSAGE)
      .max(500, DESCRIPTION_TOO_LONG_MESSAGE),
    date: requiredDate,
    status: z.enum(TRANSACTION_STATUSES, { error: STATUS_MESSAGE }).default("completed"),
    isRecurring: z.boolean().default(false),
    recurringInterval: z
      .string()
      .nullish()
      .transform((value) => value || null),
    recurringEndDate: optionalDate,
    categoryId: optionalId("Onbekende categorie"),
    clientId: optionalId("Onbekende klant"),
    projectId: optionalId("Onbekend project"),
    bankAccountId: optionalId("Onbekende bankrekening"),
    notes: z
      .string()
      .trim()
      .max(5000, "Notities mogen maximaal 5000 tekens zijn")
      .nullish()
      .transform((value) => value || null),
  })
  // The rules between fields run even when another field failed, so that every message shows at once
  // (`when`); the value may then be partly unparsed, hence the type checks.
  .refine(
    (input) =>
      !input.isRecurring ||
      (RECURRING_INTERVALS as readonly (string | null)[]).includes(input.recurringInterval),
    { message: INTERVAL_MESSAGE, path: ["recurringInterval"], when: isObject },
  )
  .refine(
    (input) =>
      !input.isRecurring ||
      !input.recurringEndDate ||
      typeof input.date !== "string" ||
      input.recurringEndDate >= input.date,
    { message: END_DATE_MESSAGE, path: ["recurringEndDate"], when: isObject },
  )
  .refine((input) => input.vatTreatment == null || input.vatTreatment === "taxed" || input.vatRate === 0, {
    message: VAT_TREATMENT_RATE_MESSAGE,
    path: ["vatRate"],
    when: isObject,
  })
  .refine((input) => input.vatTreatment !== "export" || input.type === "income", {
    message: EXPORT_INCOME_ONLY_MESSAGE,
    path: ["vatTreatment"],
    when: isObject,
  })
  .refine((input) => input.balanceBooking == null || input.vatRate === 0, {
    message: BALANCE_BOOKING_VAT_MESSAGE,
    path: ["vatRate"],
    when: isObject,
  })
  .refine((input) => input.balanceBooking == null || !input.categoryId, {
    message: BALANCE_BOOKING_CATEGORY_MESSAGE,
    path: ["categoryId"],
    when: isObject,
  })
  .superRefine((input, context) => {
    const { vatAmount, amountIncludingVat } = bookedAmounts(input);
    if (input.vatAmount !== null && input.vatAmount !== vatAmount) {
      context.addIssue({ code: "custom", path: ["vatAmount"], message: VAT_MISMATCH_MESSAGE });
    }
    if (input.amountIncludingVat !== null && input.amountIncludingVat !== amountIncludingVat) {
      context.addIssue({ code: "custom", path: ["amountIncludingVat"], message: TOTAL_MISMATCH_MESSAGE });
    }
  })
  .transform((input) => {
    const vat = bookedAmounts(input);
    // What was typed is now the booked amounts; the flag only said how to read it.
    const { amountIncludesVat: _typedWithVat, ...fields } = input;
    // Spec §4: interval and end date are kept only for a recurring transaction, otherwise null.
    return {
      ...fields,
      amount: vat.amount,
      vatAmount: vat.vatAmount,
      amountIncludingVat: vat.amountIncludingVat,
      recurringInterval: input.isRecurring
        ? (input.recurringInterval as (typeof RECURRING_INTERVALS)[number])
        : null,
      recurringEndDate: input.isRecurring ? input.recurringEndDate : null,
    };
  });

/** What the form holds (strings) — the schema's input. */
export type TransactionFormInput = z.input<typeof TransactionInputSchema>;
/** Validated, money in cents, VAT and total computed. */
export type TransactionInput = z.output<typeof TransactionInputSchema>;

/** Spec §5 Quick add: amount and description, else one message. */
export const QuickAddInputSchema = z
  .object({
    type: z.enum(TRANSACTION_TYPES, { error: TYPE_MESSAGE }),
    amount: z.string(),
    vatRate: z.string(),
    description: z.string(),
  })
  .superRefine((input, context) => {
    if (!input.amount.trim() || !input.description.trim()) {
      context.addIssue({ code: "custom", path: ["amount"], message: QUICK_ADD_MESSAGE });
    }
  });
export type QuickAddInput = z.infer<typeof QuickAddInputSchema>;

/** A saved transaction as the API answers it; money as decimal strings ("1234.50"). */
export const TransactionSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  description: z.string(),
  amount: z.string(),
  vatRate: z.string(),
  vatAmount: z.string(),
  amountIncludingVat: z.string(),
  date: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  isRecurring: z.boolean(),
  recurringInterval: z.enum(RECURRING_INTERVALS).nullable(),
  recurringEndDate: z.string().nullable(),
  /** The recurring transaction this row was generated from. */
  recurringTemplateId: z.string().nullable(),
  categoryId: z.string().nullable(),
  clientId: z.string().nullable(),
  projectId: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  notes: z.string().nullable(),
  vatTreatment: z.enum(BOOKING_VAT_TREATMENTS),
  /** A balance-sheet booking of a bank line (no result, no VAT): privé, a transfer, the VAT paid or refunded. */
  balanceBooking: z.enum(BALANCE_BOOKINGS).nullable(),
  /** The bank statement line this transaction books; it is changed through that line (Afschriften). */
  bankStatementLineId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TRANSACTION_PAGE_SIZE = 50;
export const MAX_TRANSACTION_PAGE_SIZE = 200;

const optionalFilterDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isIsoDate(value), DATE_INVALID_MESSAGE);

/** GET /api/transactions (spec §7: type, categoryId, startDate, endDate; plus search, account and paging). */
export const TransactionListQuerySchema = z.object({
  type: z
    .enum([...TRANSACTION_TYPES, "all", ""])
    .optional()
    .transform((value) => (value === "all" || !value ? undefined : value)),
  categoryId: optionalId("Onbekende categorie").transform((value) => value ?? undefined),
  bankAccountId: optionalId("Onbekende bankrekening").transform((value) => value ?? undefined),
  startDate: optionalFilterDate,
  endDate: optionalFilterDate,
  search: z
    .string()
    .trim()
    .max(100, "Zoekterm mag maximaal 100 tekens zijn")
    .optional()
    .transform((value) => value || undefined),
  limit: pageLimit(MAX_TRANSACTION_PAGE_SIZE).default(TRANSACTION_PAGE_SIZE),
  offset: pageOffset,
});
export type TransactionListQuery = z.input<typeof TransactionListQuerySchema>;
export type TransactionListFilters = z.output<typeof TransactionListQuerySchema>;

/**
 * GET /api/transactions/summary: the count and totals of the whole filtered set (computed by the server), beside
 * GET /api/transactions, which answers one page as the plain list of spec §7.
 */
export const TransactionSummarySchema = z.object({
  total: z.number(),
  totals: z.object({
    /** Income including VAT. */
    income: z.string(),
    /** Expenses including VAT. */
    expense: z.string(),
    /** VAT on income (output VAT). */
    vatIncome: z.string(),
    /** VAT on expenses (input VAT). */
    vatExpense: z.string(),
  }),
});
export type TransactionSummary = z.infer<typeof TransactionSummarySchema>;

/** The answer of POST /api/transactions/import. */
export const ImportResultSchema = z.object({
  imported: z.number(),
  failed: z.number(),
  duplicates: z.number(),
  /** Every row that was not imported, duplicates included, by row number. */
  rowErrors: z.array(ImportRowErrorSchema),
  /** The same as 'Rij {n}: {error}' (spec §8, `formatRowError`), in the same order. */
  errors: z.array(z.string()),
  createdCategories: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
