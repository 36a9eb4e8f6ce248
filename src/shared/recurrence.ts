/**
 * The schedule of a recurring transaction (spec §2.12, §4 Recurring). Occurrence k is computed from the
 * template's own date, never from the previous occurrence, so month ends do not drift:
 * 31 January monthly -> 28/29 February -> 31 March -> 30 April -> 31 May.
 * A 29 February yearly template falls on 28 February in other years and on the 29th again in leap years.
 */
import { addDays, addMonths, daysBetween } from "./dates";

export const RECURRING_INTERVALS = ["weekly", "monthly", "yearly"] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** Every schedule the app knows: recurring transactions use RECURRING_INTERVALS, recurring invoices all four. */
export const SCHEDULE_INTERVALS = ["weekly", "monthly", "quarterly", "yearly"] as const;
export type ScheduleInterval = (typeof SCHEDULE_INTERVALS)[number];

/** The k-th occurrence (k = 0 is the template itself). */
export function occurrenceDate(start: string, interval: ScheduleInterval, k: number): string {
  switch (interval) {
    case "weekly":
      return addDays(start, 7 * k);
    case "monthly":
      return addMonths(start, k);
    case "quarterly":
      return addMonths(start, 3 * k);
    case "yearly":
      return addMonths(start, 12 * k);
  }
}

/**
 * The occurrences after the template (k >= 1) whose date is after `after` (exclusive) and on or before `until`,
 * stopping at `endDate` (inclusive) when there is one. At most `limit` dates, oldest first.
 */
export function occurrencesBetween(options: {
  start: string;
  interval: ScheduleInterval;
  endDate: string | null;
  after: string;
  until: string;
  limit?: number;
}): string[] {
  const { start, interval, endDate, after, until, limit = 1000 } = options;
  const last = endDate && endDate < until ? endDate : until;
  const dates: string[] = [];
  // Skip quickly to the neighbourhood of `after`: the schedule only moves forward.
  let k = firstIndexAfter(start, interval, after);
  for (; dates.length < limit; k++) {
    const date = occurrenceDate(start, interval, k);
    if (date > last) break;
    if (date > after) dates.push(date);
  }
  return dates;
}

/** A k (>= 1) at or just before the first occurrence after `after`, so long-running templates stay cheap. */
function firstIndexAfter(start: string, interval: ScheduleInterval, after: string): number {
  if (after <= start) return 1;
  let estimate: number;
  if (interval === "weekly") {
    estimate = Math.floor(daysBetween(start, after) / 7);
  } else {
    const [sy, sm] = start.split("-").map(Number) as [number, number];
    const [ay, am] = after.split("-").map(Number) as [number, number];
    const months = (ay - sy) * 12 + (am - sm);
    estimate = Math.floor(months / { monthly: 1, quarterly: 3, yearly: 12 }[interval]);
  }
  return Math.max(1, estimate - 1);
}

/** Dutch labels for the form and the list. */
export const RECURRING_INTERVAL_LABELS: Readonly<Record<RecurringInterval, string>> = {
  weekly: "Wekelijks",
  monthly: "Maandelijks",
  yearly: "Jaarlijks",
};
export const SCHEDULE_INTERVAL_LABELS: Readonly<Record<ScheduleInterval, string>> = {
  ...RECURRING_INTERVAL_LABELS,
  quarterly: "Per kwartaal",
};
