CREATE TABLE "billing_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"trial_ends_on" date NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"cancelled_at" timestamp with time zone,
	"billing_client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider_payment_id" text NOT NULL,
	"sequence_type" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"checkout_url" text,
	"paid_at" timestamp with time zone,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_notices_user_id_kind_key" ON "billing_notices" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_provider_payment_id_key" ON "billing_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "billing_payments_user_id_idx" ON "billing_payments" USING btree ("user_id","period_end");--> statement-breakpoint
CREATE INDEX "billing_payments_uninvoiced_idx" ON "billing_payments" USING btree ("paid_at") WHERE "billing_payments"."invoice_id" is null and "billing_payments"."paid_at" is not null;--> statement-breakpoint
-- Customers who signed up before subscriptions existed get the full trial from today (Europe/Amsterdam), not
-- one that ran out before they were told about it. Demo accounts and operators are never billed.
INSERT INTO "billing_accounts" ("user_id", "trial_ends_on")
SELECT "id", (now() AT TIME ZONE 'Europe/Amsterdam')::date + 14
FROM "users"
WHERE NOT "is_demo" AND NOT "is_operator" AND "erased_at" IS NULL
ON CONFLICT DO NOTHING;
