CREATE TYPE "public"."job_run_status" AS ENUM('ok', 'failed');--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_status" "job_run_status" NOT NULL,
	"last_duration_ms" integer NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "signup_leads" ALTER COLUMN "email" DROP NOT NULL;