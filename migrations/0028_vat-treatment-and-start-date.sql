CREATE TYPE "public"."booking_vat_treatment" AS ENUM('taxed', 'exempt', 'outside_scope');--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "administration_start_date" date;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "vat_treatment" "booking_vat_treatment" DEFAULT 'taxed' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "vat_treatment" "booking_vat_treatment" DEFAULT 'taxed' NOT NULL;--> statement-breakpoint
UPDATE "categories" SET "vat_treatment" = 'outside_scope' WHERE "type" = 'income' AND lower("name") = 'rente';--> statement-breakpoint
UPDATE "categories" SET "vat_treatment" = 'exempt' WHERE "type" = 'expense' AND lower("name") IN ('bankkosten', 'verzekeringen');
