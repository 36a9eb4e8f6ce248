CREATE TYPE "public"."purchase_vat_treatment" AS ENUM('domestic', 'reverse_charge', 'eu', 'non_eu', 'none');--> statement-breakpoint
CREATE TYPE "public"."document_storage" AS ENUM('database', 'disk');--> statement-breakpoint
CREATE TYPE "public"."purchase_invoice_source" AS ENUM('upload', 'camera', 'email', 'manual');--> statement-breakpoint
CREATE TYPE "public"."purchase_invoice_status" AS ENUM('reading', 'review', 'booked', 'paid');--> statement-breakpoint
ALTER TYPE "public"."journal_source" ADD VALUE 'purchase_invoice';--> statement-breakpoint
ALTER TYPE "public"."journal_source" ADD VALUE 'purchase_invoice_payment';--> statement-breakpoint
ALTER TYPE "public"."bank_line_booking" ADD VALUE 'purchase_invoices';--> statement-breakpoint
CREATE TABLE "stored_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage" "document_storage" NOT NULL,
	"content" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_inboxes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_invoice_lines" (
	"purchase_invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"description" text,
	"category_id" uuid,
	"vat_rate" numeric(5, 2) NOT NULL,
	"net_amount" numeric(12, 2) NOT NULL,
	"vat_amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "purchase_invoice_lines_purchase_invoice_id_position_pk" PRIMARY KEY("purchase_invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "purchase_invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purchase_invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" "payment_method" DEFAULT 'bank' NOT NULL,
	"transaction_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "purchase_invoice_status" DEFAULT 'review' NOT NULL,
	"source" "purchase_invoice_source" NOT NULL,
	"document_id" uuid,
	"supplier_id" uuid,
	"supplier_name" text,
	"invoice_number" text,
	"invoice_date" date,
	"due_date" date,
	"description" text,
	"vat_treatment" "purchase_vat_treatment" DEFAULT 'domestic' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"open_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"iban" text,
	"payment_reference" text,
	"reading" jsonb,
	"reading_progress" integer DEFAULT 0 NOT NULL,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_customer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_category_id" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "default_vat_treatment" "purchase_vat_treatment";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "purchase_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_documents" ADD CONSTRAINT "stored_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_inboxes" ADD CONSTRAINT "purchase_inboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_purchase_invoice_id_purchase_invoices_id_fk" FOREIGN KEY ("purchase_invoice_id") REFERENCES "public"."purchase_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_payments" ADD CONSTRAINT "purchase_invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_payments" ADD CONSTRAINT "purchase_invoice_payments_purchase_invoice_id_purchase_invoices_id_fk" FOREIGN KEY ("purchase_invoice_id") REFERENCES "public"."purchase_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_payments" ADD CONSTRAINT "purchase_invoice_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_document_id_stored_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."stored_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_supplier_id_clients_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_documents_user_id_sha256_idx" ON "stored_documents" USING btree ("user_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_inboxes_token_key" ON "purchase_inboxes" USING btree ("token");--> statement-breakpoint
CREATE INDEX "purchase_invoice_payments_purchase_invoice_id_idx" ON "purchase_invoice_payments" USING btree ("purchase_invoice_id");--> statement-breakpoint
CREATE INDEX "purchase_invoice_payments_transaction_id_idx" ON "purchase_invoice_payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "purchase_invoices_user_id_status_idx" ON "purchase_invoices" USING btree ("user_id","status","invoice_date");--> statement-breakpoint
CREATE INDEX "purchase_invoices_supplier_id_idx" ON "purchase_invoices" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_invoices_document_id_idx" ON "purchase_invoices" USING btree ("document_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_default_category_id_categories_id_fk" FOREIGN KEY ("default_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_purchase_invoice_id_purchase_invoices_id_fk" FOREIGN KEY ("purchase_invoice_id") REFERENCES "public"."purchase_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_default_category_id_idx" ON "clients" USING btree ("default_category_id");--> statement-breakpoint
CREATE INDEX "transactions_purchase_invoice_id_idx" ON "transactions" USING btree ("purchase_invoice_id");--> statement-breakpoint
-- The VAT the buyer declares on a purchase with the VAT shifted to them, per rubriek (2a, 4b, 4a): every
-- existing chart gets the accounts (new charts get them from ledger/chart.ts).
INSERT INTO "ledger_accounts" ("user_id", "code", "rgs_code", "name", "kind", "system_key")
SELECT "owners"."user_id", "account"."code", "account"."rgs_code", "account"."name", 'liability', "account"."system_key"
FROM (SELECT DISTINCT "user_id" FROM "ledger_accounts") AS "owners"
CROSS JOIN (VALUES
  ('vat_payable_reverse_charge', '1740', 'BSchBepBlw', 'Te betalen btw verlegd'),
  ('vat_payable_eu', '1750', 'BSchBepBlu', 'Te betalen btw inkopen binnen de EU'),
  ('vat_payable_non_eu', '1760', 'BSchBepBlb', 'Te betalen btw inkopen buiten de EU')
) AS "account"("system_key", "code", "rgs_code", "name")
ON CONFLICT DO NOTHING;
