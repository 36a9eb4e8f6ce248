import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import {
  CompanyProfileInputSchema,
  CompanyProfileSchema,
  OutboxEntrySchema,
  PreferencesInputSchema,
  PreferencesSchema,
} from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import { getOutboxAttachment, listOutbox } from "../../mail/outbox";
import { notFound } from "../../errors";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { FastifyError } from "fastify";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "../../../shared/schemas/settings";
import { prepareLogo } from "./logo";
import { refuseLogo } from "./logo-image";
import {
  deleteLogo,
  getCompanyProfile,
  getLogo,
  getPreferences,
  saveCompanyProfile,
  saveLogo,
  savePreferences,
} from "./service";

/** Settings: the company data printed on invoices. Profile and password live with the account (auth routes). */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  // Today decides the answer's isKorApplied.
  const today = () => businessDate(clock());

  const companyAnswer = { response: { 200: CompanyProfileSchema } };
  const preferencesAnswer = { response: { 200: PreferencesSchema } };

  app.get("/api/settings/company", { schema: companyAnswer }, (request) =>
    getCompanyProfile(db, request.user.id, today()),
  );

  app.put(
    "/api/settings/company",
    { schema: { body: CompanyProfileInputSchema, ...companyAnswer } },
    (request) => saveCompanyProfile(db, request.user.id, request.body, today()),
  );

  app.get("/api/settings/preferences", { schema: preferencesAnswer }, (request) =>
    getPreferences(db, request.user.id),
  );

  app.put(
    "/api/settings/preferences",
    { schema: { body: PreferencesInputSchema, ...preferencesAnswer } },
    (request) => savePreferences(db, request.user.id, request.body),
  );

  // The logo travels as the raw request body (Content-Type image/png, image/jpeg or image/svg+xml): no multipart
  // parser needed. Its own scope takes any content type as bytes, so prepareLogo decides by the magic bytes and
  // a wrong type gets the Dutch message rather than Fastify's 415.
  await app.register(async (logoScope) => {
    logoScope.removeAllContentTypeParsers();
    logoScope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: LOGO_MAX_BYTES * 2 },
      (_request, body, done) => done(null, body),
    );
    // Past the body limit Fastify stops reading; say it in the logo's own words (the app's handler answers).
    logoScope.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw refuseLogo(LOGO_SIZE_MESSAGE, 413);
      throw error;
    });

    logoScope.put("/api/settings/logo", { bodyLimit: LOGO_MAX_BYTES * 2 }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw refuseLogo(LOGO_TYPE_MESSAGE);
      await saveLogo(db, request.user.id, await prepareLogo(request.body, request.headers["content-type"]));
      return reply.status(204).send();
    });
  });

  app.delete("/api/settings/logo", async (request, reply) => {
    await deleteLogo(db, request.user.id);
    return reply.status(204).send();
  });

  app.get("/api/settings/logo", async (request, reply) => {
    const logo = await getLogo(db, request.user.id, request.log);
    if (!logo) throw notFound("Geen logo ingesteld");
    // Served from the app's own origin, so the image answer gets the strictest policy: even a file that is not
    // what it claims can run nothing and is never sniffed into another type.
    return reply
      .header("Content-Type", logo.contentType)
      .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-cache")
      .send(logo.data);
  });

  // The user's sent e-mail (invoices), as the outbox holds it: without SMTP_URL this is where mail stays.
  app.get("/api/settings/outbox", { schema: { response: { 200: z.array(OutboxEntrySchema) } } }, (request) =>
    listOutbox(db, request.user.id),
  );

  app.get(
    "/api/settings/outbox/attachments/:id",
    { schema: { params: IdParamsSchema } },
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
