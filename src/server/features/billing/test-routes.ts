import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { notFound } from "../../errors";
import { endTrialNow } from "./service";

/**
 * Browser tests only (E2E_HELPERS=on, never with NODE_ENV=production): ends an account's trial yesterday, so a
 * spec sees the read-only books without waiting fourteen days.
 */
export const billingTestRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.post(
    "/api/test/billing/end-trial",
    { schema: { body: z.object({ username: z.string() }) } },
    async (request) => {
      if (!(await endTrialNow(db, request.body.username, clock()))) throw notFound();
      return { ok: true };
    },
  );
};
