/** Calendar dates are "YYYY-MM-DD" strings end to end; "today" is the business day in Europe/Amsterdam. */
export const BUSINESS_TIME_ZONE = "Europe/Amsterdam";

const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day in Amsterdam at the given moment. */
export function businessDate(moment: Date): string {
  return isoDay.format(moment);
}

/** "2026-01-31" + 30 -> "2026-03-02". Pure calendar arithmetic, independent of time zones. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day! + days));
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}

/**
 * "2026-01-31" + 1 month -> "2026-02-28": the same day of the month, or the month's last day when it is shorter
 * (how "within one month" of AVG art. 12(3) is counted).
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const target = new Date(Date.UTC(year!, month! - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day!, lastDay));
  return target.toISOString().slice(0, 10);
}
