/** The books (issue 7): the API answers of the ledger and the VAT return, and the filing form. */
import { isIsoDate } from "../dates";
import { z } from "../validation";
import { FIRST_VAT_YEAR, LAST_VAT_YEAR, type VatPeriodFrequency, type VatPeriodState } from "../vat-periods";

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
export type LedgerAccountAnswer = {
  id: string;
  code: string;
  rgsCode: string;
  name: string;
  kind: "asset" | "liability" | "equity" | "revenue" | "expense";
  /** The role of an account the books post to automatically (chart.ts key), else null. */
  systemKey: string | null;
  bankAccountId: string | null;
  balance: string;
};

export type AccountLineAnswer = {
  accountId: string | null;
  code: string;
  rgsCode: string;
  name: string;
  amount: string;
};

export type ProfitAndLossAnswer = {
  from: string;
  to: string;
  revenue: AccountLineAnswer[];
  expenses: AccountLineAnswer[];
  totalRevenue: string;
  totalExpenses: string;
  netProfit: string;
};

export type BalanceSheetAnswer = {
  date: string;
  assets: AccountLineAnswer[];
  liabilities: AccountLineAnswer[];
  equity: AccountLineAnswer[];
  totalAssets: string;
  totalLiabilities: string;
  totalEquity: string;
};

export type VatRubriekAnswer = {
  code: string;
  label: string;
  /** Exact, in the books; null where the rubriek has no such column. */
  turnover: string | null;
  vat: string | null;
  /** Whole euros as filed (VAT payable rounded down, voorbelasting up). */
  turnoverEuros: number | null;
  vatEuros: number | null;
};

export type VatPeriodAnswer = {
  id: string;
  frequency: VatPeriodFrequency;
  label: string;
  startDate: string;
  endDate: string;
  deadline: string;
  state: VatPeriodState;
  filedOn: string | null;
  reference: string | null;
};

/** A line of the opgaaf ICP: a client elsewhere in the EU and what was invoiced to it in the period. */
export type IcpLineAnswer = {
  country: string;
  vatNumber: string;
  clientName: string;
  amount: string;
  /** Whole euros, as the opgaaf asks. */
  amountEuros: number;
};

export type VatReturnAnswer = {
  period: VatPeriodAnswer;
  /** The KOR applies on every day of the period: no return is due (unless VAT was shifted to the user). */
  isKorApplied: boolean;
  rubrieken: VatRubriekAnswer[];
  /** The opgaaf ICP of the period, filed separately; empty without services to clients elsewhere in the EU. */
  icp: IcpLineAnswer[];
  /** 5g in whole euros: positive to pay, negative to reclaim. */
  totalEuros: number;
};

export type VatPeriodsAnswer = {
  year: number;
  /** The years the administration has returns for: from the year it began up to next year. */
  firstYear: number;
  lastYear: number;
  frequency: VatPeriodFrequency;
  /** Whether the KOR applies today; its first and last day (null: none, or not ended). */
  isKorApplied: boolean;
  korStartDate: string | null;
  korEndDate: string | null;
  periods: Array<VatPeriodAnswer & { totalEuros: number }>;
};

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
