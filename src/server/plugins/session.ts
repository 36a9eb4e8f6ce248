import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client";
import { AppError, notFound, unauthorized } from "../errors";
import { findMembership, logAccess } from "../features/administrations/service";
import { authenticateApiToken } from "../features/api-tokens/service";
import { writeRefusal } from "../features/billing/access";
import { sessionCache } from "../features/auth/session-cache";
import { SESSION_LIFETIME_MS, sessionStore, type SessionUser } from "../features/auth/sessions";
import { ADMINISTRATION_MESSAGES, type MemberRole } from "../../shared/schemas/administrations";
import { API_TOKEN_MESSAGES, type ApiTokenScope } from "../../shared/schemas/api-tokens";
import { minutes } from "./security";

export const SESSION_COOKIE = "balans_session";

/** Requests per API token per minute: room for any sync script, not for a runaway loop. */
export const API_TOKEN_RATE_LIMIT = 120;
const READ_METHODS = new Set(["GET", "HEAD"]);

/** The writes an accountant may make in a client's administration: memoriaal entries and closing a year. */
export const ACCOUNTANT_WRITES: ReadonlySet<string> = new Set([
  "POST /api/memorial-entries",
  "PUT /api/memorial-entries/:id",
  "DELETE /api/memorial-entries/:id",
  "POST /api/memorial-entries/:id/lock",
  "POST /api/ledger/years/:year/close",
  "POST /api/ledger/years/:year/reopen",
]);

/** Cookies go out with Secure when the request came over HTTPS or the site's public address is HTTPS. */
export function isSecureRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === "https" || Boolean(publicUrl?.startsWith("https:"));
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * onRequest hook for routes that need a signed-in customer; sets request.user or answers 401. An operator's
     * session answers 404: the customer app does not exist for it.
     */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * onRequest hook for the back office (/api/operator): sets request.user for an operator's session, answers
     * 401 without a session and 404 for a customer's, so customers cannot even tell the routes exist.
     */
    requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    sessions: {
      /** Starts a new session for the user (new id) and sets the cookie. */
      start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
      /** Removes the session row and the cookie. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** The signed-in customer or null, without answering 401; an operator counts as signed out here. */
      currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null>;
      /** Whose session the request carries, for the pages of the back office (plugins/client.ts). */
      kind(request: FastifyRequest, reply: FastifyReply): Promise<"customer" | "operator" | null>;
      /** Stores in the browser session which administration (its owner's id; null: one's own) it works in. */
      setActiveAdministration(request: FastifyRequest, ownerId: string | null): Promise<void>;
    };
  }
  interface FastifyRequest {
    /**
     * Set by requireUser; routes behind it can rely on it. In another's administration this is its owner, so every
     * owner filter applies unchanged; the person signed in is `actor`.
     */
    user: SessionUser;
    /** The person signed in (set by requireUser); differs from `user` while working in another's administration. */
    actor: SessionUser;
    /** The actor's role in the open administration; null in their own. */
    memberRole: MemberRole | null;
    /** The owner's id of the administration the session has open (the actor's own id in their own). */
    administrationId: string;
    /** The API token the request signed in with; null for a browser session. */
    apiToken: { id: string; scope: ApiTokenScope } | null;
  }
  interface FastifyContextConfig {
    /** Account security (password, two-factor, e-mail, the tokens themselves): a signed-in browser only. */
    sessionOnly?: boolean;
    /**
     * How a route treats a member working in another's administration: "self" runs it as the member's own account
     * (switching administrations, accepting invitations); "owner" refuses it (managing who has access).
     */
    memberAccess?: "self" | "owner";
    /**
     * Writes that stay open when the trial or subscription has run out (features/billing): the subscription
     * itself and what belongs to the person rather than the books. Account security (sessionOnly) always is.
     */
    billingExempt?: boolean;
  }
}

type Options = {
  db: Database;
  secret: string;
  clock: () => Date;
  publicUrl: string | undefined;
  /** The database's change notifications; with them, known sessions are answered from memory. */
  listen?: DatabaseHandle["listen"];
  /** Subscriptions are on (features/billing): after the trial or the paid months, the books are read-only. */
  isBillingOn?: boolean;
};

