/**
 * The filing lock: once a VAT return is marked as filed, the bookings dated in its period are final.
 * Corrections go into a later period (the Belastingdienst's suppletie rules), so any change that would add,
 * alter or remove a journal line dated in a filed period is refused.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { parseVatPeriod } from "../../../shared/vat-periods";

export const filedPeriodMessage = (label: string) =>
  `De btw-aangifte over ${label} is al ingediend; boekingen in die periode kun je niet meer wijzigen. Boek de correctie in een latere periode.`;

/** The first filed period containing one of the dates, or null. */
export async function findFiledPeriod(
  db: Database,
  userId: string,
  dates: readonly string[],
): Promise<string | null> {
  if (dates.length === 0) return null;
  const unique = [...new Set(dates)];
  const result = await db.execute<{ period: string }>(sql`
    select f.period from vat_return_filings f
    where f.user_id = ${userId}::uuid
      and exists (select 1 from unnest(${`{${unique.join(",")}}`}::date[]) as d(day)
                  where d.day between f.start_date and f.end_date)
    order by f.start_date limit 1`);
  return (result as unknown as { rows: Array<{ period: string }> }).rows[0]?.period ?? null;
}

/** Refuses (409) when one of the dates lies in a filed VAT period. */
export async function assertPeriodsOpen(
  db: Database,
  userId: string,
  dates: readonly string[],
): Promise<void> {
  const period = await findFiledPeriod(db, userId, dates);
  if (period) throw new AppError(409, filedPeriodMessage(parseVatPeriod(period)?.label ?? period));
}

/** The user's filed periods with their dates, for checking many dates at once (the CSV import). */
export async function filedPeriodsOf(
  db: Database,
  userId: string,
): Promise<Array<{ period: string; label: string; startDate: string; endDate: string }>> {
  const result = await db.execute(sql`
    select period, start_date::text as start_date, end_date::text as end_date
    from vat_return_filings where user_id = ${userId}::uuid order by start_date`);
  return (
    result as unknown as { rows: Array<{ period: string; start_date: string; end_date: string }> }
  ).rows.map((row) => ({
    period: row.period,
    label: parseVatPeriod(row.period)?.label ?? row.period,
    startDate: row.start_date,
    endDate: row.end_date,
  }));
}
