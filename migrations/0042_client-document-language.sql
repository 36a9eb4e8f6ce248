CREATE TYPE "public"."document_language" AS ENUM('nl', 'en');--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "document_language" "document_language" DEFAULT 'nl' NOT NULL;