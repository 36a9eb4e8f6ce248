-- Every committed change to sessions or users is announced on one channel, so that a process keeping signed-in
-- users in memory (features/auth/session-cache.ts) forgets them, whichever code path or instance made the change.
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('balans_sessions_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
