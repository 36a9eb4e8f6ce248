/**
 * The years an administration has VAT returns for: from the year it began (the year of sign-up, or of its first
 * booking when books from before were entered) up to next year. A year outside is a 400, not an empty return
 * that could be filed for the year 1.
 */
import { sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { PERIOD_NOT_FOUND_MESSAGE, vatYearRangeMessage } from "../../../shared/schemas/ledger";
import { parseVatPeriod, type VatPeriod } from "../../../shared/vat-periods";
import type { Database } from "../../db/client";
import { invalidField, notFound } from "../../errors";
import { rowsOf } from "./posting";

export type VatYears = { firstYear: number; lastYear: number };

/** The administration: whose books, since when (the account's sign-up). */
export type Administration = { id: string; createdAt: Date };

export async function vatYearsOf(
  db: Database,
  administration: Administration,
  today: string,
): Promise<VatYears> {
  // The month totals hold one row per booked month, so the first month is read from their index.
  const first = rowsOf<{ month: string | null }>(
    await db.execute(sql`
      select min(month)::text as month from journal_month_totals where user_id = ${administration.id}::uuid`),
  )[0]?.month;
  const registeredYear = Number(businessDate(administration.createdAt).slice(0, 4));
  const bookedYear = first ? Number(first.slice(0, 4)) : registeredYear;
  return { firstYear: Math.min(registeredYear, bookedYear), lastYear: Number(today.slice(0, 4)) + 1 };
}

/** The year, or a 400 on the field `year` when the administration has no returns in it. */
export async function checkVatYear(
  db: Database,
  administration: Administration,
  year: number,
  today: string,
): Promise<VatYears> {
  return within(await vatYearsOf(db, administration, today), year, "year");
}

/** The period of an id: 404 for an id that is no period, 400 for a period outside the administration's years. */
export async function checkVatPeriod(
  db: Database,
  administration: Administration,
  periodId: string,
  today: string,
): Promise<VatPeriod> {
  const period = parseVatPeriod(periodId);
  if (!period) throw notFound(PERIOD_NOT_FOUND_MESSAGE);
  within(await vatYearsOf(db, administration, today), Number(period.startDate.slice(0, 4)), "period");
  return period;
}

function within(years: VatYears, year: number, field: string): VatYears {
  if (year < years.firstYear || year > years.lastYear) {
    throw invalidField(field, vatYearRangeMessage(years.firstYear, years.lastYear));
  }
  return years;
}
