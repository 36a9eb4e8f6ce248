import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "@shared/validation";
import type { Database } from "../db/client";
import { outboxMessages } from "../db/schema/index";
import { notFound } from "../errors";

/**
 * Browser tests only (E2E_HELPERS=on, never with NODE_ENV=production): the last e-mail sent to an address, so
 * a spec can follow a link a visitor receives (the newsletter confirmation). Registered nowhere else.
 */
export const outboxTestRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/test/outbox",
    { schema: { querystring: z.object({ recipient: z.string().min(1) }) } },
    async (request) => {
      const [message] = await db
        .select({ subject: outboxMessages.subject, text: outboxMessages.text })
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, request.query.recipient))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      if (!message) throw notFound("Geen e-mail aan dit adres");
      return message;
    },
  );
};