/** Sessions in PostgreSQL behind an HttpOnly, SameSite=Lax cookie that lasts 30 days (spec §9). */
export const sessionPlugin = fp(async function session(app: FastifyInstance, options: Options) {
  const { db, clock, publicUrl } = options;
  const cache = sessionCache();
  if (options.listen) {
    await cache.follow(options.listen);
    app.addHook("onClose", () => cache.stop());
  }
  const store = sessionStore(options.secret, cache);
  await app.register(cookie);

  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: isSecureRequest(request, publicUrl),
      maxAge: SESSION_LIFETIME_MS / 1000,
    });

  // The one boundary between the two kinds of account: every customer route and page asks requireUser or
  // currentUser, every back-office route requireOperator; both read the session through sessionUser.
  async function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    const user = (await sessionUser(request, reply))?.user ?? null;
    return user?.isOperator ? null : user;
  }

  // Per token, whatever the address it comes from.
  const countTokenRequest = app.createRateLimit({
    max: API_TOKEN_RATE_LIMIT,
    timeWindow: 60 * 1000,
    keyGenerator: (request) => `api-token:${request.apiToken?.id}`,
  });

  // A personal API token (Authorization: Bearer) is another way to be signed in as its owner: it passes the
  // same checks below, plus its scope. A request that presents one is judged by it alone, never by a cookie.
  async function tokenUser(request: FastifyRequest, token: string): Promise<SessionUser> {
    const found = await authenticateApiToken(db, token, clock());
    if (!found) throw unauthorized(API_TOKEN_MESSAGES.invalid);
    request.apiToken = found.token;
    const attempt = await countTokenRequest(request);
    if (!attempt.isAllowed && attempt.isExceeded) {
      throw new AppError(429, API_TOKEN_MESSAGES.rateLimited(minutes(attempt.ttl)));
    }
    if (request.routeOptions.config.sessionOnly) throw new AppError(403, API_TOKEN_MESSAGES.sessionOnly);
    if (found.token.scope === "read" && !READ_METHODS.has(request.method)) {
      throw new AppError(403, API_TOKEN_MESSAGES.readOnly);
    }
    return found.user;
  }

  async function sessionUser(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ user: SessionUser; activeOwnerId?: string } | null> {
    const bearer = bearerToken(request);
    if (bearer !== null) return { user: await tokenUser(request, bearer) };
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const found = await store.findUser(db, token, clock());
    if (!found) return null;
    if (found.renewed) setCookie(request, reply, token);
    return found;
  }

  /**
   * The one place where membership is checked: on every request in another's administration the membership must
   * still be live (a revoked one drops the session back into the member's own administration), and the role
   * decides what may be changed.
   */
  async function enterAdministration(request: FastifyRequest, actor: SessionUser, ownerId: string) {
    const membership = await findMembership(db, actor.id, ownerId);
    if (!membership) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await store.setActiveOwner(db, token, null);
      return;
    }
    request.administrationId = ownerId;
    const config = request.routeOptions.config;
    if (config.memberAccess === "self") return;
    request.user = membership.owner;
    request.memberRole = membership.role;
    if (config.memberAccess === "owner" || config.sessionOnly) {
      throw new AppError(403, ADMINISTRATION_MESSAGES.ownerOnly);
    }
    if (READ_METHODS.has(request.method)) return;
    if (membership.role === "read_only") throw new AppError(403, ADMINISTRATION_MESSAGES.readOnly);
    if (!ACCOUNTANT_WRITES.has(`${request.method} ${request.routeOptions.url}`)) {
      throw new AppError(403, ADMINISTRATION_MESSAGES.accountantWrite);
    }
  }

  app.decorateRequest("user", null as unknown as SessionUser);
  app.decorateRequest("actor", null as unknown as SessionUser);
  app.decorateRequest("memberRole", null);
  app.decorateRequest("administrationId", "");
  app.decorateRequest("apiToken", null);

  // Every request a member makes in another's administration, refused ones included, goes into its access log.
  app.addHook("onResponse", async (request, reply) => {
    if (!request.actor || !request.user || request.actor.id === request.user.id) return;
    try {
      await logAccess(db, {
        ownerId: request.user.id,
        memberId: request.actor.id,
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        at: clock(),
      });
    } catch (error) {
      request.log.error({ err: error }, "access log write failed");
    }
  });

  app.decorate("requireUser", async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const found = await sessionUser(request, reply);
    if (!found) throw unauthorized();
    const { user } = found;
    if (user.isOperator) throw notFound();
    // Spec §6: a demo account ends after two hours; the client treats this message as signed out.
    if (user.isDemo && user.demoExpiresAt && user.demoExpiresAt <= clock()) {
      throw unauthorized("Demo session expired");
    }
    request.user = user;
    request.actor = user;
    request.memberRole = null;
    request.administrationId = user.id;
    if (found.activeOwnerId && found.activeOwnerId !== user.id) {
      await enterAdministration(request, user, found.activeOwnerId);
    }
    await refuseWriteAfterTrial(request);
  });

  /**
   * The one place where an expired trial or subscription is enforced: the books whose owner has not paid
   * (request.user, also when a member works in them) take no writes; reads and exports go on, nothing is deleted.
   */
  async function refuseWriteAfterTrial(request: FastifyRequest) {
    if (!options.isBillingOn || READ_METHODS.has(request.method)) return;
    const config = request.routeOptions.config;
    if (config.billingExempt || config.sessionOnly || config.memberAccess === "self") return;
    const refusal = await writeRefusal(db, request.user, clock(), true);
    if (refusal) throw new AppError(403, refusal);
  }

  app.decorate(
    "requireOperator",
    async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
      const user = (await sessionUser(request, reply))?.user;
      if (!user) throw unauthorized();
      if (!user.isOperator) throw notFound();
      request.user = user;
    },
  );

  app.decorate("sessions", {
    currentUser,
    async setActiveAdministration(request, ownerId) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await store.setActiveOwner(db, token, ownerId);
    },
    async kind(request, reply) {
      const user = (await sessionUser(request, reply))?.user;
      if (!user) return null;
      return user.isOperator ? "operator" : "customer";
    },
    async start(request, reply, userId) {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await store.destroy(db, previous);
      const token = await store.create(db, userId, clock(), request.headers["user-agent"]);
      setCookie(request, reply, token);
    },
    async end(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await store.destroy(db, token);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
    },
  });
});

/** The token of an `Authorization: Bearer <token>` header, or null without one. */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
  return match ? match[1]! : null;
}
