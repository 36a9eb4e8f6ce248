import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BankAccountInputSchema } from "../../../shared/schemas/bank-accounts";
import { z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createBankAccount, deleteBankAccount, listBankAccounts, updateBankAccount } from "./service";

const BankAccountIdParamsSchema = z.object({ id: z.string() });

/**
 * The signed-in user's bank accounts with their balances (decisions.md: real accounts, not sample balances).
 * Every service call is scoped to `request.user.id`; another user's account answers 404.
 */
export const bankAccountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/bank-accounts", (request) => listBankAccounts(db, request.user.id));

  app.post("/api/bank-accounts", { schema: { body: BankAccountInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createBankAccount(db, request.user.id, request.body)),
  );

  app.put(
    "/api/bank-accounts/:id",
    { schema: { params: BankAccountIdParamsSchema, body: BankAccountInputSchema } },
    (request) => updateBankAccount(db, request.user.id, request.params.id, request.body),
  );

  app.delete(
    "/api/bank-accounts/:id",
    { schema: { params: BankAccountIdParamsSchema } },
    async (request, reply) => {
      await deleteBankAccount(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
