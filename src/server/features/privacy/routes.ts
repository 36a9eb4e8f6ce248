import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "@shared/dates";
import { GdprRequestInputSchema } from "@shared/schemas/consent";
import type { Database } from "../../db/client";
import { createGdprRequest, exportUserData } from "./service";

const TEN_MINUTES = 10 * 60 * 1000;

/** Data subject requests for anyone, and the full data download for the signed-in user (AVG art. 15, 17, 20). */
export const privacyRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  app.post(
    "/api/gdpr-requests",
    {
      schema: { body: GdprRequestInputSchema },
      // Each request sends an e-mail: limited so the form cannot be used to flood someone's inbox.
      config: { rateLimit: { max: 5, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      const user = await app.sessions.currentUser(request, reply);
      const created = await createGdprRequest(
        db,
        request.body,
        { user, ipAddress: request.ip ?? null },
        clock(),
      );
      return reply.status(201).send(created);
    },
  );

  app.get("/api/privacy/export", { onRequest: app.requireUser }, async (request, reply) => {
    const now = clock();
    const data = await exportUserData(db, request.user, now);
    return reply
      .header("Content-Type", "application/json; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="balans-gegevens-${businessDate(now)}.json"`)
      .header("Cache-Control", "no-store")
      .send(JSON.stringify(data, null, 2));
  });
};
