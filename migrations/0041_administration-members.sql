CREATE TYPE "public"."member_role" AS ENUM('accountant', 'read_only');--> statement-breakpoint
CREATE TABLE "administration_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"status_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "administration_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "administration_access_log" ADD CONSTRAINT "administration_access_log_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administration_access_log" ADD CONSTRAINT "administration_access_log_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administration_members" ADD CONSTRAINT "administration_members_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "administration_members" ADD CONSTRAINT "administration_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "administration_access_log_owner_id_created_at_idx" ON "administration_access_log" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "administration_members_token_hash_key" ON "administration_members" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "administration_members_owner_id_idx" ON "administration_members" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "administration_members_member_id_owner_id_idx" ON "administration_members" USING btree ("member_id","owner_id");