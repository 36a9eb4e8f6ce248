import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IncomeTaxOverviewSchema,
  IncomeTaxQuerySchema,
  ReportDocumentSchema,
  ReportParamsSchema,
  ReportPeriodQuerySchema,
  ReportSummarySchema,
} from "../../../shared/schemas/reports";
import type { Database } from "../../db/client";
import { getCompanyProfile } from "../settings/service";
import { incomeTaxOverview } from "./income-tax";
import { renderReportCsv, renderReportPdf, reportFilename } from "./render";
import { buildReport } from "./service";
import { reportSummary } from "./summary";

/**
 * Spec §2.17: the six reports of a period (?from=&to=, both days included), as data for the screen and as PDF
 * and CSV downloads; and the Inkomstenbelasting figures of a year. Every report is built for
 * `request.user.id` only.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const schema = { params: ReportParamsSchema, querystring: ReportPeriodQuerySchema };

  app.get(
    "/api/reports/summary",
    { schema: { querystring: ReportPeriodQuerySchema, response: { 200: ReportSummarySchema } } },
    (request) => reportSummary(db, request.user.id, request.query),
  );

  // A static path: find-my-way matches it before the parametric report route below.
  app.get(
    "/api/reports/income-tax",
    { schema: { querystring: IncomeTaxQuerySchema, response: { 200: IncomeTaxOverviewSchema } } },
    (request) => incomeTaxOverview(db, request.user.id, request.query),
  );

  app.get(
    "/api/reports/:report",
    { schema: { ...schema, response: { 200: ReportDocumentSchema } } },
    (request) => buildReport(db, request.user.id, request.params.report, request.query, clock()),
  );

  app.get("/api/reports/:report/pdf", { schema }, async (request, reply) => {
    const userId = request.user.id;
    const document = await buildReport(db, userId, request.params.report, request.query, clock());
    const company = await getCompanyProfile(db, userId);
    const companyName =
      company.tradeName ||
      [request.user.firstName, request.user.lastName].filter(Boolean).join(" ") ||
      request.user.username;
    const pdf = await renderReportPdf(document, companyName);
    return reply
      .header("Content-Type", "application/pdf")
      .header("Content-Disposition", `attachment; filename="${reportFilename(document, "pdf")}"`)
      .header("Cache-Control", "no-store")
      .send(pdf);
  });

  app.get("/api/reports/:report/csv", { schema }, async (request, reply) => {
    const document = await buildReport(db, request.user.id, request.params.report, request.query, clock());
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${reportFilename(document, "csv")}"`)
      .header("Cache-Control", "no-store")
      .send(renderReportCsv(document));
  });
};
