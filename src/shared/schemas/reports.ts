/**
 * The reports of spec §2.17. Every report is one document shape — a title, summary figures and sections of
 * typed columns and rows — that the screen, the PDF and the CSV all render; so the three cannot disagree.
 */
import { isIsoDate } from "../dates";
import { formatAmount, formatDate, formatEuro, formatFixed, formatNumber } from "../format";
import { parseCents } from "../money";
import { daysIn } from "../periods";
import { z } from "../validation";

export const REPORT_IDS = ["winst-en-verlies", "balans", "cashflow", "uren", "klanten", "btw"] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_TITLES: Readonly<Record<ReportId, string>> = {
  "winst-en-verlies": "Winst & verlies",
  balans: "Balans",
  cashflow: "Cashflow",
  uren: "Urenrapport",
  klanten: "Klantrapport",
  btw: "BTW-aangifte",
};

export const REPORT_DESCRIPTIONS: Readonly<Record<ReportId, string>> = {
  "winst-en-verlies": "Opbrengsten en kosten per grootboekrekening",
  balans: "Bezittingen, schulden en eigen vermogen op de einddatum",
  cashflow: "Geld in en uit per maand, met een prognose van 3 maanden",
  uren: "Uren per project en klant, en het urencriterium",
  klanten: "Omzet, openstaand bedrag en betaalgedrag per klant",
  btw: "De btw-aangifte met alle rubrieken",
};

export const REPORT_NOT_FOUND = "Rapport niet gevonden";
export const REPORT_PERIOD_MESSAGES = {
  fromRequired: "Kies een begindatum",
  toRequired: "Kies een einddatum",
  invalidDate: "Ongeldige datum",
  toBeforeFrom: "De einddatum ligt voor de begindatum",
  tooLong: "Kies een periode van hoogstens 5 jaar",
} as const;
/** A report covers at most five years: enough for any comparison, and it keeps every report fast. */
const MAX_PERIOD_DAYS = 5 * 366;

const requiredDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isIsoDate, REPORT_PERIOD_MESSAGES.invalidDate);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included. */
export const ReportPeriodQuerySchema = z
  .object({
    from: requiredDate(REPORT_PERIOD_MESSAGES.fromRequired),
    to: requiredDate(REPORT_PERIOD_MESSAGES.toRequired),
  })
  .superRefine((query, context) => {
    if (query.to < query.from)
      context.addIssue({ code: "custom", path: ["to"], message: REPORT_PERIOD_MESSAGES.toBeforeFrom });
    else if (daysIn(query) > MAX_PERIOD_DAYS)
      context.addIssue({ code: "custom", path: ["to"], message: REPORT_PERIOD_MESSAGES.tooLong });
  });
export type ReportPeriodQuery = z.infer<typeof ReportPeriodQuerySchema>;

export const ReportParamsSchema = z.object({ report: z.string() });

/**
 * How a cell is shown: money as a decimal string ("1234.50"), minutes as a whole number (shown as hours),
 * days and plain numbers as numbers, dates as "YYYY-MM-DD".
 */
export const REPORT_CELL_KINDS = ["text", "money", "minutes", "number", "percent", "date"] as const;
export type ReportCellKind = (typeof REPORT_CELL_KINDS)[number];
export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;

