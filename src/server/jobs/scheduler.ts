import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { recordJobRun } from "./job-runs";

export type Job = {
  name: string;
  intervalMs: number;
  run(db: Database, now: Date): Promise<unknown>;
};

/**
 * One run of a job at `now`, as the scheduler makes it: inside a transaction holding a PostgreSQL advisory lock
 * named after the job, so with several app instances a job runs once at a time across all of them (an instance
 * that does not get the lock skips that round). The instance that ran it records the outcome in job_runs, which
 * GET /api/health reports. Answers whether this call ran the job; a failure is recorded, then thrown.
 */
export async function runJob(db: Database, job: Job, now: Date): Promise<boolean> {
  const started = performance.now();
  let ran = false;
  try {
    await db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${`balans:job:${job.name}`})) as locked`,
      )) as unknown as { rows: Array<{ locked: boolean }> };
      if (!result.rows[0]?.locked) return;
      ran = true;
      await job.run(tx, now);
    });
  } catch (error) {
    // The job's own work rolled back; its failure is recorded outside that transaction.
    if (ran)
      await recordJobRun(db, job.name, { startedAt: now, durationMs: performance.now() - started, error });
    throw error;
  }
  if (ran) await recordJobRun(db, job.name, { startedAt: now, durationMs: performance.now() - started });
  return ran;
}

/** Runs each job on its interval (see runJob), the first time at once. */
export function startJobs(options: { db: Database; jobs: Job[]; clock: () => Date; log: FastifyBaseLogger }) {
  const { db, jobs, clock, log } = options;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  for (const job of jobs) {
    const tick = () => {
      const run = runJob(db, job, clock())
        .catch((error) => log.error({ err: error, job: job.name }, "scheduled job failed"))
        .finally(() => running.delete(run));
      running.add(run);
    };
    tick();
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    /** Stops scheduling and waits for runs in progress. */
    async stop() {
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
