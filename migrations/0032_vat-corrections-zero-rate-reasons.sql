CREATE TYPE "public"."vat_correction_status" AS ENUM('open', 'suppletie', 'next_return', 'no_difference');--> statement-breakpoint
ALTER TYPE "public"."booking_vat_treatment" ADD VALUE 'export';--> statement-breakpoint
ALTER TYPE "public"."vat_category" ADD VALUE 'export';--> statement-breakpoint
ALTER TYPE "public"."vat_category" ADD VALUE 'intra_eu_goods';--> statement-breakpoint
CREATE TABLE "vat_return_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" "vat_correction_status" DEFAULT 'open' NOT NULL,
	"opened_on" date NOT NULL,
	"resolved_on" date,
	"filed_on" date,
	"reference" text,
	"figures_before" jsonb,
	"figures_after" jsonb,
	"difference_euros" integer,
	"folded_into" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_submission_id" uuid NOT NULL,
	"message" text NOT NULL,
	"answered_by" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_return_corrections" ADD CONSTRAINT "vat_return_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_answers" ADD CONSTRAINT "contact_answers_contact_submission_id_contact_submissions_id_fk" FOREIGN KEY ("contact_submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vat_return_corrections_open_key" ON "vat_return_corrections" USING btree ("user_id","period") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "vat_return_corrections_user_id_period_idx" ON "vat_return_corrections" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "contact_answers_contact_submission_id_idx" ON "contact_answers" USING btree ("contact_submission_id");