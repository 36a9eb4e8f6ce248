import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HealthAnswerSchema } from "../../../shared/schemas/public-site";
import { createRequire } from "node:module";
import type { Database } from "../../db/client";
import { listJobRuns } from "../../jobs/job-runs";

const { version } = createRequire(import.meta.url)("../../../../package.json") as { version: string };

/**
 * Liveness, database latency and the last run of each scheduled job, for load balancers, the test harnesses
 * and the status page (/support/status). The job runs are public on purpose: names and times, never errors.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/health",
    { schema: { response: { 200: HealthAnswerSchema, 503: HealthAnswerSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      const started = performance.now();
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, "health check: database unreachable");
        return reply.status(503).send({ status: "error", version, database: { reachable: false } });
      }
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const jobs = (await listJobRuns(db)).map((run) => ({
        name: run.name,
        lastRunAt: run.lastRunAt.toISOString(),
        lastStatus: run.lastStatus,
        lastDurationMs: run.lastDurationMs,
        lastSuccessAt: run.lastSuccessAt?.toISOString() ?? null,
      }));
      return {
        status: "ok" as const,
        version,
        checkedAt: new Date().toISOString(),
        database: { reachable: true, latencyMs },
        jobs,
      };
    },
  );
};
