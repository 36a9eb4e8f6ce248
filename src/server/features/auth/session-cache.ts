import type { DatabaseHandle, Listener } from "../../db/client";
import type { SessionUser } from "./sessions";

/** The channel the database notifies after every committed change to `sessions` or `users` (migration 0018). */
export const SESSIONS_CHANGED_CHANNEL = "balans_sessions_changed";
const MAX_ENTRIES = 10_000;
/** A bound on any entry's age, should a notification ever go astray. */
const MAX_AGE_MS = 5 * 60 * 1000;

type Entry = { user: SessionUser; expire: Date; activeOwnerId?: string; cachedAt: number };

/**
 * Signed-in users by session id, so that a signed-in request does not pay a database round trip for who it is.
 * It cannot go stale: the database notifies every committed change to sessions or users (a sign-in, sign-out,
 * password change, profile change, erasure — by any code path), before that change's statement returns, which
 * empties it; a lookup that was under way during such a change is not kept (the generation moved on). Only the
 * embedded database delivers notifications that way (DatabaseHandle.listen); without it the cache stays unused.
 */
export function sessionCache() {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let listener: Listener | null = null;

  const clear = () => {
    generation++;
    entries.clear();
  };
  const isUsable = () => listener !== null;

  return {
    /** Starts following the database's change notifications; without this the cache stays unused. */
    async follow(listen: NonNullable<DatabaseHandle["listen"]>) {
      listener = await listen(SESSIONS_CHANGED_CHANNEL, clear);
    },
    async stop() {
      await listener?.stop();
      listener = null;
      clear();
    },
    get(sid: string): Entry | undefined {
      if (!isUsable()) return undefined;
      const entry = entries.get(sid);
      // The entry's age in this process's time; whether the session has expired is the caller's clock's question.
      if (entry && Date.now() - entry.cachedAt > MAX_AGE_MS) {
        entries.delete(sid);
        return undefined;
      }
      return entry;
    },
    /** The generation to pass to `set` for what is about to be read from the database. */
    generation: () => generation,
    set(sid: string, entry: Omit<Entry, "cachedAt">, readInGeneration: number): void {
      if (!isUsable() || readInGeneration !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(sid, { ...entry, cachedAt: Date.now() });
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
