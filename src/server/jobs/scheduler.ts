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
 * Runs each job on its interval. Every run happens inside a transaction holding a PostgreSQL advisory lock
 * named after the job, so with several app instances a job runs once at a time across all of them
 * (instances that do not get the lock skip that round). The instance that ran a job records the outcome in
 * job_runs, which GET /api/health reports.
 */
export function startJobs(options: { db: Database; jobs: Job[]; clock: () => Date; log: FastifyBaseLogger }) {
  const { db, jobs, clock, log } = options;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  const runOnce = async (job: Job) => {
    const startedAt = clock();
    const started = performance.now();
    let ran = false;
    try {
      await db.transaction(async (tx) => {
        const result = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext(${`balans:job:${job.name}`})) as locked`,
        )) as unknown as { rows: Array<{ locked: boolean }> };
        if (!result.rows[0]?.locked) return;
        ran = true;
        await job.run(tx, startedAt);
      });
    } catch (error) {
      // The job's own work rolled back; its failure is recorded outside that transaction.
      if (ran)
        await recordJobRun(db, job.name, { startedAt, durationMs: performance.now() - started, error });
      throw error;
    }
    if (ran) await recordJobRun(db, job.name, { startedAt, durationMs: performance.now() - started });
  };

  for (const job of jobs) {
    const tick = () => {
      const run = runOnce(job)
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
