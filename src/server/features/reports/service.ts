/**
 * The reports of spec §2.17: one mechanism for all six. A report is a function from (user, period) to a
 * ReportDocument; the routes render that document as JSON for the screen, as PDF and as CSV.
 */
import { rangeLabel, type DateRange } from "../../../shared/periods";
import {
  REPORT_IDS,
  REPORT_NOT_FOUND,
  REPORT_TITLES,
  type ReportDocument,
  type ReportId,
} from "../../../shared/schemas/reports";
import type { Database } from "../../db/client";
import { notFound } from "../../errors";
import { cashflowReport } from "./cashflow";
import { clientReport } from "./clients";
import { hoursReport } from "./hours";

export type ReportBody = Omit<ReportDocument, "report" | "title" | "from" | "to" | "periodLabel">;
type ReportBuilder = (db: Database, userId: string, range: DateRange, now: Date) => Promise<ReportBody>;

const BUILDERS: Readonly<Partial<Record<ReportId, ReportBuilder>>> = {
  cashflow: cashflowReport,
  uren: hoursReport,
  klanten: (db, userId, range) => clientReport(db, userId, range),
};

const isReportId = (value: string): value is ReportId => (REPORT_IDS as readonly string[]).includes(value);

export async function buildReport(
  db: Database,
  userId: string,
  report: string,
  range: DateRange,
  now: Date,
): Promise<ReportDocument> {
  const builder = isReportId(report) ? BUILDERS[report] : undefined;
  if (!builder || !isReportId(report)) throw notFound(REPORT_NOT_FOUND);
  const body = await builder(db, userId, range, now);
  return {
    report,
    title: REPORT_TITLES[report],
    from: range.from,
    to: range.to,
    periodLabel: rangeLabel(range),
    ...body,
  };
}
