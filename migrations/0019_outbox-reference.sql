ALTER TABLE "outbox_messages" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "outbox_messages_user_id_reference_idx" ON "outbox_messages" USING btree ("user_id","reference");