import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { addDays, businessDate, businessMoment } from "../../../shared/dates";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { HoursCriterion, TimeEntry, TimeEntryInput } from "../../../shared/schemas/time-tracking";
import { PROJECT_CLIENT_MESSAGE } from "../../../shared/schemas/projects";
import { entryAmountCents } from "../../../shared/time-tracking/duration";
import { hoursCriterionProgress } from "../../../shared/time-tracking/hours-criterion";
import type { Database } from "../../db/client";
import { timeEntries } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { getClient } from "../clients/service";
import { getProject } from "../projects/service";
import { isUuid } from "../../../shared/validation";

type TimeEntryRow = typeof timeEntries.$inferSelect;

const ENTRY_NOT_FOUND = "Tijdregistratie niet gevonden";

export interface TimeEntryFilter {
  /** First calendar day (Amsterdam), inclusive. */
  from?: string | undefined;
  /** Last calendar day (Amsterdam), inclusive. */
  to?: string | undefined;
  projectId?: string | undefined;
  /** One page of the entries; all of them when absent. */
  limit?: number | undefined;
  offset?: number | undefined;
}

export function toTimeEntry(row: TimeEntryRow): TimeEntry {
  const rateCents = row.hourlyRate === null ? null : parseCents(row.hourlyRate);
  const duration = row.duration ?? 0;
  return {
    id: row.id,
    projectId: row.projectId,
    clientId: row.clientId,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    duration,
    hourlyRate: rateCents === null ? null : centsToDecimal(rateCents),
    amount: centsToDecimal(entryAmountCents(duration, rateCents)),
    isBillable: row.isBillable,
    isInvoiced: row.isInvoiced,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An entry is in a period when it starts on one of its days in Amsterdam. */
function periodConditions(userId: string, filter: TimeEntryFilter): SQL[] {
  const conditions: SQL[] = [eq(timeEntries.userId, userId)];
  if (filter.from) conditions.push(gte(timeEntries.startTime, businessMoment(filter.from)));
  if (filter.to) conditions.push(lt(timeEntries.startTime, businessMoment(addDays(filter.to, 1))));
  if (filter.projectId) conditions.push(eq(timeEntries.projectId, filter.projectId));
  return conditions;
}

/** Spec §7 GET /api/time-entries: newest first, filtered by period and project. */
export async function listTimeEntries(
  db: Database,
  userId: string,
  filter: TimeEntryFilter,
): Promise<TimeEntry[]> {
  const query = db
    .select()
    .from(timeEntries)
    .where(and(...periodConditions(userId, filter)))
    .orderBy(desc(timeEntries.startTime), desc(timeEntries.id))
    .offset(filter.offset ?? 0);
  const rows = filter.limit === undefined ? await query : await query.limit(filter.limit);
  return rows.map(toTimeEntry);
}

/** How many entries the period and project hold, for the list's paging metadata. */
export async function countTimeEntries(
  db: Database,
  userId: string,
  filter: TimeEntryFilter,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(timeEntries)
    .where(and(...periodConditions(userId, filter)));
  return row!.count;
}

/** The row as the timer or the form hands it over; rate as a decimal string, already checked. */
export interface NewTimeEntry {
  projectId: string | null;
  clientId: string | null;
  description: string;
  startTime: Date;
  endTime: Date;
  duration: number;
  hourlyRate: string | null;
  isBillable: boolean;
}

export async function insertTimeEntry(db: Database, userId: string, entry: NewTimeEntry): Promise<TimeEntry> {
  const [row] = await db
    .insert(timeEntries)
    .values({ ...entry, userId })
    .returning();
  return toTimeEntry(row!);
}

/**
 * Checks the links of a typed entry and fills in what the project knows: a missing client or rate comes from
 * the project (the timer does the same). A project or client of someone else is refused as unknown.
 */
async function resolveEntry(db: Database, userId: string, input: TimeEntryInput): Promise<NewTimeEntry> {
  const project = await getProject(db, userId, input.projectId).catch((error: unknown) => {
    throw isNotFound(error) ? invalidField("projectId", "Project niet gevonden") : error;
  });
  if (input.clientId !== null) {
    await getClient(db, userId, input.clientId).catch((error: unknown) => {
      throw isNotFound(error) ? invalidField("clientId", PROJECT_CLIENT_MESSAGE) : error;
    });
  }
  const hourlyRate =
    input.hourlyRate === undefined
      ? project.hourlyRate
      : input.hourlyRate === null
        ? null
        : centsToDecimal(input.hourlyRate);
  return {
    projectId: project.id,
    clientId: input.clientId ?? project.clientId,
    description: input.description,
    startTime: input.startTime,
    endTime: input.endTime,
    duration: input.duration,
    hourlyRate,
    isBillable: input.isBillable,
  };
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/** Spec §7 POST /api/time-entries: a manual entry for hours that were not tracked with the timer. */
export async function createTimeEntry(
  db: Database,
  userId: string,
  input: TimeEntryInput,
): Promise<TimeEntry> {
  return insertTimeEntry(db, userId, await resolveEntry(db, userId, input));
}

export async function updateTimeEntry(
  db: Database,
  userId: string,
  entryId: string,
  input: TimeEntryInput,
): Promise<TimeEntry> {
  if (!isUuid(entryId)) throw notFound(ENTRY_NOT_FOUND);
  const values = await resolveEntry(db, userId, input);
  const [row] = await db
    .update(timeEntries)
    .set(values)
    .where(and(eq(timeEntries.id, entryId), eq(timeEntries.userId, userId)))
    .returning();
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return toTimeEntry(row);
}

export async function deleteTimeEntry(db: Database, userId: string, entryId: string): Promise<void> {
  if (!isUuid(entryId)) throw notFound(ENTRY_NOT_FOUND);
  const deleted = await db
    .delete(timeEntries)
    .where(and(eq(timeEntries.id, entryId), eq(timeEntries.userId, userId)))
    .returning({ id: timeEntries.id });
  if (deleted.length === 0) throw notFound(ENTRY_NOT_FOUND);
}

/**
 * The urencriterium card: all minutes booked in the current calendar year (Amsterdam), billable or not,
 * against 1,225 hours (domain.md §8).
 */
export async function getHoursCriterion(db: Database, userId: string, now: Date): Promise<HoursCriterion> {
  const today = businessDate(now);
  const year = today.slice(0, 4);
  const [result] = await db
    .select({ minutes: sql<number>`coalesce(sum(${timeEntries.duration}), 0)`.mapWith(Number) })
    .from(timeEntries)
    .where(and(...periodConditions(userId, { from: `${year}-01-01`, to: `${year}-12-31` })));
  return hoursCriterionProgress(result?.minutes ?? 0, today);
}

/** Billable hours of a client that are not on an invoice yet, oldest first ('Uren factureren'). */
export async function listUninvoicedBillableEntries(
  db: Database,
  userId: string,
  filter: TimeEntryFilter & { clientId: string },
): Promise<TimeEntry[]> {
  if (!isUuid(filter.clientId)) return [];
  if (filter.projectId && !isUuid(filter.projectId)) return [];
  const rows = await db
    .select()
    .from(timeEntries)
    .where(
      and(
        ...periodConditions(userId, filter),
        eq(timeEntries.clientId, filter.clientId),
        eq(timeEntries.isBillable, true),
        eq(timeEntries.isInvoiced, false),
      ),
    )
    .orderBy(asc(timeEntries.startTime), asc(timeEntries.id));
  return rows.map(toTimeEntry);
}

export const ALREADY_INVOICED_MESSAGE =
  "Een deel van deze uren is al gefactureerd of niet meer factureerbaar. Laad de uren opnieuw en probeer het nog eens.";

/**
 * Marks entries as invoiced, inside the transaction that creates the invoice. Only billable entries of the user
 * that are not invoiced yet are taken; if any is missing (taken by another invoice a moment ago, deleted, or
 * not billable) nothing is taken, so hours are never invoiced twice.
 */
export async function markEntriesInvoiced(
  tx: Database,
  userId: string,
  clientId: string,
  entryIds: readonly string[],
): Promise<TimeEntry[]> {
  if (entryIds.some((id) => !isUuid(id))) throw new AppError(409, ALREADY_INVOICED_MESSAGE);
  const rows = await tx
    .update(timeEntries)
    .set({ isInvoiced: true })
    .where(
      and(
        eq(timeEntries.userId, userId),
        eq(timeEntries.clientId, clientId),
        inArray(timeEntries.id, [...entryIds]),
        eq(timeEntries.isBillable, true),
        eq(timeEntries.isInvoiced, false),
      ),
    )
    .returning();
  if (rows.length !== new Set(entryIds).size) throw new AppError(409, ALREADY_INVOICED_MESSAGE);
  return rows.map(toTimeEntry).sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/** Makes entries invoiceable again (their draft invoice was deleted). */
export async function releaseInvoicedEntries(tx: Database, userId: string, entryIds: readonly string[]) {
  if (entryIds.length === 0) return;
  await tx
    .update(timeEntries)
    .set({ isInvoiced: false })
    .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, [...entryIds])));
}

/** Erasure of an account whose books must be kept: the hours go (an invoice keeps the lines it billed). */
export async function forgetTimeEntries(tx: Database, userId: string): Promise<void> {
  await tx.delete(timeEntries).where(eq(timeEntries.userId, userId));
}
