import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditFileQuerySchema, auditFileName } from "../../../shared/schemas/exports";
import type { Database } from "../../db/client";
import { writeAuditFile } from "./xaf";

/**
 * The XAF audit file for the accountant: GET /api/exports/xaf?year=2026 or ?from=…&to=… within one fiscal year.
 * Streamed as it is written, of `request.user.id`'s books only.
 */
export const auditFileRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get("/api/exports/xaf", { schema: { querystring: AuditFileQuerySchema } }, (request, reply) => {
    const user = request.user;
    const fallbackName =
      user.companyName?.trim() || [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
    const chunks = writeAuditFile(db, { userId: user.id, fallbackName }, request.query, clock());
    return reply
      .header("Content-Type", "application/xml; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${auditFileName(request.query)}"`)
      .header("Cache-Control", "no-store")
      .send(Readable.from(chunks, { objectMode: false }));
  });
};
