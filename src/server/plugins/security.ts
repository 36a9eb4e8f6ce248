import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { postgresRateLimitStore } from "./rate-limit-store";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * 1. Security headers on every answer: a CSP without inline scripts, no framing, no MIME sniffing.
 * 2. State-changing requests from another origin are refused (with SameSite=Lax cookies, defence in depth).
 * 3. The rate limiter, off by default; routes opt in with `config.rateLimit` or `app.rateLimit()` handlers. With
 *    `rateLimitDatabase` the counts live in that PostgreSQL database, shared by every instance on it; without it,
 *    in this process's memory (the embedded database: one process by construction).
 */
export const securityPlugin = fp(async function security(
  app: FastifyInstance,
  options: {
    publicUrl: string | undefined;
    isProduction: boolean;
    rateLimits: boolean;
    rateLimitDatabase?: Database | undefined;
  },
) {
  // Built once: the headers are the same for every answer, so no request pays for reading the options again.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set element styles at run time; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, options.publicUrl)) {
      throw new AppError(403, "Deze aanvraag komt van een andere website en is geweigerd.");
    }
  });

  await app.register(rateLimit, {
    global: false,
    ...(options.rateLimits ? {} : { allowList: () => true }),
    ...(options.rateLimitDatabase
      ? {
          store: postgresRateLimitStore(options.rateLimitDatabase, app.log),
          // Fail open: when the database cannot count (it is down), the request goes on, with a warning in the
          // log (the store's), instead of a 500 on every limited route. The routes behind these limits need the
          // database themselves, so an attacker gains nothing while it is down; the limit holds again once it is up.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Te veel pogingen. Probeer het over ${minutes(context.ttl)} opnieuw.`),
  });
});

/** Origin (or, without it, Sec-Fetch-Site) must match this server; tools without either header are allowed. */
function isSameOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin) {
    if (origin === "null") return false;
    const own = `${request.protocol}://${request.host}`;
    return origin === own || origin === publicUrl;
  }
  const site = request.headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
}

export function minutes(milliseconds: number): string {
  const count = Math.max(1, Math.ceil(milliseconds / 60000));
  return count === 1 ? "1 minuut" : `${count} minuten`;
}
