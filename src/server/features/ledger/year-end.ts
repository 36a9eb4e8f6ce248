/**
 * Jaarafsluiting: closing a book year once it is over and its VAT returns are filed. Closing posts the year's
 * result and privé to Eigen vermogen (postYearEnd) and locks the year (lock.ts); years close in order, and
 * only the latest closed year can be reopened, with a reason. Both steps are logged for the owner to read.
 */
import { and, desc, eq } from "drizzle-orm";
import {
  YEAR_END_MESSAGES,
  type BookYearsAnswer,
  type BookYearState,
  type ReopenYearInput,
} from "../../../shared/schemas/ledger";
import { businessDate } from "../../../shared/dates";
import { centsToDecimal } from "../../../shared/money";
import type { Database } from "../../db/client";
import { yearClosingEvents, yearClosings } from "../../db/schema/index";
import { AppError, uniqueViolation } from "../../errors";
import { postYearEnd } from "./posting";
import { profitAndLoss } from "./queries";
import { vatPeriodsOf } from "../vat-returns/queries";
import { administrationStartOf } from "../vat-returns/years";

type YearStatus = {
  year: number;
  state: BookYearState;
  closedAt: Date | null;
  blockedReason: string | null;
};

/** The VAT periods of the year that still have to be filed before it can be closed. */
async function unfiledReturns(db: Database, userId: string, year: number, today: string): Promise<string[]> {
  const { periods } = await vatPeriodsOf(db, userId, year, today);
  return periods
    .filter((period) => ["open", "due", "late", "correcting"].includes(period.state))
    .map((period) => period.label);
}

/** Every year from the administration's start to this year, with whether it can be closed or reopened now. */
async function yearStatuses(db: Database, userId: string, today: string): Promise<YearStatus[]> {
  const start = await administrationStartOf(db, userId);
  const thisYear = Number(today.slice(0, 4));
  const firstYear = Math.min(Number(start.slice(0, 4)), thisYear);
  const closings = await db
    .select({ year: yearClosings.year, closedAt: yearClosings.closedAt })
    .from(yearClosings)
    .where(eq(yearClosings.userId, userId));
  const closedAt = new Map(closings.map((row) => [row.year, row.closedAt]));
  const lastClosed = Math.max(0, ...closings.map((row) => row.year));

  const statuses: YearStatus[] = [];
  for (let year = firstYear; year <= thisYear; year++) {
    const closed = closedAt.get(year) ?? null;
    let blockedReason: string | null = null;
    if (closed) {
      if (year < lastClosed) blockedReason = YEAR_END_MESSAGES.laterClosed(lastClosed);
    } else if (year >= thisYear) {
      blockedReason = YEAR_END_MESSAGES.notOver;
    } else if (year > firstYear && !closedAt.has(year - 1)) {
      blockedReason = YEAR_END_MESSAGES.previousOpen(year - 1);
    } else {
      const open = await unfiledReturns(db, userId, year, today);
      if (open.length > 0) blockedReason = YEAR_END_MESSAGES.returnsOpen(open.join(", "));
    }
    statuses.push({
      year,
      state: closed ? "closed" : year >= thisYear ? "running" : "open",
      closedAt: closed,
      blockedReason,
    });
  }
  return statuses;
}

async function statusOf(db: Database, userId: string, year: number, today: string): Promise<YearStatus> {
  const status = (await yearStatuses(db, userId, today)).find((candidate) => candidate.year === year);
  if (status) return status;
  // Not listed: a year still to come, or one before the administration began.
  if (year > Number(today.slice(0, 4))) throw new AppError(409, YEAR_END_MESSAGES.notOver);
  throw new AppError(400, YEAR_END_MESSAGES.beforeStart, {
    fieldErrors: { year: YEAR_END_MESSAGES.beforeStart },
  });
}

export async function listBookYears(db: Database, userId: string, today: string): Promise<BookYearsAnswer> {
  const statuses = await yearStatuses(db, userId, today);
  const years = [];
  for (const status of [...statuses].reverse()) {
    const { netProfitCents } = await profitAndLoss(db, userId, {
      from: `${status.year}-01-01`,
      to: `${status.year}-12-31`,
    });
    years.push({
      year: status.year,
      state: status.state,
      result: centsToDecimal(netProfitCents),
      closedAt: status.closedAt?.toISOString() ?? null,
      blockedReason: status.blockedReason,
    });
  }
  const events = await db
    .select({
      year: yearClosingEvents.year,
      action: yearClosingEvents.action,
      reason: yearClosingEvents.reason,
      at: yearClosingEvents.at,
    })
    .from(yearClosingEvents)
    .where(eq(yearClosingEvents.userId, userId))
    .orderBy(desc(yearClosingEvents.at), desc(yearClosingEvents.id));
  return { years, events: events.map((event) => ({ ...event, at: event.at.toISOString() })) };
}

/** Closes the year: all or nothing, refused (409) with the reason when it cannot be closed now. */
export async function closeYear(db: Database, userId: string, year: number, now: Date): Promise<void> {
  const today = businessDate(now);
  await db.transaction(async (tx) => {
    const status = await statusOf(tx, userId, year, today);
    if (status.state === "closed") throw new AppError(409, YEAR_END_MESSAGES.alreadyClosed(year));
    if (status.blockedReason) throw new AppError(409, status.blockedReason);
    try {
      const [closing] = await tx
        .insert(yearClosings)
        .values({ userId, year, closedAt: now })
        .returning({ id: yearClosings.id });
      await postYearEnd(tx, userId, [closing!.id]);
    } catch (error) {
      // Closed at the same moment elsewhere.
      if (uniqueViolation(error) === "year_closings_user_id_year_key")
        throw new AppError(409, YEAR_END_MESSAGES.alreadyClosed(year));
      throw error;
    }
    await tx.insert(yearClosingEvents).values({ userId, year, action: "closed", at: now });
  });
}

/** Reopens the latest closed year: its closing entry goes, the year takes bookings again; the reason is logged. */
export async function reopenYear(
  db: Database,
  userId: string,
  year: number,
  input: ReopenYearInput,
  now: Date,
): Promise<void> {
  const today = businessDate(now);
  await db.transaction(async (tx) => {
    const status = await statusOf(tx, userId, year, today);
    if (status.state !== "closed") throw new AppError(409, YEAR_END_MESSAGES.notClosed(year));
    if (status.blockedReason) throw new AppError(409, status.blockedReason);
    const [closing] = await tx
      .delete(yearClosings)
      .where(and(eq(yearClosings.userId, userId), eq(yearClosings.year, year)))
      .returning({ id: yearClosings.id });
    // Posting a closing that no longer exists removes its entry.
    await postYearEnd(tx, userId, [closing!.id]);
    await tx
      .insert(yearClosingEvents)
      .values({ userId, year, action: "reopened", reason: input.reason, at: now });
  });
}
