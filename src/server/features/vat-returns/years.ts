/**
 * Since when an administration's books run, and so which VAT returns are its own:
 * 1. Its start: the date set in Settings, else the first of the month of sign-up or, when books from before were
 *    entered, of the month of the first booking. Periods that ended before it are not due here (vatPeriodState).
 * 2. The years it has VAT returns for: from the year of the earliest of those dates up to next year. A year
 *    outside is a 400, not an empty return that could be filed for the year 1.
 */
import { eq, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { PERIOD_NOT_FOUND_MESSAGE, vatYearRangeMessage } from "../../../shared/schemas/vat-returns";
import { FIRST_VAT_YEAR, parseVatPeriod, type VatPeriod } from "../../../shared/vat-periods";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { invalidField, notFound } from "../../errors";
import { getAdministrationStartDate } from "../settings/service";

export type VatYears = { firstYear: number; lastYear: number };

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The start as set in Settings (or null) and the start the books give without it. */
async function administrationStarts(
  db: Database,
  userId: string,
): Promise<{ stored: string | null; computed: string }> {
  // Read from the first entry of the (user, date) index; every booking is in the journal (transactions,
  // sales and purchase invoices, opening balances).
  const firstBooking = sql<string | null>`
    (select min(j.date)::text from journal_lines j where j.user_id = ${userId}::uuid)`;
  // One after another: `db` may be a transaction (filing, correcting), whose connection takes one query at a time.
  const stored = await getAdministrationStartDate(db, userId);
  const [row] = await db
    .select({ createdAt: users.createdAt, firstBooking })
    .from(users)
    .where(eq(users.id, userId));
  const candidates = [row ? businessDate(row.createdAt) : null, row?.firstBooking ?? null].filter(
    (date): date is string => date !== null,
  );
  const earliest = candidates.sort()[0] ?? `${FIRST_VAT_YEAR}-01-01`;
  return { stored, computed: firstOfMonth(earliest) };
}

/** The administration's first day: the date set in Settings, else the month it began in Balans or its books. */
export async function administrationStartOf(db: Database, userId: string): Promise<string> {
  const { stored, computed } = await administrationStarts(db, userId);
  return stored ?? computed;
}

export async function vatYearsOf(db: Database, userId: string, today: string): Promise<VatYears> {
  const { stored, computed } = await administrationStarts(db, userId);
  // A start set later than the books begin leaves the earlier periods to be seen (as before the start).
  const first = stored !== null && stored < computed ? stored : computed;
  return { firstYear: Number(first.slice(0, 4)), lastYear: Number(today.slice(0, 4)) + 1 };
}

/** The year, or a 400 on the field `year` when the administration has no returns in it. */
export async function checkVatYear(
  db: Database,
  userId: string,
  year: number,
  today: string,
): Promise<VatYears> {
  return within(await vatYearsOf(db, userId, today), year, "year");
}

/** The period of an id: 404 for an id that is no period, 400 for a period outside the administration's years. */
export async function checkVatPeriod(
  db: Database,
  userId: string,
  periodId: string,
  today: string,
): Promise<VatPeriod> {
  const period = parseVatPeriod(periodId);
  if (!period) throw notFound(PERIOD_NOT_FOUND_MESSAGE);
  within(await vatYearsOf(db, userId, today), Number(period.startDate.slice(0, 4)), "period");
  return period;
}

function within(years: VatYears, year: number, field: string): VatYears {
  if (year < years.firstYear || year > years.lastYear) {
    throw invalidField(field, vatYearRangeMessage(years.firstYear, years.lastYear));
  }
  return years;
}
