import { integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobRunStatusEnum = pgEnum("job_run_status", ["ok", "failed"]);

/**
 * The last run of each scheduled job, across all instances (the instance holding a job's advisory lock writes
 * it), for GET /api/health and the status page.
 */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }).notNull(),
  lastStatus: jobRunStatusEnum("last_status").notNull(),
  lastDurationMs: integer("last_duration_ms").notNull(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  /** The failure's message (no stack): what an operator sees first. */
  lastError: text("last_error"),
});
