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
import { balanceSheetReport, profitAndLossReport, vatReport } from "./ledger-reports";

export type ReportBody = Omit<ReportDocument, "report" | "title" | "from" | "to" | "periodLabel">;
type ReportBuilder = (db: Database, userId: string, range: DateRange, now: Date) => Promise<ReportBody>;

const BUILDERS: Readonly<Record<ReportId, ReportBuilder>> = {
  "winst-en-verlies": (db, userId, range) => profitAndLossReport(db, userId, range),
  balans: (db, userId, range) => balanceSheetReport(db, userId, range),
  cashflow: cashflowReport,
  uren: hoursReport,
  klanten: (db, userId, range) => clientReport(db, userId, range),
  btw: vatReport,
};

const isReportId = (value: string): value is ReportId => (REPORT_IDS as readonly string[]).includes(value);

export async function buildReport(
  db: Database,
  userId: string,
  report: string,
  range: DateRange,
  now: Date,
): Promise<ReportDocument> {
  if (!isReportId(report)) throw notFound(REPORT_NOT_FOUND);
  const body = await BUILDERS[report](db, userId, range, now);
  return {
    report,
    title: REPORT_TITLES[report],
    from: range.from,
    to: range.to,
    periodLabel: rangeLabel(range),
    ...body,
  };
}
