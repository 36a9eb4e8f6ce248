CREATE TYPE "public"."recurring_invoice_interval" AS ENUM('weekly', 'monthly', 'quarterly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."recurring_invoice_run_status" AS ENUM('made', 'failed');--> statement-breakpoint
CREATE TABLE "recurring_invoice_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"period_index" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" "recurring_invoice_run_status" NOT NULL,
	"invoice_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"description" text NOT NULL,
	"interval" "recurring_invoice_interval" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"invoice_count" integer,
	"payment_term_days" integer NOT NULL,
	"sends_at_once" boolean DEFAULT false NOT NULL,
	"notes" text,
	"lines" jsonb NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"ended_on" date,
	"next_period_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_end_date_or_count" CHECK ("recurring_invoices"."end_date" is null or "recurring_invoices"."invoice_count" is null)
);
--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_template_id_recurring_invoices_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoice_runs" ADD CONSTRAINT "recurring_invoice_runs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_invoice_runs_template_period_key" ON "recurring_invoice_runs" USING btree ("template_id","period_start");--> statement-breakpoint
CREATE INDEX "recurring_invoice_runs_invoice_id_idx" ON "recurring_invoice_runs" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_user_id_idx" ON "recurring_invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_client_id_idx" ON "recurring_invoices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "recurring_invoices_running_idx" ON "recurring_invoices" USING btree ("id") WHERE not "recurring_invoices"."is_paused" and "recurring_invoices"."ended_on" is null;