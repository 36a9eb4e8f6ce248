import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { getImportReport, markImportReportRead } from "./service";

const ReportIdParamsSchema = z.object({ id: z.string() });

/** The report behind a 'failed import' notification, and 'Gelezen'; for `request.user.id` only. */
export const importReportRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get("/api/import-reports/:id", { schema: { params: ReportIdParamsSchema } }, (request) =>
    getImportReport(db, request.user.id, request.params.id),
  );
  app.post("/api/import-reports/:id/read", { schema: { params: ReportIdParamsSchema } }, (request) =>
    markImportReportRead(db, request.user.id, request.params.id, clock()),
  );
};
