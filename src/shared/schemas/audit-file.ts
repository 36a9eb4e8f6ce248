/**
 * The XAF audit file (XML Auditfile Financieel 3.2) for the accountant: one fiscal year (?year=2026) or a chosen
 * period within one fiscal year (?from=2026-01-01&to=2026-03-31). The fiscal year is the calendar year: the books
 * close on 31 December (jaarafsluiting).
 */
import { isIsoDate } from "../dates";
import { z } from "../validation";

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
