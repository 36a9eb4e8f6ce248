/**
 * What the accountant takes away (/app/accountant): the ledger exports (grootboekkaarten, proef- en saldibalans,
 * journal, open items with ageing and the btw-aansluiting, each as CSV or PDF) and the XAF audit file. One query
 * schema per export, used by the routes; the page builds its links with `ledgerExportUrl` so the two cannot drift
 * apart.
 */
import { isIsoDate } from "../dates";
import { daysIn } from "../periods";
import { FIRST_VAT_YEAR, LAST_VAT_YEAR } from "../vat-periods";
import { z } from "../validation";

export const LEDGER_EXPORT_IDS = [
  "general-ledger",
  "trial-balance",
  "journal",
  "open-items",
  "vat-reconciliation",
] as const;
export type LedgerExportId = (typeof LEDGER_EXPORT_IDS)[number];

export const LEDGER_EXPORT_FORMATS = ["csv", "pdf"] as const;
export type LedgerExportFormat = (typeof LEDGER_EXPORT_FORMATS)[number];

export const OPEN_ITEM_ROLES = ["debtors", "creditors"] as const;
export type OpenItemRole = (typeof OPEN_ITEM_ROLES)[number];

export const LEDGER_EXPORT_MESSAGES = {
  formatInvalid: "Kies het formaat csv of pdf",
  periodRequired: "Kies een jaar of een begin- en einddatum",
  yearInvalid: "Kies een jaar tussen 2000 en 2100",
  yearRequired: "Kies een jaar",
  dateInvalid: "Ongeldige datum",
  fromRequired: "Kies een begindatum",
  toRequired: "Kies een einddatum",
  toBeforeFrom: "De einddatum ligt voor de begindatum",
  tooLong: "Kies een periode van hoogstens 5 jaar",
  yearAndDates: "Kies een jaar of een begin- en einddatum, niet allebei",
  roleInvalid: "Kies debiteuren of crediteuren",
  dateRequired: "Kies een peildatum",
  accountNotFound: "Grootboekrekening niet gevonden",
} as const;

/** Five years, as the reports allow: enough for any comparison, and it bounds an export's work. */
const MAX_PERIOD_DAYS = 5 * 366;

const format = z.enum(LEDGER_EXPORT_FORMATS, { error: LEDGER_EXPORT_MESSAGES.formatInvalid });

const optionalDate = z
  .string()
  .trim()
  .refine((value) => value === "" || isIsoDate(value), LEDGER_EXPORT_MESSAGES.dateInvalid)
  .optional();

const yearField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => /^\d{4}$/.test(value), LEDGER_EXPORT_MESSAGES.yearInvalid)
    .transform(Number)
    .refine((year) => year >= FIRST_VAT_YEAR && year <= LAST_VAT_YEAR, LEDGER_EXPORT_MESSAGES.yearInvalid);

const PeriodFieldsSchema = z.object({
  year: yearField(LEDGER_EXPORT_MESSAGES.yearInvalid).optional(),
  from: optionalDate,
  to: optionalDate,
});
type PeriodFields = z.infer<typeof PeriodFieldsSchema>;

/** ?year=YYYY or ?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included), turned into { from, to }. */
function resolvePeriod<Query extends PeriodFields>(
  query: Query,
  context: z.RefinementCtx,
): Omit<Query, "year" | "from" | "to"> & { from: string; to: string } {
  const { year, from, to, ...rest } = query;
  const fail = (path: string, message: string) => {
    context.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  };
  if (year !== undefined && (from || to)) return fail("year", LEDGER_EXPORT_MESSAGES.yearAndDates);
  if (year !== undefined) return { ...rest, from: `${year}-01-01`, to: `${year}-12-31` };
  if (!from && !to) return fail("year", LEDGER_EXPORT_MESSAGES.periodRequired);
  if (!from) return fail("from", LEDGER_EXPORT_MESSAGES.fromRequired);
  if (!to) return fail("to", LEDGER_EXPORT_MESSAGES.toRequired);
  if (to < from) return fail("to", LEDGER_EXPORT_MESSAGES.toBeforeFrom);
  if (daysIn({ from, to }) > MAX_PERIOD_DAYS) return fail("to", LEDGER_EXPORT_MESSAGES.tooLong);
  return { ...rest, from, to };
}

export const GeneralLedgerQuerySchema = PeriodFieldsSchema.extend({
  format,
  /** An account's number (1300) or id; without it, every account with an opening balance or movements. */
  account: z.string().trim().max(100).optional(),
}).transform((query, context) => resolvePeriod(query, context));
export type GeneralLedgerQuery = z.infer<typeof GeneralLedgerQuerySchema>;

export const TrialBalanceQuerySchema = PeriodFieldsSchema.extend({ format }).transform((query, context) =>
  resolvePeriod(query, context),
);
export const JournalQuerySchema = TrialBalanceQuerySchema;
export type PeriodExportQuery = z.infer<typeof TrialBalanceQuerySchema>;

