import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  InvoiceInputSchema,
  InvoiceListQuerySchema,
  MarkPaidInputSchema,
} from "../../../shared/schemas/invoices";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { peekNextInvoiceNumber } from "./numbering";
import {
  createInvoice,
  creditInvoice,
  deleteInvoice,
  getInvoice,
  listInvoices,
  markInvoicePaid,
  markInvoiceSent,
  summariseInvoices,
  updateInvoice,
} from "./service";

const InvoiceIdParamsSchema = z.object({ id: z.string() });

/** Spec §2.15 and §7: the signed-in user's sales invoices. Every service call is scoped to `request.user.id`. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get("/api/invoices", { schema: { querystring: InvoiceListQuerySchema } }, (request) =>
    listInvoices(db, request.user.id, request.query),
  );

  app.get("/api/invoices/summary", (request) => summariseInvoices(db, request.user.id));

  app.get("/api/invoices/next-number", async (request) => ({
    invoiceNumber: await peekNextInvoiceNumber(db, request.user.id),
  }));

  app.get("/api/invoices/:id", { schema: { params: InvoiceIdParamsSchema } }, (request) =>
    getInvoice(db, request.user.id, request.params.id),
  );

  app.post("/api/invoices", { schema: { body: InvoiceInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createInvoice(db, request.user.id, request.body, clock())),
  );

  app.put(
    "/api/invoices/:id",
    { schema: { params: InvoiceIdParamsSchema, body: InvoiceInputSchema } },
    (request) => updateInvoice(db, request.user.id, request.params.id, request.body, clock()),
  );

  app.delete("/api/invoices/:id", { schema: { params: InvoiceIdParamsSchema } }, async (request, reply) => {
    await deleteInvoice(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post("/api/invoices/:id/mark-sent", { schema: { params: InvoiceIdParamsSchema } }, (request) =>
    markInvoiceSent(db, request.user.id, request.params.id, clock()),
  );

  app.post(
    "/api/invoices/:id/mark-paid",
    { schema: { params: InvoiceIdParamsSchema, body: MarkPaidInputSchema } },
    (request) => markInvoicePaid(db, request.user.id, request.params.id, request.body),
  );

  app.post(
    "/api/invoices/:id/credit",
    { schema: { params: InvoiceIdParamsSchema } },
    async (request, reply) =>
      reply.status(201).send(await creditInvoice(db, request.user.id, request.params.id, clock())),
  );
};
