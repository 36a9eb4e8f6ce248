import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/dates";
import {
  ImportResultSchema,
  MAX_IMPORT_BYTES,
  TransactionInputSchema,
  TransactionListQuerySchema,
  TransactionSchema,
  TransactionSummarySchema,
} from "../../../shared/schemas/transactions";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { sendListPage } from "../../paging";
import { AppError } from "../../errors";
import { importTransactions } from "./import";
import {
  createTransaction,
  deleteTransaction,
  getTransaction,
  countTransactions,
  listTransactions,
  summarizeTransactions,
  stopRecurringTransaction,
  updateTransaction,
} from "./service";

const ImportQuerySchema = z.object({
  fileName: z.string().trim().max(255).optional(),
  bankAccountId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
});

/** Spec §7 and §2.12–2.13: the signed-in user's transactions. Every service call is scoped to `request.user.id`. */
export const transactionRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const today = () => businessDate(clock());

  // The CSV import sends the file itself as the body, once (decisions.md), in this plugin's scope only.
  app.addContentTypeParser(
    ["text/csv", "text/plain", "application/vnd.ms-excel"],
    { parseAs: "string", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/api/transactions",
    {
      schema: { querystring: TransactionListQuerySchema, response: { 200: z.array(TransactionSchema) } },
    },
    (request, reply) =>
      sendListPage(request, reply, request.query, {
        page: listTransactions(db, request.user.id, request.query),
        total: countTransactions(db, request.user.id, request.query),
      }),
  );

  app.get(
    "/api/transactions/summary",
    { schema: { querystring: TransactionListQuerySchema, response: { 200: TransactionSummarySchema } } },
    (request) => summarizeTransactions(db, request.user.id, request.query),
  );

  app.post(
    "/api/transactions/import",
    {
      schema: { querystring: ImportQuerySchema, response: { 200: ImportResultSchema } },
      bodyLimit: MAX_IMPORT_BYTES,
    },
    (request) => {
      if (typeof request.body !== "string") {
        throw new AppError(415, "Selecteer een CSV bestand");
      }
      return importTransactions(db, request.user.id, request.body, request.query);
    },
  );

  app.get(
    "/api/transactions/:id",
    { schema: { params: IdParamsSchema, response: { 200: TransactionSchema } } },
    (request) => getTransaction(db, request.user.id, request.params.id),
  );

  app.post(
    "/api/transactions",
    { schema: { body: TransactionInputSchema, response: { 201: TransactionSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTransaction(db, request.user.id, request.body, today())),
  );

  app.put(
    "/api/transactions/:id",
    {
      schema: {
        params: IdParamsSchema,
        body: TransactionInputSchema,
        response: { 200: TransactionSchema },
      },
    },
    (request) => updateTransaction(db, request.user.id, request.params.id, request.body, today()),
  );

  app.post(
    "/api/transactions/:id/stop-recurring",
    { schema: { params: IdParamsSchema, response: { 200: TransactionSchema } } },
    (request) => stopRecurringTransaction(db, request.user.id, request.params.id, today()),
  );

  app.delete("/api/transactions/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteTransaction(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
