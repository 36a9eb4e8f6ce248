CREATE TYPE "public"."vat_category" AS ENUM('21', '9', '0', 'reverse_charge', 'exempt');--> statement-breakpoint
CREATE TABLE "company_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"trade_name" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"country" text DEFAULT 'NL' NOT NULL,
	"kvk_number" text,
	"vat_number" text,
	"iban" text,
	"bic" text,
	"phone" text,
	"email" text,
	"website" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"invoice_footer" text,
	"is_kor_applied" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_time_entries" (
	"invoice_id" uuid NOT NULL,
	"time_entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "vat_category" "vat_category" DEFAULT '21' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supply_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_note_for_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_note_for_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_entries" ADD CONSTRAINT "invoice_time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_entries" ADD CONSTRAINT "invoice_time_entries_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_entries" ADD CONSTRAINT "invoice_time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_time_entries_time_entry_id_key" ON "invoice_time_entries" USING btree ("time_entry_id");--> statement-breakpoint
CREATE INDEX "invoice_time_entries_invoice_id_idx" ON "invoice_time_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_time_entries_user_id_idx" ON "invoice_time_entries" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_for_id_invoices_id_fk" FOREIGN KEY ("credit_note_for_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_for_id_key" ON "invoices" USING btree ("credit_note_for_id") WHERE "invoices"."credit_note_for_id" is not null;