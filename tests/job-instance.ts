/**
 * One Balans app instance in a process of its own, as main.ts starts it on PostgreSQL: its own connection pool to
 * DATABASE_URL, the app built on it, and the scheduled jobs of jobsFor("postgres") with the app's payment links.
 * Instead of timers, its parent (a test) tells it when to run which jobs, so that two instances can be made to
 * run the same jobs at the same moment:
 * - message { names, now, throughScheduler: true }: each named job once through the scheduler's own runJob
 *   (advisory lock, job_runs);
 * - { …, throughScheduler: false }: each named job once in a transaction of its own without the advisory lock,
 *   as when two runs overlap anyway, so that only the jobs' unique keys keep them exact.
 * The named jobs run side by side; the answer is { outcomes: [{ name, ran, result } | { name, error }] }.
 */
import { buildApp } from "../src/server/app";
import { openPostgres } from "../src/server/db/client";
import { jobsFor } from "../src/server/jobs/index";
import { runJob } from "../src/server/jobs/scheduler";

export type JobRound = { names: string[]; now: string; throughScheduler: boolean };
export type JobOutcome = { name: string; ran?: boolean; result?: unknown; error?: string };

const database = await openPostgres(process.env.DATABASE_URL!, 5);
const app = await buildApp({
  db: database.db,
  logger: false,
  config: {
    sessionSecret: "job-instance-secret-job-instance-secret-0123",
    publicUrl: undefined,
    isProduction: false,
    clientDir: undefined,
    logLevel: "silent",
    trustProxy: false,
    rateLimits: true,
    smtpUrl: undefined,
    port: 0,
    supportEmail: "support@balans.nl",
  },
});
await app.ready();
const jobs = jobsFor("postgres", { documentStore: app.documentStore, paymentLinks: app.paymentLinks });

async function runRound(round: JobRound): Promise<JobOutcome[]> {
  const now = new Date(round.now);
  return Promise.all(
    round.names.map(async (name): Promise<JobOutcome> => {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) return { name, error: `no job named ${name}` };
      try {
        if (round.throughScheduler) return { name, ran: await runJob(database.db, job, now) };
        return { name, ran: true, result: await database.db.transaction((tx) => job.run(tx, now)) };
      } catch (error) {
        return { name, error: String((error as Error)?.stack ?? error) };
      }
    }),
  );
}

process.on("message", (round: JobRound) => {
  void runRound(round).then((outcomes) => process.send!({ outcomes }));
});
process.once("disconnect", () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send!({ ready: true });
