import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client";
import { unauthorized } from "../errors";
import { sessionCache } from "../features/auth/session-cache";
import { SESSION_LIFETIME_MS, sessionStore, type SessionUser } from "../features/auth/sessions";

export const SESSION_COOKIE = "balans_session";

/** Cookies go out with Secure when the request came over HTTPS or the site's public address is HTTPS. */
export function isSecureRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === "https" || Boolean(publicUrl?.startsWith("https:"));
}

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user; sets request.user or answers 401. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    sessions: {
      /** Starts a new session for the user (new id) and sets the cookie. */
      start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
      /** Removes the session row and the cookie. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** The signed-in user or null, without answering 401. */
      currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null>;
    };
  }
  interface FastifyRequest {
    /** Set by requireUser; routes behind it can rely on it. */
    user: SessionUser;
  }
}

type Options = {
  db: Database;
  secret: string;
  clock: () => Date;
  publicUrl: string | undefined;
  /** The database's change notifications; with them, known sessions are answered from memory. */
  listen?: DatabaseHandle["listen"];
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

  async function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const found = await store.findUser(db, token, clock());
    if (!found) return null;
    if (found.renewed) setCookie(request, reply, token);
    return found.user;
  }

  app.decorateRequest("user", null as unknown as SessionUser);

  app.decorate("requireUser", async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const user = await currentUser(request, reply);
    if (!user) throw unauthorized();
    // Spec §6: a demo account ends after two hours; the client treats this message as signed out.
    if (user.isDemo && user.demoExpiresAt && user.demoExpiresAt <= clock()) {
      throw unauthorized("Demo session expired");
    }
    request.user = user;
  });

  app.decorate("sessions", {
    currentUser,
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
