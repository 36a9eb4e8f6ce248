CREATE TYPE "public"."payment_method" AS ENUM('bank', 'cash', 'card', 'other');--> statement-breakpoint
CREATE TABLE "invoice_series" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" "payment_method" DEFAULT 'bank' NOT NULL,
	"transaction_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_credit_note_for_id_key";--> statement-breakpoint
ALTER TABLE "invoice_number_counters" DROP CONSTRAINT "invoice_number_counters_pkey";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD COLUMN "year" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_number_counters" ADD CONSTRAINT "invoice_number_counters_user_id_year_pk" PRIMARY KEY("user_id","year");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "open_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_series" ADD CONSTRAINT "invoice_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_id_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_user_id_idx" ON "invoice_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_transaction_id_idx" ON "invoice_payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "invoices_credit_note_for_id_idx" ON "invoices" USING btree ("credit_note_for_id") WHERE "invoices"."credit_note_for_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_user_id_issue_date_idx" ON "invoices" USING btree ("user_id","issue_date");--> statement-breakpoint
-- A draft gets its number when it is issued; numbers of issued invoices stay as they are.
UPDATE "invoices" SET "invoice_number" = NULL WHERE "status" = 'draft';--> statement-breakpoint
-- A paid invoice was paid on its paid date: by its linked bank transaction (the amount that came in) if it had
-- one, else its total.
INSERT INTO "invoice_payments" ("user_id", "invoice_id", "date", "amount", "method", "transaction_id")
SELECT i."user_id", i."id", i."paid_date", coalesce(t."amount_including_vat", i."total"), 'bank', t."id"
FROM "invoices" i
LEFT JOIN LATERAL (
  SELECT t."id", t."amount_including_vat" FROM "transactions" t
  WHERE t."invoice_id" = i."id" AND t."type" = 'income' AND t."status" = 'completed'
  ORDER BY t."created_at" LIMIT 1) t ON true
WHERE i."status" = 'paid' AND i."paid_date" IS NOT NULL AND i."total" <> 0;--> statement-breakpoint
-- The open amount as the books hold it, and the status that follows from it (settlement.ts).
UPDATE "invoices" i SET "open_amount" = i."total"
  + coalesce((SELECT sum(c."total") FROM "invoices" c WHERE c."credit_note_for_id" = i."id" AND c."status" <> 'draft'), 0)
  - coalesce((SELECT sum(p."amount") FROM "invoice_payments" p WHERE p."invoice_id" = i."id"), 0)
WHERE i."status" <> 'draft' AND i."credit_note_for_number" IS NULL;--> statement-breakpoint
UPDATE "invoices" SET
  "status" = CASE WHEN "open_amount" <= 0 THEN 'paid'::invoice_status
                  WHEN "due_date" < current_date THEN 'overdue'::invoice_status
                  ELSE 'sent'::invoice_status END,
  "paid_date" = CASE WHEN "open_amount" <= 0 THEN coalesce("paid_date", "issue_date") ELSE NULL END
WHERE "status" <> 'draft' AND "credit_note_for_number" IS NULL;
