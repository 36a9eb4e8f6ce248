import { createHmac } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema/index";
import { newToken } from "../../tokens";
import type { SessionCache } from "./session-cache";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend a session at most once a day instead of writing on every request. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

/**
 * Sessions live in the `sessions` table. The browser holds a random token; the table holds only an HMAC of it,
 * keyed with SESSION_SECRET, so neither a copy of the table nor a guessed sid signs anyone in. With a cache
 * (session-cache.ts) a known session is answered from memory.
 */
export function sessionStore(secret: string, cache?: SessionCache) {
  const sidOf = (token: string) => createHmac("sha256", secret).update(token).digest("base64url");

  return {
    /** A new session (and so a new id) at every sign-in: no session fixation. */
    async create(db: Database, userId: string, now: Date, userAgent?: string): Promise<string> {
      const token = newToken();
      await db.insert(sessions).values({
        sid: sidOf(token),
        userId,
        expire: new Date(now.getTime() + SESSION_LIFETIME_MS),
        sess: { createdAt: now.toISOString(), ...(userAgent ? { userAgent: userAgent.slice(0, 300) } : {}) },
      });
      return token;
    },

    /** The signed-in user for a token, or null; renews the expiry when a day has passed since the last renewal. */
    async findUser(
      db: Database,
      token: string,
      now: Date,
    ): Promise<{ user: SessionUser; renewed: boolean; activeOwnerId?: string } | null> {
      const sid = sidOf(token);
      const cached = cache?.get(sid);
      if (cached && cached.expire > now && !isRenewalDue(cached.expire, now)) {
        return { user: cached.user, renewed: false, activeOwnerId: cached.activeOwnerId };
      }
      const generation = cache?.generation();
      const [row] = await db
        .select({ user: users, expire: sessions.expire, sess: sessions.sess })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.sid, sid), gt(sessions.expire, now), isNull(users.erasedAt)))
        .limit(1);
      if (!row) return null;
      const renewed = isRenewalDue(row.expire, now);
      if (renewed) {
        await db
          .update(sessions)
          .set({ expire: new Date(now.getTime() + SESSION_LIFETIME_MS) })
          .where(eq(sessions.sid, sid));
      } else {
        cache?.set(
          sid,
          { user: row.user, expire: row.expire, activeOwnerId: row.sess.activeOwnerId },
          generation!,
        );
      }
      return { user: row.user, renewed, activeOwnerId: row.sess.activeOwnerId };
    },

    /** Stores the administration the session works in (null: the user's own). */
    async setActiveOwner(db: Database, token: string, ownerId: string | null): Promise<void> {
      await db
        .update(sessions)
        .set({
          sess: ownerId
            ? sql`${sessions.sess} || jsonb_build_object('activeOwnerId', ${ownerId}::text)`
            : sql`${sessions.sess} - 'activeOwnerId'`,
        })
        .where(eq(sessions.sid, sidOf(token)));
    },

    async destroy(db: Database, token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.sid, sidOf(token)));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;

const isRenewalDue = (expire: Date, now: Date) =>
  expire.getTime() - now.getTime() < SESSION_LIFETIME_MS - RENEW_AFTER_MS;

/** Scheduled clean-up of sessions past their expiry. */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  return deleted.length;
}
