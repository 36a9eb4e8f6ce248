import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CompanyProfileInputSchema } from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import { getOutboxAttachment, listOutbox } from "../../mail/outbox";
import { notFound } from "../../errors";
import { z } from "../../../shared/validation";
import { getCompanyProfile, saveCompanyProfile } from "./service";

/** Settings: the company data printed on invoices. Profile and password live with the account (auth routes). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/settings/company", (request) => getCompanyProfile(db, request.user.id));

  app.put("/api/settings/company", { schema: { body: CompanyProfileInputSchema } }, (request) =>
    saveCompanyProfile(db, request.user.id, request.body),
  );

  // The user's sent e-mail (invoices), as the outbox holds it: without SMTP_URL this is where mail stays.
  app.get("/api/settings/outbox", (request) => listOutbox(db, request.user.id));

  app.get(
    "/api/settings/outbox/attachments/:id",
    { schema: { params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const attachment = await getOutboxAttachment(db, request.user.id, request.params.id);
      if (!attachment) throw notFound("Bijlage niet gevonden");
      const filename = attachment.filename.replace(/[^A-Za-z0-9._-]+/g, "_");
      return reply
        .header("Content-Type", attachment.contentType)
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "no-store")
        .send(attachment.content);
    },
  );
};
