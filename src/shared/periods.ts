/**
 * Calendar periods of the dashboard and the reports: months, quarters, years and the presets the screens offer.
 * Dates are "YYYY-MM-DD" business dates (Europe/Amsterdam); months are "YYYY-MM".
 */
import { addDays, daysBetween } from "./dates";

export interface DateRange {
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

const MONTH_NAMES = ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];
const LONG_MONTH_NAMES = [
  "januari",
  "februari",
  "maart",
  "april",
  "mei",
  "juni",
  "juli",
  "augustus",
  "september",
  "oktober",
  "november",
  "december",
];

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-11-21" -> "2026-11-01". */
export const monthStart = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;

/** "2026-02-10" -> "2026-02-28". */
export function monthEnd(isoDate: string): string {
  const [year, month] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
}

/** "2026-11" + 2 -> "2027-01". */
export function addMonthsToMonth(month: string, count: number): string {
  const [year, monthNumber] = month.split("-").map(Number);
  const index = year! * 12 + (monthNumber! - 1) + count;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The months a range touches, oldest first: "2026-10-15".."2026-12-01" -> ["2026-10", "2026-11", "2026-12"]. */
export function monthsOf(range: DateRange): string[] {
  const months: string[] = [];
  const last = range.to.slice(0, 7);
  for (let month = range.from.slice(0, 7); month <= last; month = addMonthsToMonth(month, 1))
    months.push(month);
  return months;
}

/** "2026-11" -> "nov 2026" (chart axis). */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** "2026-11" -> "november 2026". */
export function longMonthLabel(month: string): string {
  return `${LONG_MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export interface Quarter extends DateRange {
  year: number;
  quarter: 1 | 2 | 3 | 4;
  /** "Q4 2026". */
  label: string;
}

/** The calendar quarter a day lies in. */
export function quarterOf(isoDate: string): Quarter {
  const year = Number(isoDate.slice(0, 4));
  const quarter = (Math.floor((Number(isoDate.slice(5, 7)) - 1) / 3) + 1) as Quarter["quarter"];
  const from = `${year}-${pad((quarter - 1) * 3 + 1)}-01`;
  return {
    year,
    quarter,
    from,
    to: monthEnd(`${year}-${pad(quarter * 3)}-01`),
    label: `Q${quarter} ${year}`,
  };
}

/** The quarter before the one a day lies in. */
export const previousQuarterOf = (isoDate: string) => quarterOf(addDays(quarterOf(isoDate).from, -1));

/** Number of calendar days in a range, both ends included. */
export function daysIn(range: DateRange): number {
  return daysBetween(range.from, range.to) + 1;
}

// --- The dashboard chart's period selector (spec §2.11) ---

export const DASHBOARD_PERIODS = ["6months", "quarter", "year"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS: Readonly<Record<DashboardPeriod, string>> = {
  "6months": "Afgelopen 6 maanden",
  quarter: "Dit kwartaal",
  year: "Dit jaar",
};

/** The chart's months: the last six up to this one, this quarter's three, or this year's twelve. */
export function dashboardRange(period: DashboardPeriod, today: string): DateRange {
  switch (period) {
    case "6months":
      return { from: `${addMonthsToMonth(today.slice(0, 7), -5)}-01`, to: monthEnd(today) };
    case "quarter": {
      const { from, to } = quarterOf(today);
      return { from, to };
    }
    case "year":
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** The same number of whole months just before a range of whole months (to compare with). */
export function previousMonthsRange(range: DateRange): DateRange {
  const count = monthsOf(range).length;
  const from = `${addMonthsToMonth(range.from.slice(0, 7), -count)}-01`;
  return { from, to: addDays(range.from, -1) };
}

// --- The reports' period chooser (spec §2.17) ---

export const REPORT_PERIOD_PRESETS = ["thisMonth", "lastMonth", "thisQuarter", "thisYear", "custom"] as const;
export type ReportPeriodPreset = (typeof REPORT_PERIOD_PRESETS)[number];
export const REPORT_PERIOD_LABELS: Readonly<Record<ReportPeriodPreset, string>> = {
  thisMonth: "Deze maand",
  lastMonth: "Vorige maand",
  thisQuarter: "Dit kwartaal",
  thisYear: "Dit jaar",
  custom: "Aangepast bereik",
};

/** The range of a preset on `today`; "custom" starts as this month until the user picks dates. */
export function presetRange(preset: ReportPeriodPreset, today: string): DateRange {
  switch (preset) {
    case "thisMonth":
    case "custom":
      return { from: monthStart(today), to: monthEnd(today) };
    case "lastMonth": {
      const day = addDays(monthStart(today), -1);
      return { from: monthStart(day), to: day };
    }
    case "thisQuarter": {
      const { from, to } = quarterOf(today);
      return { from, to };
    }
    case "thisYear":
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** "1 november 2026 t/m 30 november 2026", or "november 2026" for one whole month, "Q4 2026", "2026". */
export function rangeLabel(range: DateRange): string {
  const quarter = quarterOf(range.from);
  if (range.from === `${range.from.slice(0, 4)}-01-01` && range.to === `${range.from.slice(0, 4)}-12-31`)
    return range.from.slice(0, 4);
  if (range.from === quarter.from && range.to === quarter.to) return quarter.label;
  if (range.from === monthStart(range.from) && range.to === monthEnd(range.from))
    return longMonthLabel(range.from.slice(0, 7));
  const day = (isoDate: string) => {
    const [year, month, dayOfMonth] = isoDate.split("-").map(Number);
    return `${dayOfMonth} ${LONG_MONTH_NAMES[month! - 1]} ${year}`;
  };
  return `${day(range.from)} t/m ${day(range.to)}`;
}

/** Change in percent against a previous figure, one decimal; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
