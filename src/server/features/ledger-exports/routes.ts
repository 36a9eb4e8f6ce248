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
} from "../../../shared/schemas/ledger-exports";
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

  app.get(
    "/api/exports/general-ledger",
    { schema: { querystring: GeneralLedgerQuerySchema } },
    async (request, reply) => {
      const document = await generalLedgerExport(
        db,
        request.user.id,
        request.query,
        await companyNameOf(request),
      );
      return send(reply, document, request.query.format);
    },
  );

  app.get(
    "/api/exports/trial-balance",
    { schema: { querystring: TrialBalanceQuerySchema } },
    async (request, reply) => {
      const document = await trialBalanceExport(
        db,
        request.user.id,
        request.query,
        await companyNameOf(request),
      );
      return send(reply, document, request.query.format);
    },
  );

  app.get("/api/exports/journal", { schema: { querystring: JournalQuerySchema } }, async (request, reply) => {
    const document = await journalExport(db, request.user.id, request.query, await companyNameOf(request));
    return send(reply, document, request.query.format);
  });

  app.get(
    "/api/exports/open-items",
    { schema: { querystring: OpenItemsQuerySchema } },
    async (request, reply) => {
      const document = await openItemsExport(
        db,
        request.user.id,
        request.query,
        await companyNameOf(request),
      );
      return send(reply, document, request.query.format);
    },
  );

  app.get(
    "/api/exports/vat-reconciliation",
    { schema: { querystring: VatReconciliationQuerySchema } },
    async (request, reply) => {
      const document = await vatReconciliationExport(
        db,
        request.user.id,
        request.query.year,
        businessDate(clock()),
        await companyNameOf(request),
      );
      return send(reply, document, request.query.format);
    },
  );
};
