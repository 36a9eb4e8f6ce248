import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "@shared/dates";
import { GdprRequestInputSchema } from "@shared/schemas/consent";
import type { Database } from "../../db/client";
import { z } from "@shared/validation";
import { createGdprRequest, exportUserData, verifyGdprRequest } from "./service";

const TEN_MINUTES = 10 * 60 * 1000;

/** Data subject requests for anyone, and the full data download for the signed-in user (AVG art. 15, 17, 20). */
export const privacyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  publicUrl: string | undefined;
}> = async (app, { db, clock, publicUrl }) => {
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
        {
          user,
          ipAddress: request.ip ?? null,
          baseUrl: publicUrl ?? `${request.protocol}://${request.host}`,
        },
        clock(),
      );
      return reply.status(201).send(created);
    },
  );

  // Opened from the e-mail, so it answers a small page rather than JSON.
  app.get(
    "/api/gdpr-requests/verify",
    {
      schema: { querystring: z.object({ token: z.string().max(100).default("") }) },
      config: { rateLimit: { max: 20, timeWindow: TEN_MINUTES } },
    },
    async (request, reply) => {
      const isVerified =
        request.query.token !== "" && (await verifyGdprRequest(db, request.query.token, clock()));
      return reply
        .status(isVerified ? 200 : 404)
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(
          verificationPage(
            isVerified
              ? "Bedankt, je verzoek is bevestigd. We reageren binnen een maand."
              : "Deze link is ongeldig of al gebruikt. Je verzoek is misschien al bevestigd.",
          ),
        );
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

function verificationPage(message: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Privacyverzoek — Balans</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1 style="font-size:1.5rem">Privacyverzoek</h1><p>${message}</p><p><a href="/">Naar Balans</a></p></body></html>`;
}