export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_CELL_KINDS),
  /** A short code (account number, rubriek): printed in a narrow column. */
  narrow: z.boolean().optional(),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportRowSchema = z.object({
  cells: z.record(z.string(), ReportCellSchema),
  /** A total line is printed bold; a heading line groups the rows below it. */
  style: z.enum(["total", "heading", "forecast"]).optional(),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

export const ReportSectionSchema = z.object({
  title: z.string(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(ReportRowSchema),
  /** Shown instead of an empty table. */
  emptyText: z.string().optional(),
});
export type ReportSection = z.infer<typeof ReportSectionSchema>;

export const ReportFigureSchema = z.object({
  label: z.string(),
  kind: z.enum(REPORT_CELL_KINDS),
  value: ReportCellSchema,
});
export type ReportFigure = z.infer<typeof ReportFigureSchema>;

/** GET /api/reports/:report: one report of a period, as the screen shows it and the PDF and CSV print it. */
export const ReportDocumentSchema = z.object({
  report: z.enum(REPORT_IDS),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** "Q4 2026", "november 2026", "1 maart 2026 t/m 15 april 2026". */
  periodLabel: z.string(),
  figures: z.array(ReportFigureSchema),
  sections: z.array(ReportSectionSchema),
  /** Explanations printed under the tables (what a figure means, where it comes from). */
  notes: z.array(z.string()),
  /** Related screens and files, e.g. the VAT return on /app/taxes and its PDF. */
  links: z.array(z.object({ label: z.string(), href: z.string() })),
});
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;

/** Minutes as hours with two decimals: 90 -> "1,50". */
export const formatMinutesAsHours = (minutes: number) =>
  formatFixed(Math.round((minutes * 100) / 60) / 100, 2);

/**
 * A cell as people read it: on screen and in the PDF money carries the euro sign; in the CSV (`plain`) it is a
 * bare nl-NL amount ("1.234,50") that a spreadsheet reads as a number.
 */
export function formatReportCell(kind: ReportCellKind, value: ReportCell, plain = false): string {
  if (value === null || value === "") return "";
  switch (kind) {
    case "money": {
      const cents = parseCents(value) ?? 0;
      return plain ? formatAmount(cents) : formatEuro(cents);
    }
    case "minutes":
      return formatMinutesAsHours(Number(value));
    case "number":
      return formatNumber(Number(value), 1);
    case "percent":
      return `${formatNumber(Number(value), 1)}%`;
    case "date":
      return formatDate(String(value));
    case "text":
      return String(value);
  }
}

/** The summary cards of the reports screen for a period. */
export const ReportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  profitAndLoss: z.object({ revenue: z.string(), expenses: z.string(), netProfit: z.string() }),
  cashflow: z.object({ in: z.string(), out: z.string(), net: z.string() }),
  hours: z.object({
    billableMinutes: z.number(),
    totalMinutes: z.number(),
    /** Weighted by the hours: the billable amount divided by the billable hours that have a rate. */
    averageRate: z.string().nullable(),
    billableAmount: z.string(),
  }),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

// --- Inkomstenbelasting: the figures of the year's aangifte for a sole proprietor ---

/** The years the overview answers for: the Wet IB 2001 onwards. */
export const INCOME_TAX_FIRST_YEAR = 2001;
export const INCOME_TAX_LAST_YEAR = 2100;
export const INCOME_TAX_MESSAGES = {
  year: `Kies een jaar van ${INCOME_TAX_FIRST_YEAR} tot en met ${INCOME_TAX_LAST_YEAR}`,
  starter: "Kies ja of nee voor de startersaftrek",
} as const;

/** ?year=2026&starter=true: `starter` is the user's own answer to the startersaftrek's conditions. */
export const IncomeTaxQuerySchema = z.object({
  year: z
    .string({ error: INCOME_TAX_MESSAGES.year })
    .trim()
    .regex(/^\d{4}$/, INCOME_TAX_MESSAGES.year)
    .transform(Number)
    .refine(
      (year) => year >= INCOME_TAX_FIRST_YEAR && year <= INCOME_TAX_LAST_YEAR,
      INCOME_TAX_MESSAGES.year,
    ),
  starter: z
    .enum(["true", "false"], { error: INCOME_TAX_MESSAGES.starter })
    .optional()
    .transform((value) => value === "true"),
});
export type IncomeTaxQuery = z.infer<typeof IncomeTaxQuerySchema>;

/** GET /api/reports/income-tax: money as decimal strings, the MKB rate as a percentage ("12.70"). */
export const IncomeTaxOverviewSchema = z.object({
  year: z.number(),
  /** The year whose amounts are used: the nearest year known when `year` is not. */
  ratesYear: z.number(),
  /** Whether the books have any revenue or costs in the year. */
  hasBookings: z.boolean(),
  hoursCriterion: z.object({
    bookedMinutes: z.number(),
    goalMinutes: z.number(),
    isMet: z.boolean(),
  }),
  isStarter: z.boolean(),
  /** Winst uit onderneming: revenue minus costs from the books. */
  profit: z.string(),
  /** The year's zelfstandigenaftrek and startersaftrek in full, to explain the lines. */
  selfEmployedDeductionAmount: z.string(),
  starterDeductionAmount: z.string(),
  selfEmployedDeduction: z.string(),
  /** The zelfstandigenaftrek above the profit: not deducted this year, may be set off in the next 9 years. */
  selfEmployedCarryForward: z.string(),
  starterDeduction: z.string(),
  profitAfterDeduction: z.string(),
  smeExemptionRate: z.string(),
  smeExemption: z.string(),
  taxableProfit: z.string(),
});
export type IncomeTaxOverview = z.infer<typeof IncomeTaxOverviewSchema>;
