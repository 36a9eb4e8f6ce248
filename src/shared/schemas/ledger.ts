/** The books (issue 7): the API answers of the ledger and the year-end close; the VAT return has vat-returns.ts. */
import { isIsoDate } from "../dates";
import { z } from "../validation";
import { FIRST_VAT_YEAR, LAST_VAT_YEAR } from "../vat-periods";

export const DATE_QUERY_MESSAGE = "Vul een geldige datum in (JJJJ-MM-DD)";
export const RANGE_ORDER_MESSAGE = "De einddatum ligt vóór de begindatum";
export const YEAR_QUERY_MESSAGE = "Vul een geldig jaar in";

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
