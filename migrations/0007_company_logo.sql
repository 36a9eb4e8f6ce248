ALTER TABLE "company_profiles" ADD COLUMN "logo" "bytea";--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "logo_content_type" text;