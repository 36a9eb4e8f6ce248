/** The books (issue 7): the API answers of the ledger and the VAT return, and the filing form. */
import { isIsoDate } from "../dates";
import { z } from "../validation";
import { FIRST_VAT_YEAR, LAST_VAT_YEAR, VAT_PERIOD_FREQUENCIES, VAT_PERIOD_STATES } from "../vat-periods";
import { formatNumber } from "../format";

export const FILED_ON_MESSAGE = "Vul een geldige datum in";
export const FILED_ON_BEFORE_END_MESSAGE = "Een aangifte dien je in na afloop van de periode";
export const FILED_ON_FUTURE_MESSAGE = "De datum van indienen kan niet in de toekomst liggen";
export const REFERENCE_REQUIRED_MESSAGE = "Vul het kenmerk van de aangifte in";
export const REFERENCE_TOO_LONG_MESSAGE = "Het kenmerk mag maximaal 100 tekens zijn";
export const PERIOD_NOT_FOUND_MESSAGE = "Aangifteperiode niet gevonden";
export const ALREADY_FILED_MESSAGE = "Deze aangifte is al ingediend";
export const OVERLAPS_FILED_MESSAGE = "Deze periode overlapt met een aangifte die al is ingediend";
export const KOR_NO_RETURN_MESSAGE =
  "In deze periode gebruik je de kleineondernemersregeling (KOR): je hoeft geen btw-aangifte te doen.";
export const DATE_QUERY_MESSAGE = "Vul een geldige datum in (JJJJ-MM-DD)";
export const RANGE_ORDER_MESSAGE = "De einddatum ligt vóór de begindatum";
export const YEAR_QUERY_MESSAGE = "Vul een geldig jaar in";
/** A year before the administration began or after next year has no VAT returns. */
export const vatYearRangeMessage = (firstYear: number, lastYear: number) =>
  `Kies een jaar van ${firstYear} tot en met ${lastYear}`;

/** 'Markeer als ingediend': the day it was filed and the Belastingdienst's reference. */
export const VatFilingInputSchema = z.object({
  filedOn: z
    .string({ error: FILED_ON_MESSAGE })
    .trim()
    .refine((value) => isIsoDate(value), FILED_ON_MESSAGE),
  reference: z
    .string({ error: REFERENCE_REQUIRED_MESSAGE })
    .trim()
    .min(1, REFERENCE_REQUIRED_MESSAGE)
    .max(100, REFERENCE_TOO_LONG_MESSAGE),
});
export type VatFilingFormInput = z.input<typeof VatFilingInputSchema>;
export type VatFilingInput = z.output<typeof VatFilingInputSchema>;

const isoDate = z
  .string({ error: DATE_QUERY_MESSAGE })
  .trim()
  .refine((value) => isIsoDate(value), DATE_QUERY_MESSAGE);

export const DateQuerySchema = z.object({ date: isoDate.optional() });
export const RangeQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, { message: RANGE_ORDER_MESSAGE, path: ["to"] });
export const YearQuerySchema = z.object({
  year: z.coerce
    .number({ error: YEAR_QUERY_MESSAGE })
    .int(YEAR_QUERY_MESSAGE)
    .min(FIRST_VAT_YEAR, YEAR_QUERY_MESSAGE)
    .max(LAST_VAT_YEAR, YEAR_QUERY_MESSAGE)
    .optional(),
});

/** Money in answers: exact decimal strings ("1234.50"). */
export const LEDGER_ACCOUNT_KINDS = ["asset", "liability", "equity", "revenue", "expense"] as const;

export const LedgerAccountAnswerSchema = z.object({
  id: z.string(),
  code: z.string(),
  rgsCode: z.string(),
  name: z.string(),
  kind: z.enum(LEDGER_ACCOUNT_KINDS),
  /** The role of an account the books post to automatically (chart.ts key), else null. */
  systemKey: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  balance: z.string(),
});
export type LedgerAccountAnswer = z.infer<typeof LedgerAccountAnswerSchema>;

export const AccountLineAnswerSchema = z.object({
  accountId: z.string().nullable(),
  code: z.string(),
  rgsCode: z.string(),
  name: z.string(),
  amount: z.string(),
});
export type AccountLineAnswer = z.infer<typeof AccountLineAnswerSchema>;

export const ProfitAndLossAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  revenue: z.array(AccountLineAnswerSchema),
  expenses: z.array(AccountLineAnswerSchema),
  totalRevenue: z.string(),
  totalExpenses: z.string(),
  netProfit: z.string(),
});
export type ProfitAndLossAnswer = z.infer<typeof ProfitAndLossAnswerSchema>;

export const BalanceSheetAnswerSchema = z.object({
  date: z.string(),
  assets: z.array(AccountLineAnswerSchema),
  liabilities: z.array(AccountLineAnswerSchema),
  equity: z.array(AccountLineAnswerSchema),
  totalAssets: z.string(),
  totalLiabilities: z.string(),
  totalEquity: z.string(),
});
export type BalanceSheetAnswer = z.infer<typeof BalanceSheetAnswerSchema>;

