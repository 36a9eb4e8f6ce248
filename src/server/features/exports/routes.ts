import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import {
  GeneralLedgerQuerySchema,
  JournalQuerySchema,
  LedgerExportOverviewSchema,
  OpenItemsQuerySchema,
  TrialBalanceQuerySchema,
  VatReconciliationQuerySchema,
  type LedgerExportFormat,
} from "../../../shared/schemas/exports";
import type { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { getCompanyProfile } from "../settings/service";
import { renderExportCsv, renderExportPdf, type ExportDocument } from "./render";
import {
  exportOverview,
  generalLedgerExport,
  journalExport,
  openItemsExport,
  trialBalanceExport,
  vatReconciliationExport,
} from "./service";

/**
 * Issue 20: the ledger exports for the accountant, each ?format=csv|pdf, streamed as they are read. Every export
 * is built for `request.user.id` only.
 */
export const ledgerExportRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  async function companyNameOf(request: FastifyRequest): Promise<string> {
    const company = await getCompanyProfile(db, request.user.id);
    return (
      company.tradeName ||
      [request.user.firstName, request.user.lastName].filter(Boolean).join(" ") ||
      request.user.username
    );
  }

  const send = (reply: FastifyReply, document: ExportDocument, format: LedgerExportFormat) =>
    reply
      .header("Content-Type", format === "pdf" ? "application/pdf" : "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${document.filename}.${format}"`)
      .header("Cache-Control", "no-store")
      .send(format === "pdf" ? renderExportPdf(document) : renderExportCsv(document));

  app.get("/api/exports/overview", { schema: { response: { 200: LedgerExportOverviewSchema } } }, (request) =>
    exportOverview(db, request.user.id),
  );

  /**
   * GET /api/exports/{name}?format=csv|pdf&…: the query checked by its schema, the document built for the
   * signed-in user, sent as a download.
   */
  function exportRoute<Query extends z.ZodType<{ format: LedgerExportFormat }>>(
    name: string,
    querystring: Query,
    build: (userId: string, query: z.output<Query>, companyName: string) => Promise<ExportDocument>,
  ) {
    app.get(`/api/exports/${name}`, { schema: { querystring } }, async (request, reply) => {
      const query = request.query as z.output<Query>;
      const document = await build(request.user.id, query, await companyNameOf(request));
      return send(reply, document, query.format);
    });
  }

  exportRoute("general-ledger", GeneralLedgerQuerySchema, (userId, query, companyName) =>
    generalLedgerExport(db, userId, query, companyName),
  );
  exportRoute("trial-balance", TrialBalanceQuerySchema, (userId, query, companyName) =>
    trialBalanceExport(db, userId, query, companyName),
  );
  exportRoute("journal", JournalQuerySchema, (userId, query, companyName) =>
    journalExport(db, userId, query, companyName),
  );
  exportRoute("open-items", OpenItemsQuerySchema, (userId, query, companyName) =>
    openItemsExport(db, userId, query, companyName),
  );
  exportRoute("vat-reconciliation", VatReconciliationQuerySchema, (userId, query, companyName) =>
    vatReconciliationExport(db, userId, query.year, businessDate(clock()), companyName),
  );
};
