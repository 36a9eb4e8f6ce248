import { asc, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobRuns } from "../db/schema/index";

export type JobRunOutcome = {
  startedAt: Date;
  durationMs: number;
  error?: unknown;
};

/** Stores the outcome of one run of a job, replacing its previous one. */
export async function recordJobRun(db: Database, name: string, outcome: JobRunOutcome): Promise<void> {
  const failed = outcome.error !== undefined;
  const values = {
    name,
    lastRunAt: outcome.startedAt,
    lastStatus: failed ? ("failed" as const) : ("ok" as const),
    lastDurationMs: Math.round(outcome.durationMs),
    lastError: failed ? String((outcome.error as Error)?.message ?? outcome.error).slice(0, 1000) : null,
  };
  await db
    .insert(jobRuns)
    .values({ ...values, lastSuccessAt: failed ? null : outcome.startedAt })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        ...values,
        // A failure keeps the moment of the last success.
        lastSuccessAt: failed ? sql`${jobRuns.lastSuccessAt}` : outcome.startedAt,
      },
    });
}

/** The last run of every job that ever ran, by name. */
export async function listJobRuns(db: Database) {
  return db.select().from(jobRuns).orderBy(asc(jobRuns.name));
}
