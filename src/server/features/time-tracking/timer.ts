import { eq } from "drizzle-orm";
import {
  needsStopConfirmation,
  timerEnd,
  wholeMinutes,
  workedMilliseconds,
} from "../../../shared/time-tracking/duration";
import type { Timer, TimerStartInput, TimeEntry } from "../../../shared/schemas/time-tracking";
import type { Database } from "../../db/client";
import { runningTimers } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { getProject } from "../projects/service";
import { insertTimeEntry } from "./service";

type TimerRow = typeof runningTimers.$inferSelect;

export const TIMER_ALREADY_RUNNING = "Er loopt al een timer. Stop die eerst.";
export const TIMER_NOT_RUNNING = "Er loopt geen timer.";
export const TIMER_ALREADY_PAUSED = "De timer is al gepauzeerd.";
export const TIMER_NOT_PAUSED = "De timer is niet gepauzeerd.";
export const TIMER_PROJECT_MESSAGE = "Kies een actief project";
export const TIMER_CONFIRM_MESSAGE =
  "De timer liep over middernacht of langer dan 12 uur. Bevestig dat je deze tijd wilt opslaan.";

const conflict = (message: string) => new AppError(409, message);

/** The answer of every timer call: the state as the server keeps it, and the server's clock for the display. */
export function toTimer(row: TimerRow | undefined, now: Date): Timer {
  if (!row) {
    return {
      state: "stopped",
      projectId: null,
      description: null,
      startedAt: null,
      pausedAt: null,
      pausedMilliseconds: 0,
      workedMilliseconds: 0,
      serverTime: now.toISOString(),
    };
  }
  return {
    state: row.pausedAt ? "paused" : "running",
    projectId: row.projectId,
    description: row.description,
    startedAt: row.startedAt.toISOString(),
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedMilliseconds: row.pausedMilliseconds,
    workedMilliseconds: workedMilliseconds(row, now),
    serverTime: now.toISOString(),
  };
}

export async function getTimer(db: Database, userId: string, now: Date): Promise<Timer> {
  const [row] = await db.select().from(runningTimers).where(eq(runningTimers.userId, userId));
  return toTimer(row, now);
}

/** Start: stopped -> running. A second start (another tab, a double click) finds the timer already there. */
export async function startTimer(
  db: Database,
  userId: string,
  input: TimerStartInput,
  now: Date,
): Promise<Timer> {
  const project = await getProject(db, userId, input.projectId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  });
  if (!project || project.status !== "active") throw invalidField("projectId", TIMER_PROJECT_MESSAGE);
  const [row] = await db
    .insert(runningTimers)
    .values({ userId, projectId: project.id, description: input.description, startedAt: now })
    .onConflictDoNothing({ target: runningTimers.userId })
    .returning();
  if (!row) throw conflict(TIMER_ALREADY_RUNNING);
  return toTimer(row, now);
}

/** Pauze: running -> paused. Worked time stops counting at `now`. */
export async function pauseTimer(db: Database, userId: string, now: Date): Promise<Timer> {
  return db.transaction(async (tx) => {
    const row = await lockTimer(tx, userId);
    if (row.pausedAt) throw conflict(TIMER_ALREADY_PAUSED);
    const [paused] = await tx
      .update(runningTimers)
      .set({ pausedAt: now })
      .where(eq(runningTimers.userId, userId))
      .returning();
    return toTimer(paused, now);
  });
}

/** Hervat: paused -> running. The pause that ends now joins the paused total, so it is never counted. */
export async function resumeTimer(db: Database, userId: string, now: Date): Promise<Timer> {
  return db.transaction(async (tx) => {
    const row = await lockTimer(tx, userId);
    if (!row.pausedAt) throw conflict(TIMER_NOT_PAUSED);
    const pause = Math.max(0, now.getTime() - row.pausedAt.getTime());
    const [resumed] = await tx
      .update(runningTimers)
      .set({ pausedAt: null, pausedMilliseconds: row.pausedMilliseconds + pause })
      .where(eq(runningTimers.userId, userId))
      .returning();
    return toTimer(resumed, now);
  });
}

/** The user's timer, locked until the transaction ends, so two tabs pressing at once take turns. */
async function lockTimer(tx: Database, userId: string): Promise<TimerRow> {
  const [row] = await tx.select().from(runningTimers).where(eq(runningTimers.userId, userId)).for("update");
  if (!row) throw conflict(TIMER_NOT_RUNNING);
  return row;
}

/**
 * 'Stop & Opslaan': running or paused -> stopped, saving the entry in the same transaction (start, end, whole
 * minutes of worked time, the project's rate and client, billable). A paused timer ends at its pause. A timer
 * that ran over midnight or longer than 12 hours is only saved with `confirm`. Less than a whole minute of work
 * saves no entry (a 0-minute line only clutters the hours and the invoices): `entry` is then null.
 */
export async function stopTimer(
  db: Database,
  userId: string,
  options: { confirm: boolean },
  now: Date,
): Promise<{ timer: Timer; entry: TimeEntry | null }> {
  return db.transaction(async (tx) => {
    const row = await lockTimer(tx, userId);
    if (needsStopConfirmation(row, now) && !options.confirm) {
      throw new AppError(409, TIMER_CONFIRM_MESSAGE, { fieldErrors: { confirm: TIMER_CONFIRM_MESSAGE } });
    }
    const duration = wholeMinutes(workedMilliseconds(row, now));
    if (duration === 0) {
      await tx.delete(runningTimers).where(eq(runningTimers.userId, userId));
      return { timer: toTimer(undefined, now), entry: null };
    }
    const project = row.projectId ? await getProject(tx, userId, row.projectId) : null;
    const entry = await insertTimeEntry(tx, userId, {
      projectId: project?.id ?? null,
      clientId: project?.clientId ?? null,
      description: row.description,
      startTime: row.startedAt,
      endTime: timerEnd(row, now),
      duration,
      hourlyRate: project?.hourlyRate ?? null,
      isBillable: true,
    });
    await tx.delete(runningTimers).where(eq(runningTimers.userId, userId));
    return { timer: toTimer(undefined, now), entry };
  });
}

/** Erasure of an account whose books must be kept: a running timer goes. */
export async function forgetRunningTimer(tx: Database, userId: string): Promise<void> {
  await tx.delete(runningTimers).where(eq(runningTimers.userId, userId));
}
