import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ImportReportSchema } from "../../../shared/schemas/imports";
import { IdParamsSchema } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { getImportReport, markImportReportRead } from "./service";

/** The report behind a 'failed import' notification, and 'Gelezen'; for `request.user.id` only. */
export const importReportRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/api/import-reports/:id",
    { schema: { params: IdParamsSchema, response: { 200: ImportReportSchema } } },
    (request) => getImportReport(db, request.user.id, request.params.id),
  );
  app.post(
    "/api/import-reports/:id/read",
    {
      // 'Gelezen' puts a notice of the bell away and changes no books: open also when they are read-only.
      config: { billingExempt: true },
      schema: { params: IdParamsSchema, response: { 200: ImportReportSchema } },
    },
    (request) => markImportReportRead(db, request.user.id, request.params.id, clock()),
  );
};
