CREATE TYPE "public"."journal_source" AS ENUM('transaction', 'invoice', 'invoice_payment', 'opening_balance');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('asset', 'liability', 'equity', 'revenue', 'expense');--> statement-breakpoint
CREATE TYPE "public"."vat_period_frequency" AS ENUM('quarter', 'month', 'year');--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source_type" "journal_source" NOT NULL,
	"source_id" uuid NOT NULL,
	"date" date NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"vat_box" text,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rgs_code" text NOT NULL,
	"name" text NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"system_key" text,
	"bank_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_return_filings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"filed_on" date NOT NULL,
	"reference" text NOT NULL,
	"figures" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "vat_period_frequency" "vat_period_frequency" DEFAULT 'quarter' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "ledger_account_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_return_filings" ADD CONSTRAINT "vat_return_filings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lines_source_idx" ON "journal_lines" USING btree ("user_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_lines_user_id_date_idx" ON "journal_lines" USING btree ("user_id","date","account_id","amount");--> statement-breakpoint
CREATE INDEX "journal_lines_vat_idx" ON "journal_lines" USING btree ("user_id","date") WHERE "journal_lines"."vat_box" is not null;--> statement-breakpoint
CREATE INDEX "journal_lines_account_id_idx" ON "journal_lines" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_id_code_key" ON "ledger_accounts" USING btree ("user_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_id_system_key_key" ON "ledger_accounts" USING btree ("user_id","system_key") WHERE "ledger_accounts"."system_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_bank_account_id_key" ON "ledger_accounts" USING btree ("bank_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_return_filings_user_id_period_key" ON "vat_return_filings" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "vat_return_filings_user_id_dates_idx" ON "vat_return_filings" USING btree ("user_id","start_date","end_date");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_invoice_id_idx" ON "transactions" USING btree ("invoice_id");