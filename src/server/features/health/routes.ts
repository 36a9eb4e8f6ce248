import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createRequire } from "node:module";
import type { Database } from "../../db/client";

const { version } = createRequire(import.meta.url)("../../../../package.json") as { version: string };

/** Liveness and database latency, for load balancers, the test harnesses and the status page. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/health", async (_request, reply) => {
    const started = performance.now();
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      app.log.error({ err: error }, "health check: database unreachable");
      return reply.status(503).send({ status: "error", version, database: { reachable: false } });
    }
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return { status: "ok", version, database: { reachable: true, latencyMs } };
  });
};
