CREATE TYPE "public"."depreciation_frequency" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."year_closing_action" AS ENUM('closed', 'reopened');--> statement-breakpoint
ALTER TYPE "public"."journal_source" ADD VALUE 'memorial';--> statement-breakpoint
ALTER TYPE "public"."journal_source" ADD VALUE 'depreciation';--> statement-breakpoint
ALTER TYPE "public"."journal_source" ADD VALUE 'year_end';--> statement-breakpoint
CREATE TABLE "memorial_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_lines_amount_not_zero" CHECK ("memorial_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "fixed_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"purchase_date" date NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"residual_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"useful_life_months" integer NOT NULL,
	"frequency" "depreciation_frequency" DEFAULT 'monthly' NOT NULL,
	"disposal_date" date,
	"disposal_amount" numeric(12, 2),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "year_closing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"action" "year_closing_action" NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "year_closings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "kor_start_date" date;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "kor_end_date" date;--> statement-breakpoint
ALTER TABLE "memorial_entries" ADD CONSTRAINT "memorial_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_lines" ADD CONSTRAINT "memorial_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_lines" ADD CONSTRAINT "memorial_lines_entry_id_memorial_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."memorial_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_lines" ADD CONSTRAINT "memorial_lines_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_assets" ADD CONSTRAINT "fixed_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_closing_events" ADD CONSTRAINT "year_closing_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_closings" ADD CONSTRAINT "year_closings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_entries_user_id_number_key" ON "memorial_entries" USING btree ("user_id","number");--> statement-breakpoint
CREATE INDEX "memorial_entries_user_id_date_idx" ON "memorial_entries" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "memorial_lines_entry_id_idx" ON "memorial_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "memorial_lines_ledger_account_id_idx" ON "memorial_lines" USING btree ("ledger_account_id");--> statement-breakpoint
CREATE INDEX "fixed_assets_user_id_idx" ON "fixed_assets" USING btree ("user_id","purchase_date");--> statement-breakpoint
CREATE INDEX "year_closing_events_user_id_idx" ON "year_closing_events" USING btree ("user_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "year_closings_user_id_year_key" ON "year_closings" USING btree ("user_id","year");--> statement-breakpoint
-- The asset register's accounts for every existing chart (new charts get them from ledger/chart.ts).
INSERT INTO "ledger_accounts" ("user_id", "code", "rgs_code", "name", "kind", "system_key")
SELECT "owners"."user_id", "account"."code", "account"."rgs_code", "account"."name", "account"."kind"::"ledger_account_kind", "account"."system_key"
FROM (SELECT DISTINCT "user_id" FROM "ledger_accounts") AS "owners"
CROSS JOIN (VALUES
  ('fixed_assets', '0200', 'BMvaBeiVvp', 'Inventaris', 'asset'),
  ('accumulated_depreciation', '0210', 'BMvaBeiCae', 'Cumulatieve afschrijving inventaris', 'asset'),
  ('depreciation', '4800', 'WAfsAmvBei', 'Afschrijvingskosten inventaris', 'expense'),
  ('asset_disposal_result', '4810', 'WAfsRvmBei', 'Boekresultaat verkoop inventaris', 'expense')
) AS "account"("system_key", "code", "rgs_code", "name", "kind")
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The KOR as it was applied so far had no dates: it applied to every period.
UPDATE "company_profiles" SET "kor_start_date" = '2000-01-01' WHERE "is_kor_applied";
