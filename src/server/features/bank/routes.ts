import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AcceptLinesAnswerSchema,
  AcceptLinesInputSchema,
  BANK_MESSAGES,
  BankAccountReconciliationSchema,
  BankImportAnswerSchema,
  BankLineCandidatesSchema,
  BankLineListQuerySchema,
  BankLineListSchema,
  BankLineSchema,
  BankRuleSchema,
  BankStatementSummarySchema,
  BookLineInputSchema,
  CreateRuleAnswerSchema,
  ImportQuerySchema,
  RuleInputSchema,
} from "../../../shared/schemas/bank-statements";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { sendPage } from "../../paging";
import { AppError } from "../../errors";
import { reconcileAccounts, listStatements } from "./balances";
import { acceptLines, bookLine, unbookLine } from "./booking";
import { importStatementFile } from "./import";
import { lineCandidates, listLines } from "./lines";
import { applyRuleToOpenLines } from "./rule-application";
import { createRule, deleteRule, listRules } from "./rules";

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Bank statements and their reconciliation ('Af te handelen') of the signed-in user. Every service call is
 * scoped to `request.user.id`; another user's lines and rules answer 404.
 */
export const bankStatementRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  // The statement file travels as the raw body, whatever its type (CSV, TXT, MT940, XML): its content decides.
  await app.register(async (fileScope) => {
    fileScope.removeAllContentTypeParsers();
    fileScope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: MAX_FILE_BYTES },
      (_request, body, done) => done(null, body),
    );
    fileScope.setErrorHandler((error: FastifyError) => {
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new AppError(413, BANK_MESSAGES.tooLarge);
      throw error;
    });
    fileScope.withTypeProvider<ZodTypeProvider>().post(
      "/api/bank-statements/import",
      {
        schema: { querystring: ImportQuerySchema, response: { 200: BankImportAnswerSchema } },
        bodyLimit: MAX_FILE_BYTES,
      },
      (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return importStatementFile(
          db,
          request.user.id,
          body,
          {
            fileName: request.query.fileName ?? null,
            bankAccountId: request.query.bankAccountId || null,
            skipBadRows: request.query.skipBadRows,
          },
          clock(),
        );
      },
    );
  });

  app.get(
    "/api/bank-statements",
    { schema: { response: { 200: z.array(BankStatementSummarySchema) } } },
    (request) => listStatements(db, request.user.id),
  );
  app.get(
    "/api/bank-statements/balances",
    { schema: { response: { 200: z.array(BankAccountReconciliationSchema) } } },
    (request) => reconcileAccounts(db, request.user.id),
  );

  app.get(
    "/api/bank-lines",
    { schema: { querystring: BankLineListQuerySchema, response: { 200: BankLineListSchema } } },
    async (request, reply) => {
      const list = await listLines(db, request.user.id, request.query);
      return sendPage(request, reply, request.query, list.total, list);
    },
  );
  app.get(
    "/api/bank-lines/:id/candidates",
    { schema: { params: IdParamsSchema, response: { 200: BankLineCandidatesSchema } } },
    (request) => lineCandidates(db, request.user.id, request.params.id),
  );
  app.post(
    "/api/bank-lines/:id/book",
    { schema: { params: IdParamsSchema, body: BookLineInputSchema, response: { 200: BankLineSchema } } },
    (request) => bookLine(db, request.user.id, request.params.id, request.body, clock()),
  );
  app.delete(
    "/api/bank-lines/:id/booking",
    { schema: { params: IdParamsSchema, response: { 200: BankLineSchema } } },
    (request) => unbookLine(db, request.user.id, request.params.id, clock()),
  );
  app.post(
    "/api/bank-lines/accept",
    { schema: { body: AcceptLinesInputSchema, response: { 200: AcceptLinesAnswerSchema } } },
    (request) => acceptLines(db, request.user.id, request.body.ids, clock()),
  );

  app.get("/api/bank-rules", { schema: { response: { 200: z.array(BankRuleSchema) } } }, (request) =>
    listRules(db, request.user.id),
  );
  app.post(
    "/api/bank-rules",
    { schema: { body: RuleInputSchema, response: { 201: CreateRuleAnswerSchema } } },
    async (request, reply) => {
      const rule = await createRule(db, request.user.id, request.body);
      const applied = await applyRuleToOpenLines(db, request.user.id, rule.id, clock());
      return reply.status(201).send({ rule, applied });
    },
  );
  app.delete("/api/bank-rules/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteRule(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
