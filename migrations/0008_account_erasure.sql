ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retained_until" date;--> statement-breakpoint
CREATE INDEX "users_retained_until_idx" ON "users" USING btree ("retained_until") WHERE "users"."erased_at" is not null;