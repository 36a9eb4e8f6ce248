import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Database } from "../db/client";

/** What @fastify/rate-limit passes to a store's constructor and to child(): its merged options. */
type LimiterOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** The route a child store counts for; `{}` for limiters made with app.createRateLimit() or app.rateLimit(). */
  routeInfo?: { method?: string | string[]; url?: string };
};

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Keys longer than this (a key generator may use request input) are stored as their hash. */
const MAX_PLAIN_KEY_LENGTH = 200;
/** While the database is unreachable no limited request is counted; one warning a minute says so. */
const WARNING_INTERVAL_MS = 60_000;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (rate_limit_hits), so that every instance on the same
 * database shares each limit. One row per route and client key holds the hits of the current window.
 *
 * Each hit is one atomic upsert: a new key starts a window of `timeWindow` with count 1; a key whose window has
 * ended starts a new one; otherwise its count goes up by one and its window end stays. PostgreSQL's row lock on
 * the conflicting key serialises concurrent hits from any instance, so none is lost.
 *
 * "Now" is the database's now(), not the app's clock: instances' clocks may differ by seconds, and the window end
 * that one instance writes is compared by another. The time left (ttl) is computed in the same statement.
 *
 * Errors go to the plugin's callback (the security plugin lets such a request through, see skipOnError there),
 * with a warning in the log at most once a minute.
 */
export function postgresRateLimitStore(db: Database, log: FastifyBaseLogger) {
  let lastWarningAt = 0;

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    constructor(options: LimiterOptions, namespace = "global") {
      // The window of those two options moves on every hit past the limit; this store does not implement that.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          "The PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff",
        );
      }
      this.namespace = namespace;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, _max?: number): void {
      hit(db, `${this.namespace}|${storedKey(key)}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => {
          if (Date.now() - lastWarningAt >= WARNING_INTERVAL_MS) {
            lastWarningAt = Date.now();
            log.warn({ err: error }, "rate-limit store unavailable: limited requests are let through");
          }
          callback(error);
        },
      );
    }

    /** A store per limited route; its keys are prefixed with the route, as the plugin's Redis store does. */
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): PostgresRateLimitStore {
      // Typed as the route's options, but the plugin passes its options merged with the route's (index.js).
      const options = routeOptions as unknown as LimiterOptions;
      return new PostgresRateLimitStore(options, namespaceOf(options));
    }
  };
}

/** One hit on a key: the hits in its window so far, this one included, and the milliseconds the window has left. */
async function hit(db: Database, key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
  const result = (await db.execute(sql`
    insert into rate_limit_hits as hits (key, count, expires_at)
    values (${key}, 1, now() + ${timeWindow}::float8 * interval '1 millisecond')
    on conflict (key) do update set
      count = case when hits.expires_at <= now() then 1 else hits.count + 1 end,
      expires_at = case when hits.expires_at <= now() then excluded.expires_at else hits.expires_at end
    returning count, greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::float8 as ttl
  `)) as unknown as { rows: Array<{ count: number; ttl: number }> };
  const row = result.rows[0]!;
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/**
 * Routes are named by method and path, the same on every instance. Limiters made with app.createRateLimit() have
 * no route: they share one namespace, so their key generators keep their keys apart (auth's `login:<username>`).
 */
function namespaceOf(options: LimiterOptions): string {
  const { method, url } = options.routeInfo ?? {};
  if (!url) return "limiter";
  return `${Array.isArray(method) ? method.join(",") : (method ?? "")} ${url}`;
}

function storedKey(key: string): string {
  if (key.length <= MAX_PLAIN_KEY_LENGTH) return key;
  return `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/** The job that removes ended windows; a new hit on such a key would reuse the row anyway. */
export async function deleteExpiredRateLimitHits(db: Database): Promise<void> {
  // The database's clock, as the store's upsert uses (see above).
  await db.execute(sql`delete from rate_limit_hits where expires_at <= now()`);
}
