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

/**
 * The last day a date field takes. Periods run to the day, month or year after a date, and after the year 9999
 * there is no "YYYY-MM-DD" (and PostgreSQL refuses a JavaScript Date's text for it).
 */
export const LAST_ISO_DATE = "9998-12-31";

/** A real calendar day as "YYYY-MM-DD", up to LAST_ISO_DATE. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value > LAST_ISO_DATE) return false;
  return addDays(value, 0) === value;
}

const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Milliseconds that Amsterdam's wall clock is ahead of UTC at the given moment (+1 h in winter, +2 h in summer). */
function amsterdamOffset(moment: Date): number {
  const parts = Object.fromEntries(wallClock.formatToParts(moment).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(moment.getTime() / 1000) * 1000;
}

/** The time of day in Amsterdam at the given moment: "09:05". */
export function businessTime(moment: Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute}`;
}

/**
 * The moment at which Amsterdam's wall clock shows `isoDate` `time` ("2026-03-29", "09:30"). A time that occurs
 * twice (02:30 on the night the clocks go back) is its first occurrence; a time that does not exist (02:30 on the
 * night they go forward) is read with the winter offset, so it lands on 03:30 summer time.
 */
export function businessMoment(isoDate: string, time = "00:00"): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // The offsets in force half a day before and after: the same except around a clock change.
  const offsets = [
    ...new Set([wall - 12 * 3_600_000, wall + 12 * 3_600_000].map((at) => amsterdamOffset(new Date(at)))),
  ];
  const matching = offsets
    .map((offset) => wall - offset)
    .filter((candidate) => amsterdamOffset(new Date(candidate)) === wall - candidate)
    .sort((a, b) => a - b);
  return new Date(matching[0] ?? wall - Math.min(...offsets));
}

/**
 * "2026-01-31" + 1 month -> "2026-02-28": the same day of the month, or the month's last day when it is shorter
 * (how "within one month" of AVG art. 12(3) is counted).
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, "0")}-${pad2(targetMonth)}-${pad2(Math.min(day, lastDay))}`;
}

const pad2 = (value: number) => String(value).padStart(2, "0");

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export const addYears = (isoDate: string, years: number) => addMonths(isoDate, 12 * years);

/** Whole calendar days from `from` to `to`: "2026-01-30" -> "2026-02-02" is 3; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
