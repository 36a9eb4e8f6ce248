import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { createOperator } from "./accounts";

/**
 * Browser tests only (E2E_HELPERS=on, never with NODE_ENV=production): what `npm run operator:create` does,
 * for a server whose embedded database no second process may open while it runs.
 */
export const operatorTestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post("/api/test/operator", { schema: { body: z.object({ email: z.string() }) } }, async (request) =>
    createOperator(db, request.body.email),
  );
};
