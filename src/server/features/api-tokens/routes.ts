import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ApiTokenSchema,
  CreateApiTokenInputSchema,
  CreatedApiTokenSchema,
} from "../../../shared/schemas/api-tokens";
import { IdParamsSchema, z } from "../../../shared/validation";
import type { Database } from "../../db/client";
import { createApiToken, listApiTokens, revokeApiToken } from "./service";

/**
 * Settings → API-sleutels: the signed-in user's personal API tokens. Only a browser session manages them, so a
 * leaked token cannot mint another one or hide itself (config.sessionOnly, plugins/session.ts).
 */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const config = { sessionOnly: true };

  app.get("/api/api-tokens", { config, schema: { response: { 200: z.array(ApiTokenSchema) } } }, (request) =>
    listApiTokens(db, request.user.id),
  );

  app.post(
    "/api/api-tokens",
    { config, schema: { body: CreateApiTokenInputSchema, response: { 201: CreatedApiTokenSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .header("Cache-Control", "no-store")
        .send(await createApiToken(db, request.user.id, request.body, clock())),
  );

  app.delete(
    "/api/api-tokens/:id",
    { config, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      await revokeApiToken(db, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
