import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DashboardMetricsSchema, DashboardQuerySchema } from "../../../shared/schemas/dashboard";
import type { Database } from "../../db/client";
import { getDashboardMetrics } from "./service";

/** Spec §7 GET /api/dashboard/metrics, with the chart's period (?period=6months|quarter|year). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/api/dashboard/metrics",
    { schema: { querystring: DashboardQuerySchema, response: { 200: DashboardMetricsSchema } } },
    (request) => getDashboardMetrics(db, request.user.id, request.query.period, clock()),
  );
};
