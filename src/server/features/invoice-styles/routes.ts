import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { InvoiceStyleInputSchema, InvoiceStyleSchema } from "../../../shared/schemas/invoice-styles";
import {
  MailTemplateParamsSchema,
  MailTemplateSchema,
  type MailTemplateFormInput,
} from "../../../shared/schemas/mail-templates";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import {
  getInvoiceStyle,
  listMailTemplates,
  resetMailTemplate,
  saveInvoiceStyle,
  saveMailTemplate,
} from "./service";

/**
 * Settings → Factuuropmaak: the accent colour, page footer and layout of the user's invoices and quotes, and the
 * texts of the e-mails Balans sends for them.
 */
export const invoiceStyleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/settings/invoice-style", { schema: { response: { 200: InvoiceStyleSchema } } }, (request) =>
    getInvoiceStyle(db, request.user.id),
  );

  app.put(
    "/api/settings/invoice-style",
    { schema: { body: InvoiceStyleInputSchema, response: { 200: InvoiceStyleSchema } } },
    (request) => saveInvoiceStyle(db, request.user.id, request.body),
  );

  app.get(
    "/api/settings/mail-templates",
    { schema: { response: { 200: z.array(MailTemplateSchema) } } },
    (request) => listMailTemplates(db, request.user.id),
  );

  // The placeholders allowed depend on the kind in the address, so the service checks the body.
  app.put(
    "/api/settings/mail-templates/:kind/:language",
    { schema: { params: MailTemplateParamsSchema, response: { 200: MailTemplateSchema } } },
    (request) =>
      saveMailTemplate(
        db,
        request.user.id,
        request.params.kind,
        request.params.language,
        (request.body ?? {}) as MailTemplateFormInput,
      ),
  );

  app.delete(
    "/api/settings/mail-templates/:kind/:language",
    { schema: { params: MailTemplateParamsSchema, response: { 200: MailTemplateSchema } } },
    (request) => resetMailTemplate(db, request.user.id, request.params.kind, request.params.language),
  );
};
