CREATE TYPE "public"."balance_booking" AS ENUM('private', 'transfer', 'vat');--> statement-breakpoint
CREATE TYPE "public"."bank_line_booking" AS ENUM('invoices', 'category', 'existing', 'private', 'transfer', 'vat');--> statement-breakpoint
CREATE TYPE "public"."bank_rule_direction" AS ENUM('in', 'out', 'any');--> statement-breakpoint
ALTER TYPE "public"."journal_source" ADD VALUE 'vat_return';--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"direction" "bank_rule_direction" DEFAULT 'any' NOT NULL,
	"counterparty_iban" text,
	"counterparty_name" text,
	"description_contains" text,
	"amount_min" numeric(14, 2),
	"amount_max" numeric(14, 2),
	"booking" "bank_line_booking" NOT NULL,
	"category_id" uuid,
	"vat_rate" numeric(5, 2),
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"counterparty_bic" text,
	"description" text DEFAULT '' NOT NULL,
	"reference" text,
	"bank_reference" text,
	"end_to_end_id" text,
	"transaction_code" text,
	"content_key" text NOT NULL,
	"booking" "bank_line_booking",
	"rule_id" uuid,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text,
	"statement_number" text,
	"opening_balance" numeric(14, 2),
	"opening_date" date,
	"closing_balance" numeric(14, 2),
	"closing_date" date,
	"new_lines" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "balance_booking" "balance_booking";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "bank_statement_line_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_rule_id_bank_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."bank_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_rules_user_id_idx" ON "bank_rules" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_content_key" ON "bank_statement_lines" USING btree ("bank_account_id","content_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_bank_reference_key" ON "bank_statement_lines" USING btree ("bank_account_id","bank_reference") WHERE "bank_statement_lines"."bank_reference" is not null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_open_idx" ON "bank_statement_lines" USING btree ("user_id","booking_date") WHERE "bank_statement_lines"."booking" is null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_user_date_idx" ON "bank_statement_lines" USING btree ("user_id","booking_date");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_id_idx" ON "bank_statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "bank_statements_account_closing_idx" ON "bank_statements" USING btree ("bank_account_id","closing_date");--> statement-breakpoint
CREATE INDEX "bank_statements_user_id_idx" ON "bank_statements" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bank_statement_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("bank_statement_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_bank_statement_line_id_idx" ON "transactions" USING btree ("bank_statement_line_id");--> statement-breakpoint
-- Every existing chart of accounts gets Af te dragen btw (ledger/chart.ts).
INSERT INTO "ledger_accounts" ("user_id", "code", "rgs_code", "name", "kind", "system_key")
SELECT DISTINCT "user_id", '1790', 'BSchBepBaf', 'Af te dragen btw', 'liability'::"ledger_account_kind", 'vat_settlement'
FROM "ledger_accounts" WHERE "system_key" = 'equity'
ON CONFLICT DO NOTHING;
