import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  SearchAnswerSchema,
  SearchClickInputSchema,
  SearchQuerySchema,
  SuggestionQuerySchema,
  SuggestionsAnswerSchema,
} from "@shared/schemas/search";
import type { Database } from "../../db/client";
import { recordSearchClick, searchSite, suggestSearches } from "./service";

const MINUTE = 60 * 1000;

/** Site search for every visitor (issue 8): results, suggestions while typing, and which result was opened. */
export const siteSearchRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/api/search",
    {
      schema: { querystring: SearchQuerySchema, response: { 200: SearchAnswerSchema } },
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const user = await app.sessions.currentUser(request, reply);
      return searchSite(db, request.query.q, { ipAddress: request.ip, userId: user?.id ?? null }, clock());
    },
  );

  app.get(
    "/api/search/suggestions",
    {
      schema: { querystring: SuggestionQuerySchema, response: { 200: SuggestionsAnswerSchema } },
      config: { rateLimit: { max: 240, timeWindow: MINUTE } },
    },
    async (request) => suggestSearches(db, request.query.q),
  );

  app.post(
    "/api/search/click",
    {
      schema: { body: SearchClickInputSchema },
      config: { rateLimit: { max: 60, timeWindow: MINUTE } },
    },
    async (request, reply) => {
      await recordSearchClick(db, request.body);
      return reply.status(204).send();
    },
  );
};
