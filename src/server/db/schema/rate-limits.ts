import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every instance on the same PostgreSQL database (plugins/rate-limit-store.ts):
 * one row per limited route and client key, counting the hits of the window that ends at expires_at. Expired rows
 * are reused by the next hit and deleted by the delete-expired-rate-limits job. On the embedded database the
 * counters stay in the process's memory and this table is empty.
 */
export const rateLimitHits = pgTable("rate_limit_hits", {
  /** The route (method and path, or the limiter's own name) and the client's key, e.g. its IP address. */
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
