import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CONSENT_KEY_COOKIE, COOKIE_INVENTORY } from "@shared/consent";
import {
  ConsentAnswerSchema,
  ConsentAuditLineSchema,
  ConsentInputSchema,
  ConsentQuerySchema,
  CookiePolicySchema,
} from "@shared/schemas/consent";
import { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { isSecureRequest } from "../../plugins/session";
import { hashToken, newToken } from "../../tokens";
import {
  ensureCookiePolicy,
  getActiveCookiePolicy,
  getConsent,
  hasInventoryDrifted,
  listConsentAuditLines,
  saveConsent,
  type ConsentRequester,
} from "./service";

const ONE_MINUTE = 60 * 1000;
const CONSENT_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The key cookie is set as the cookie policy lists it. */
const CONSENT_KEY_DESCRIPTOR = COOKIE_INVENTORY.find((cookie) => cookie.name === CONSENT_KEY_COOKIE)!;

/**
 * Cookie consent for every visitor, signed in or not (spec §3, §7): the consent of the browser's session id,
 * its audit lines, and the cookie policy in force. A signed-in user's consent is attached to that user.
 */
export const consentRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: () => Date;
  publicUrl: string | undefined;
}> = async (app, { db, clock, publicUrl }) => {
  await ensureCookiePolicy(db, clock());
  if (await hasInventoryDrifted(db)) {
    app.log.warn(
      "The cookie inventory in src/shared/consent.ts differs from the stored policy version: publish a new policy version.",
    );
  }

  async function requesterOf(
    request: FastifyRequest,
    reply: FastifyReply,
    sessionId: string,
  ): Promise<ConsentRequester> {
    const user = await app.sessions.currentUser(request, reply);
    return {
      sessionId,
      browserKeyHash: hashToken(consentKeyOf(request, reply)),
      userId: user?.id ?? null,
      ipAddress: request.ip ?? null,
      userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
      referrer: request.headers.referer?.slice(0, 2000) ?? null,
    };
  }

  /** The browser's consent key from its HttpOnly cookie; a browser without one (or with a forged one) gets one. */
  function consentKeyOf(request: FastifyRequest, reply: FastifyReply): string {
    const sent = request.cookies[CONSENT_KEY_COOKIE];
    if (sent && CONSENT_KEY_PATTERN.test(sent)) return sent;
    const key = newToken();
    reply.setCookie(CONSENT_KEY_COOKIE, key, {
      path: CONSENT_KEY_DESCRIPTOR.path,
      httpOnly: true,
      sameSite: "lax",
      secure: isSecureRequest(request, publicUrl),
      maxAge: CONSENT_KEY_DESCRIPTOR.maxAgeSeconds,
    });
    return key;
  }

  app.get(
    "/api/consent",
    { schema: { querystring: ConsentQuerySchema, response: { 200: ConsentAnswerSchema } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return getConsent(db, await requesterOf(request, reply, request.query.sessionId));
    },
  );

  app.post(
    "/api/consent",
    {
      schema: { body: ConsentInputSchema, response: { 200: ConsentAnswerSchema } },
      config: { rateLimit: { max: 60, timeWindow: ONE_MINUTE } },
    },
    async (request, reply) =>
      saveConsent(db, await requesterOf(request, reply, request.body.sessionId), request.body, clock()),
  );

  app.get(
    "/api/consent/audit",
    { schema: { querystring: ConsentQuerySchema, response: { 200: z.array(ConsentAuditLineSchema) } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return listConsentAuditLines(db, await requesterOf(request, reply, request.query.sessionId));
    },
  );

  app.get("/api/cookie-policy", { schema: { response: { 200: CookiePolicySchema } } }, () =>
    getActiveCookiePolicy(db),
  );
};
