import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { listBankAccounts } from "./service";

/** The signed-in user's bank accounts with their balances (decisions.md: real accounts, not sample balances). */
export const bankAccountRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get("/api/bank-accounts", (request) => listBankAccounts(db, request.user.id));
};
