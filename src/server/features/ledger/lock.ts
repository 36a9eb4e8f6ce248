/**
 * The locks on the books, checked wherever a journal line is added, changed or removed (posting.ts `replace`):
 * 1. The filing lock: once a VAT return is marked as filed, the bookings dated in its period are final, until
 *    the user opens a correction of that period (vat-corrections.ts), which ends with a suppletie or in the
 *    next return and locks the period again.
 * 2. The year lock: a closed year (jaarafsluiting, year-end.ts) takes no booking until it is reopened.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { parseVatPeriod } from "../../../shared/vat-periods";

export const filedPeriodMessage = (label: string) =>
  `De btw-aangifte over ${label} is al ingediend; boekingen in die periode kun je niet meer wijzigen. Start een correctie van die aangifte bij Belastingen, of boek de correctie in een latere periode.`;

export const closedYearMessage = (year: number | string) =>
  `Boekjaar ${year} is afgesloten; boekingen in dat jaar kun je niet meer wijzigen. Heropen het jaar of boek de correctie in een later jaar.`;

/** A locked stretch of days and why: a filed VAT period or a closed year. */
export type LockedRange = { startDate: string; endDate: string; message: string };

/** Both locks as date ranges: the filed periods and the closed years, earliest first. */
const lockedRanges = (userId: string) => sql`
  select f.start_date, f.end_date, 'period' as kind, f.period as name from vat_return_filings f
  where f.user_id = ${userId}::uuid
    and not exists (select 1 from vat_return_corrections c
                    where c.user_id = f.user_id and c.period = f.period and c.status = 'open')
  union all
  select make_date(year, 1, 1), make_date(year, 12, 31), 'year', year::text from year_closings
  where user_id = ${userId}::uuid`;

type LockedRow = { start_date: string; end_date: string; kind: "period" | "year"; name: string };

const messageOf = (row: LockedRow) =>
  row.kind === "year"
    ? closedYearMessage(row.name)
    : filedPeriodMessage(parseVatPeriod(row.name)?.label ?? row.name);

/** Which locks apply: all, or (`yearsOnly`) the year lock alone, for entries no VAT return can contain. */
export type LockScope = { yearsOnly?: boolean };

/** Why the first of the dates that lies in a locked range cannot be booked, or null when none does. */
export async function findLock(
  db: Database,
  userId: string,
  dates: readonly string[],
  { yearsOnly = false }: LockScope = {},
): Promise<string | null> {
  if (dates.length === 0) return null;
  const unique = [...new Set(dates)];
  const result = await db.execute(sql`
    select start_date::text, end_date::text, kind, name from (${lockedRanges(userId)}) r
    where ${yearsOnly ? sql`r.kind = 'year' and ` : sql``}exists (select 1 from unnest(${`{${unique.join(",")}}`}::date[]) as d(day)
                  where d.day between r.start_date and r.end_date)
    order by r.kind desc, r.start_date limit 1`);
  const row = (result as unknown as { rows: LockedRow[] }).rows[0];
  return row ? messageOf(row) : null;
}

/** Refuses (409) when one of the dates lies in a filed VAT period or a closed year. */
export async function assertPeriodsOpen(
  db: Database,
  userId: string,
  dates: readonly string[],
  scope: LockScope = {},
): Promise<void> {
  const message = await findLock(db, userId, dates, scope);
  if (message) throw new AppError(409, message);
}

/** Every locked range of the user, for checking many dates at once (the CSV import). */
export async function lockedRangesOf(db: Database, userId: string): Promise<LockedRange[]> {
  const result = await db.execute(sql`
    select start_date::text, end_date::text, kind, name from (${lockedRanges(userId)}) r
    order by r.kind desc, r.start_date`);
  return (result as unknown as { rows: LockedRow[] }).rows.map((row) => ({
    startDate: row.start_date,
    endDate: row.end_date,
    message: messageOf(row),
  }));
}