export const OpenItemsQuerySchema = z.object({
  format,
  role: z.enum(OPEN_ITEM_ROLES, { error: LEDGER_EXPORT_MESSAGES.roleInvalid }),
  date: z
    .string({ error: LEDGER_EXPORT_MESSAGES.dateRequired })
    .trim()
    .min(1, LEDGER_EXPORT_MESSAGES.dateRequired)
    .refine(isIsoDate, LEDGER_EXPORT_MESSAGES.dateInvalid),
});
export type OpenItemsQuery = z.infer<typeof OpenItemsQuerySchema>;

export const VatReconciliationQuerySchema = z.object({
  format,
  year: yearField(LEDGER_EXPORT_MESSAGES.yearRequired),
});
export type VatReconciliationQuery = z.infer<typeof VatReconciliationQuerySchema>;

/** The download address of an export: `/api/exports/trial-balance?format=pdf&from=…&to=…`. */
export function ledgerExportUrl(
  id: LedgerExportId,
  exportFormat: LedgerExportFormat,
  params: Record<string, string>,
): string {
  const query = new URLSearchParams({ format: exportFormat, ...params });
  return `/api/exports/${id}?${query.toString()}`;
}

/** GET /api/exports/overview: the first and last day with bookings (null without any), for the period choice. */
export const LedgerExportOverviewSchema = z.object({
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});
export type LedgerExportOverview = z.infer<typeof LedgerExportOverviewSchema>;

// The XAF audit file (XML Auditfile Financieel 3.2): one fiscal year (?year=2026) or a chosen period within one
// fiscal year (?from=2026-01-01&to=2026-03-31). The fiscal year is the calendar year: the books close on 31 December.
export const AUDIT_FILE_FIRST_YEAR = 2001;
export const AUDIT_FILE_LAST_YEAR = 2100;

export const AUDIT_FILE_MESSAGES = {
  periodRequired: "Kies een boekjaar of een periode",
  yearOrPeriod: "Kies een boekjaar of een periode, niet allebei",
  year: `Kies een boekjaar van ${AUDIT_FILE_FIRST_YEAR} tot en met ${AUDIT_FILE_LAST_YEAR}`,
  fromRequired: "Kies een begindatum",
  toRequired: "Kies een einddatum",
  invalidDate: "Ongeldige datum",
  toBeforeFrom: "De einddatum ligt voor de begindatum",
  oneYear: "Kies een periode binnen één boekjaar",
} as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** The raw query; `AuditFileQuerySchema` turns it into the period to export. */
export const AuditFileQuerySchema = z
  .object({ year: optionalText, from: optionalText, to: optionalText })
  .superRefine((query, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (query.year !== undefined) {
      if (query.from !== undefined || query.to !== undefined)
        return issue("year", AUDIT_FILE_MESSAGES.yearOrPeriod);
      const year = Number(query.year);
      if (!/^\d{4}$/.test(query.year) || year < AUDIT_FILE_FIRST_YEAR || year > AUDIT_FILE_LAST_YEAR)
        issue("year", AUDIT_FILE_MESSAGES.year);
      return;
    }
    if (query.from === undefined && query.to === undefined)
      return issue("year", AUDIT_FILE_MESSAGES.periodRequired);
    if (query.from === undefined) return issue("from", AUDIT_FILE_MESSAGES.fromRequired);
    if (query.to === undefined) return issue("to", AUDIT_FILE_MESSAGES.toRequired);
    if (!isIsoDate(query.from)) return issue("from", AUDIT_FILE_MESSAGES.invalidDate);
    if (!isIsoDate(query.to)) return issue("to", AUDIT_FILE_MESSAGES.invalidDate);
    if (query.to < query.from) return issue("to", AUDIT_FILE_MESSAGES.toBeforeFrom);
    if (query.from.slice(0, 4) !== query.to.slice(0, 4)) return issue("to", AUDIT_FILE_MESSAGES.oneYear);
    const year = Number(query.from.slice(0, 4));
    if (year < AUDIT_FILE_FIRST_YEAR || year > AUDIT_FILE_LAST_YEAR) issue("from", AUDIT_FILE_MESSAGES.year);
  })
  .transform((query) => {
    if (query.year !== undefined)
      return {
        fiscalYear: Number(query.year),
        from: `${query.year}-01-01`,
        to: `${query.year}-12-31`,
        isYear: true,
      };
    return { fiscalYear: Number(query.from!.slice(0, 4)), from: query.from!, to: query.to!, isYear: false };
  });
export type AuditFilePeriod = z.output<typeof AuditFileQuerySchema>;

/** "auditfile-2026.xaf" for a year, "auditfile-2026-01-01_2026-03-31.xaf" for a chosen period. */
export const auditFileName = (period: AuditFilePeriod) =>
  `auditfile-${period.isYear ? period.fiscalYear : `${period.from}_${period.to}`}.xaf`;