export const VatRubriekAnswerSchema = z.object({
  code: z.string(),
  label: z.string(),
  /** Exact, in the books; null where the rubriek has no such column. */
  turnover: z.string().nullable(),
  vat: z.string().nullable(),
  /** Whole euros as filed (VAT payable rounded down, voorbelasting up). */
  turnoverEuros: z.number().nullable(),
  vatEuros: z.number().nullable(),
});
export type VatRubriekAnswer = z.infer<typeof VatRubriekAnswerSchema>;

export const VatPeriodAnswerSchema = z.object({
  id: z.string(),
  frequency: z.enum(VAT_PERIOD_FREQUENCIES),
  label: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  deadline: z.string(),
  state: z.enum(VAT_PERIOD_STATES),
  filedOn: z.string().nullable(),
  reference: z.string().nullable(),
});
export type VatPeriodAnswer = z.infer<typeof VatPeriodAnswerSchema>;

/** A line of the opgaaf ICP: a client elsewhere in the EU and what was invoiced to it in the period. */
export const IcpLineAnswerSchema = z.object({
  country: z.string(),
  vatNumber: z.string(),
  clientName: z.string(),
  amount: z.string(),
  /** Whole euros, as the opgaaf asks. */
  amountEuros: z.number(),
});
export type IcpLineAnswer = z.infer<typeof IcpLineAnswerSchema>;

/**
 * Correcting a filed return (Belastingdienst, "Btw-aangifte corrigeren"): a VAT difference of more than € 1,000
 * needs a suppletie, filed within 8 weeks of finding the error; a smaller one may be corrected in the next return.
 */
export const SUPPLETIE_THRESHOLD_EUROS = 1000;
export const SUPPLETIE_DEADLINE_DAYS = 56;
export const VAT_CORRECTION_METHODS = ["suppletie", "next_return"] as const;
export type VatCorrectionMethod = (typeof VAT_CORRECTION_METHODS)[number];
export const VAT_CORRECTION_STATUSES = ["open", ...VAT_CORRECTION_METHODS, "no_difference"] as const;
export type VatCorrectionStatus = (typeof VAT_CORRECTION_STATUSES)[number];

export const CORRECTION_MESSAGES = {
  notFiled: "Deze aangifte is nog niet ingediend: wijzig de boekingen gewoon en dien de aangifte daarna in.",
  alreadyOpen: "Deze aangifte wordt al gecorrigeerd.",
  noneOpen: "Er loopt geen correctie voor deze aangifte.",
  method: "Kies hoe je corrigeert: met een suppletie of in de volgende aangifte",
  suppletieRequired: `Het verschil is meer dan € ${formatNumber(SUPPLETIE_THRESHOLD_EUROS)} btw: dien een suppletie in.`,
  noNextReturn: "Er is geen volgende aangifte om het verschil in mee te nemen: dien een suppletie in.",
  filedOnBeforeOpened: "Een suppletie dien je in na het begin van de correctie",
  laterPeriodFiled: (label: string) =>
    `De aangifte over ${label} neemt al een correctie van deze periode mee en is ingediend; corrigeer via een suppletie.`,
} as const;

export const VatCorrectionResolveSchema = z
  .object({
    method: z.enum(VAT_CORRECTION_METHODS, { error: CORRECTION_MESSAGES.method }),
    filedOn: z.string({ error: FILED_ON_MESSAGE }).trim().optional(),
    reference: z
      .string({ error: REFERENCE_REQUIRED_MESSAGE })
      .trim()
      .max(100, REFERENCE_TOO_LONG_MESSAGE)
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.method !== "suppletie") return;
    if (!input.filedOn || !isIsoDate(input.filedOn)) {
      context.addIssue({ code: "custom", message: FILED_ON_MESSAGE, path: ["filedOn"] });
    }
    if (!input.reference) {
      context.addIssue({ code: "custom", message: REFERENCE_REQUIRED_MESSAGE, path: ["reference"] });
    }
  });
export type VatCorrectionResolveFormInput = z.input<typeof VatCorrectionResolveSchema>;
export type VatCorrectionResolveInput = z.output<typeof VatCorrectionResolveSchema>;

/** A correction of the period: the figures before and after (while open: as the books stand now). */
export const VatCorrectionAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(VAT_CORRECTION_STATUSES),
  openedOn: z.string(),
  /** The suppletie is due 8 weeks after the error was found. */
  deadline: z.string(),
  resolvedOn: z.string().nullable(),
  filedOn: z.string().nullable(),
  reference: z.string().nullable(),
  /** 5g after minus before, in whole euros. */
  differenceEuros: z.number(),
  /** More than € 1,000: only a suppletie will do. */
  isSuppletieRequired: z.boolean(),
  /** The period whose return carries the difference, when folded into it. */
  foldedInto: z.object({ id: z.string(), label: z.string() }).nullable(),
  before: z.array(VatRubriekAnswerSchema),
  after: z.array(VatRubriekAnswerSchema),
});
export type VatCorrectionAnswer = z.infer<typeof VatCorrectionAnswerSchema>;

