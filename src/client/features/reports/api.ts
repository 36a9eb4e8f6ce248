/** Reports data: the summary cards and one report of a period, its downloads, and the income tax of a year. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DateRange } from "@shared/periods";
import type { IncomeTaxOverview, ReportDocument, ReportId, ReportSummary } from "@shared/schemas/reports";
import { apiRequest } from "@client/lib/api";

const periodQuery = (range: DateRange) =>
  `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

export const reportsQueryKeys = {
  summary: (range: DateRange) => ["/api/reports/summary", range] as const,
  report: (report: ReportId, range: DateRange) => ["/api/reports", report, range] as const,
  incomeTax: (year: number, isStarter: boolean) => ["/api/reports/income-tax", year, isStarter] as const,
};

export function useReportSummary(range: DateRange | null) {
  return useQuery({
    queryKey: reportsQueryKeys.summary(range ?? { from: "", to: "" }),
    queryFn: ({ signal }) =>
      apiRequest<ReportSummary>("GET", `/api/reports/summary?${periodQuery(range!)}`, undefined, { signal }),
    enabled: range !== null,
  });
}

export function useReport(report: ReportId | null, range: DateRange | null) {
  return useQuery({
    queryKey: reportsQueryKeys.report(report ?? "winst-en-verlies", range ?? { from: "", to: "" }),
    queryFn: ({ signal }) =>
      apiRequest<ReportDocument>("GET", `/api/reports/${report}?${periodQuery(range!)}`, undefined, {
        signal,
      }),
    enabled: report !== null && range !== null,
  });
}

export const reportDownloadUrl = (report: ReportId, range: DateRange, format: "pdf" | "csv") =>
  `/api/reports/${report}/${format}?${periodQuery(range)}`;

export function useIncomeTax(year: number, isStarter: boolean) {
  return useQuery({
    queryKey: reportsQueryKeys.incomeTax(year, isStarter),
    queryFn: ({ signal }) =>
      apiRequest<IncomeTaxOverview>(
        "GET",
        `/api/reports/income-tax?year=${year}&starter=${isStarter}`,
        undefined,
        { signal },
      ),
    // Another year or answer keeps the lines on screen (marked busy) until the new figures are in.
    placeholderData: keepPreviousData,
  });
}
