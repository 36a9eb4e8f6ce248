import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatDate } from "@shared/format";
import { businessDate } from "@shared/dates";
import { GdprRequestAnswerSchema, GdprRequestInputSchema } from "@shared/schemas/consent";
import type { Database } from "../../db/client";
import { z } from "@shared/validation";
import type { ErasureOutcome } from "./erasure";
import {
  confirmGdprRequest,
  createGdprRequest,
  exportUserData,
  findUnconfirmedRequest,
  LINK_VALIDITY_HOURS,
  type LinkRefusal,
} from "./service";

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
      schema: { body: GdprRequestInputSchema, response: { 201: GdprRequestAnswerSchema } },
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

  // Opened from the e-mail, so these answer small pages rather than JSON. Opening the link confirms a request to
  // see one's data; an erasure is only carried out from the page's button (POST), so a mail scanner that follows
  // links cannot erase an account.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const tokenSchema = z.object({ token: z.string().max(100).default("") });
  const verifyLimit = { rateLimit: { max: 20, timeWindow: TEN_MINUTES } };

  app.get(
    "/api/gdpr-requests/verify",
    { schema: { querystring: tokenSchema }, config: verifyLimit },
    async (request, reply) => {
      const { token } = request.query;
      const pending = await findUnconfirmedRequest(db, token, clock());
      if (!pending.ok) return sendRefusal(reply, pending.refusal);
      if (pending.request.requestType === "erasure") {
        return sendPage(reply, 200, erasureConfirmationPage(token));
      }
      const confirmed = await confirmGdprRequest(db, token, clock());
      if (!confirmed.ok) return sendRefusal(reply, confirmed.refusal);
      return sendPage(reply, 200, paragraphs(ACCESS_CONFIRMED));
    },
  );

  app.post(
    "/api/gdpr-requests/verify",
    { schema: { body: tokenSchema }, config: verifyLimit },
    async (request, reply) => {
      const confirmed = await confirmGdprRequest(db, request.body.token, clock());
      if (!confirmed.ok) return sendRefusal(reply, confirmed.refusal);
      if (confirmed.request.requestType === "access") {
        return sendPage(reply, 200, paragraphs(ACCESS_CONFIRMED));
      }
      return sendPage(reply, 200, erasureDonePage(confirmed.request.outcome));
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

const ACCESS_CONFIRMED = "Bedankt, je verzoek is bevestigd. Je gegevens zijn naar je e-mailadres gestuurd.";

/** What a link that does nothing says; each ends with the same reassurance, since nothing was changed. */
export const LINK_REFUSALS: Record<LinkRefusal, { status: number; message: string }> = {
  invalid: {
    status: 404,
    message: "Deze link is ongeldig of al gebruikt. Je verzoek is misschien al bevestigd.",
  },
  expired: {
    status: 410,
    message: `Deze link is verlopen: een bevestigingslink is ${LINK_VALIDITY_HOURS} uur geldig. Dien je verzoek opnieuw in.`,
  },
  superseded: {
    status: 410,
    message:
      "Deze link geldt niet meer: het e-mailadres van het account is gewijzigd sinds het verzoek, of het account bestaat niet meer. Dien je verzoek zo nodig opnieuw in.",
  },
};
const NOTHING_CHANGED = "Er is niets gewijzigd.";

function sendRefusal(reply: FastifyReply, refusal: LinkRefusal) {
  const { status, message } = LINK_REFUSALS[refusal];
  return sendPage(reply, status, paragraphs(message, NOTHING_CHANGED));
}

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Privacyverzoek — Balans</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5"><h1 style="font-size:1.5rem">Privacyverzoek</h1>${body}<p><a href="/">Naar Balans</a></p></body></html>`,
    );
}

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
const list = (items: readonly string[]) =>
  `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;

function erasureConfirmationPage(token: string): string {
  return [
    paragraphs(
      "Je staat op het punt je gegevens bij Balans te laten verwijderen. Dit kan niet ongedaan worden gemaakt.",
      "Facturen en je boekhouding moeten we volgens de fiscale bewaarplicht (artikel 52 AWR) zeven jaar bewaren. Die schermen we af: je account wordt gesloten en ze worden alleen nog gebruikt als de wet dat vereist. Al het andere verwijderen we direct.",
    ),
    `<form method="post" action="/api/gdpr-requests/verify"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" style="font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#b91c1c;color:#fff;cursor:pointer">Verwijdering bevestigen</button></form>`,
  ].join("");
}

function erasureDonePage(outcome: ErasureOutcome): string {
  return [
    paragraphs("Je gegevens zijn verwijderd. Je ontvangt hiervan een bevestiging per e-mail."),
    `<h2 style="font-size:1.1rem">Verwijderd</h2>${list(outcome.deleted)}`,
    outcome.retained
      ? `<h2 style="font-size:1.1rem">Bewaard tot en met ${formatDate(outcome.retained.until)}</h2>${paragraphs("Afgeschermd vanwege de fiscale bewaarplicht (artikel 52 AWR):")}${list(outcome.retained.what)}`
      : "",
  ].join("");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
