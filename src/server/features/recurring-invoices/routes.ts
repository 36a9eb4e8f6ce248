import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  RecurringInvoiceInputSchema,
  RecurringInvoiceRunSchema,
  RecurringInvoiceSchema,
} from "../../../shared/schemas/recurring-invoices";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import type { PaymentLinkSource } from "../invoices/sending";
import {
  createRecurringInvoice,
  deleteRecurringInvoice,
  endRecurringInvoice,
  getRecurringInvoice,
  listRecurringInvoiceRuns,
  listRecurringInvoices,
  pauseRecurringInvoice,
  resumeRecurringInvoice,
  retryRecurringInvoiceRun,
  updateRecurringInvoice,
} from "./service";

const RunParamsSchema = IdParamsSchema.extend({ runId: z.string() });

/**
 * The signed-in user's abonnementen; every call is scoped to `request.user.id`. `paymentLinks`: the 'Betaal
 * online' link a sent invoice carries when the user takes online payments (as on every other way of sending).
 */
export const recurringInvoiceRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  paymentLinks: PaymentLinkSource | null;
}> = async (app, { db, clock, paymentLinks }) => {
  const answer = { 200: RecurringInvoiceSchema };

  app.get(
    "/api/recurring-invoices",
    { schema: { response: { 200: z.array(RecurringInvoiceSchema) } } },
    (request) => listRecurringInvoices(db, request.user.id),
  );

  app.get(
    "/api/recurring-invoices/:id",
    { schema: { params: IdParamsSchema, response: answer } },
    (request) => getRecurringInvoice(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/recurring-invoices",
    { schema: { body: RecurringInvoiceInputSchema, response: { 201: RecurringInvoiceSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRecurringInvoice(db, request.user.id, request.body, clock(), paymentLinks)),
  );

  app.put(
    "/api/recurring-invoices/:id",
    { schema: { params: IdParamsSchema, body: RecurringInvoiceInputSchema, response: answer } },
    (request) =>
      updateRecurringInvoice(db, request.user.id, request.params.id, request.body, clock(), paymentLinks),
  );

  app.delete(
    "/api/recurring-invoices/:id",
    { schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await deleteRecurringInvoice(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/recurring-invoices/:id/pause",
    { schema: { params: IdParamsSchema, response: answer } },
    (request) => pauseRecurringInvoice(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/recurring-invoices/:id/resume",
    { schema: { params: IdParamsSchema, response: answer } },
    (request) => resumeRecurringInvoice(db, request.user.id, request.params.id, clock(), paymentLinks),
  );

  app.post(
    "/api/recurring-invoices/:id/end",
    { schema: { params: IdParamsSchema, response: answer } },
    (request) => endRecurringInvoice(db, request.user.id, request.params.id, clock()),
  );

  // The history: each period with the invoice made, or why that failed.
  app.get(
    "/api/recurring-invoices/:id/runs",
    { schema: { params: IdParamsSchema, response: { 200: z.array(RecurringInvoiceRunSchema) } } },
    (request) => listRecurringInvoiceRuns(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/recurring-invoices/:id/runs/:runId/retry",
    { schema: { params: RunParamsSchema, response: { 200: RecurringInvoiceRunSchema } } },
    (request) =>
      retryRecurringInvoiceRun(
        db,
        request.user.id,
        request.params.id,
        request.params.runId,
        clock(),
        paymentLinks,
      ),
  );
};
