DROP INDEX "cookie_consents_session_id_active_key";--> statement-breakpoint
ALTER TABLE "cookie_consents" ADD COLUMN "browser_key_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cookie_consents_session_id_browser_active_key" ON "cookie_consents" USING btree ("session_id","browser_key_hash") WHERE "cookie_consents"."is_active";