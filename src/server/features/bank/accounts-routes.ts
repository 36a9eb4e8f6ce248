import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BankAccountInputSchema, BankAccountSchema } from "../../../shared/schemas/bank-accounts";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createBankAccount, deleteBankAccount, listBankAccounts, updateBankAccount } from "./accounts";

/**
 * The signed-in user's bank accounts with their balances (decisions.md: real accounts, not sample balances).
 * Every service call is scoped to `request.user.id`; another user's account answers 404.
 */
export const bankAccountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/bank-accounts", { schema: { response: { 200: z.array(BankAccountSchema) } } }, (request) =>
    listBankAccounts(db, request.user.id),
  );

  app.post(
    "/api/bank-accounts",
    { schema: { body: BankAccountInputSchema, response: { 201: BankAccountSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createBankAccount(db, request.user.id, request.body)),
  );

  app.put(
    "/api/bank-accounts/:id",
    {
      schema: { params: IdParamsSchema, body: BankAccountInputSchema, response: { 200: BankAccountSchema } },
    },
    (request) => updateBankAccount(db, request.user.id, request.params.id, request.body),
  );

  app.delete("/api/bank-accounts/:id", { schema: { params: IdParamsSchema } }, async (request, reply) => {
    await deleteBankAccount(db, request.user.id, request.params.id);
    return reply.status(204).send();
  });
};