/** A correction of an earlier period carried by this return (≤ € 1,000, folded in). */
export const VatFoldedCorrectionAnswerSchema = z.object({
  period: z.string(),
  label: z.string(),
  differenceEuros: z.number(),
});
export type VatFoldedCorrectionAnswer = z.infer<typeof VatFoldedCorrectionAnswerSchema>;

export const VatReturnAnswerSchema = z.object({
  period: VatPeriodAnswerSchema,
  /** The KOR applies on every day of the period: no return is due (unless VAT was shifted to the user). */
  isKorApplied: z.boolean(),
  rubrieken: z.array(VatRubriekAnswerSchema),
  /** The opgaaf ICP of the period, filed separately; empty without services to clients elsewhere in the EU. */
  icp: z.array(IcpLineAnswerSchema),
  /** 5g in whole euros: positive to pay, negative to reclaim. */
  totalEuros: z.number(),
  /** The corrections of this period, newest first; an open one is first. */
  corrections: z.array(VatCorrectionAnswerSchema),
  /** Corrections of earlier periods included in this return's figures. */
  foldedIn: z.array(VatFoldedCorrectionAnswerSchema),
});
export type VatReturnAnswer = z.infer<typeof VatReturnAnswerSchema>;

export const VatPeriodsAnswerSchema = z.object({
  year: z.number(),
  /** The years the administration has returns for: from the year it began up to next year. */
  firstYear: z.number(),
  lastYear: z.number(),
  frequency: z.enum(VAT_PERIOD_FREQUENCIES),
  /** Whether the KOR applies today; its first and last day (null: none, or not ended). */
  isKorApplied: z.boolean(),
  korStartDate: z.string().nullable(),
  korEndDate: z.string().nullable(),
  periods: z.array(VatPeriodAnswerSchema.extend({ totalEuros: z.number() })),
});
export type VatPeriodsAnswer = z.infer<typeof VatPeriodsAnswerSchema>;

/** Jaarafsluiting: the messages of closing and reopening a book year. */
export const YEAR_END_MESSAGES = {
  notOver: "Een boekjaar sluit je af als het voorbij is",
  alreadyClosed: (year: number) => `Boekjaar ${year} is al afgesloten`,
  notClosed: (year: number) => `Boekjaar ${year} is niet afgesloten`,
  previousOpen: (year: number) => `Sluit eerst boekjaar ${year} af`,
  laterClosed: (year: number) => `Heropen eerst boekjaar ${year}`,
  returnsOpen: (labels: string) => `Dien eerst de btw-aangifte in over ${labels}`,
  beforeStart: "Dit jaar ligt vóór de start van je administratie",
  reasonRequired: "Geef een reden op om het jaar te heropenen",
  reasonTooLong: "Een reden mag maximaal 500 tekens zijn",
} as const;

export const YearParamsSchema = z.object({
  year: z.coerce
    .number({ error: "Kies een jaar" })
    .int("Kies een jaar")
    .min(2000, "Kies een jaar")
    .max(2100, "Kies een jaar"),
});

export const ReopenYearInputSchema = z.object({
  reason: z
    .string({ error: YEAR_END_MESSAGES.reasonRequired })
    .trim()
    .min(1, YEAR_END_MESSAGES.reasonRequired)
    .max(500, YEAR_END_MESSAGES.reasonTooLong),
});
export type ReopenYearInput = z.output<typeof ReopenYearInputSchema>;

export const BOOK_YEAR_STATES = ["running", "open", "closed"] as const;
export type BookYearState = (typeof BOOK_YEAR_STATES)[number];
export const BOOK_YEAR_STATE_LABELS: Readonly<Record<BookYearState, string>> = {
  running: "Lopend",
  open: "Af te sluiten",
  closed: "Afgesloten",
};

/** GET /api/ledger/years: each book year with its result and whether it can be closed now, and the log. */
export const BookYearsAnswerSchema = z.object({
  years: z.array(
    z.object({
      year: z.number(),
      state: z.enum(BOOK_YEAR_STATES),
      /** Net profit of the year (negative: a loss), from the books. */
      result: z.string(),
      closedAt: z.string().nullable(),
      /** Why the year cannot be closed (or reopened) now; null when it can. */
      blockedReason: z.string().nullable(),
    }),
  ),
  events: z.array(
    z.object({
      year: z.number(),
      action: z.enum(["closed", "reopened"]),
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type BookYearsAnswer = z.infer<typeof BookYearsAnswerSchema>;
