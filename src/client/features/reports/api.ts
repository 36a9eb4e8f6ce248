/**
 * Reports data: the summary cards and one report of a period, its downloads, the income tax of a year, and the
 * book years to close.
 */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { DateRange } from "@shared/periods";
import type { IncomeTaxOverview, ReportDocument, ReportId, ReportSummary } from "@shared/schemas/reports";
import type { BookYearsAnswer } from "@shared/schemas/ledger";
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

export const yearEndQueryKey = ["/api/ledger/years"] as const;

/** The book years with their state and the log of closings (Jaarafsluiting). */
export function useBookYears() {
  return useQuery({
    queryKey: yearEndQueryKey,
    queryFn: ({ signal }) => apiRequest<BookYearsAnswer>("GET", "/api/ledger/years", undefined, { signal }),
  });
}

/** Closing a year, or reopening it with a reason; the answer is the new list. */
export function useYearEndStep() {
  return useMutation({
    mutationFn: (
      step: { year: number; action: "close" } | { year: number; action: "reopen"; reason: string },
    ) =>
      apiRequest<BookYearsAnswer>(
        "POST",
        `/api/ledger/years/${step.year}/${step.action}`,
        step.action === "reopen" ? { reason: step.reason } : {},
      ),
  });
}
