CREATE TYPE "public"."reminder_step" AS ENUM('friendly', 'second', 'final', 'collection');--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"step" "reminder_step" NOT NULL,
	"sent_on" date NOT NULL,
	"is_consumer" boolean NOT NULL,
	"open_amount" numeric(12, 2) NOT NULL,
	"interest" numeric(12, 2) DEFAULT '0' NOT NULL,
	"costs" numeric(12, 2) DEFAULT '0' NOT NULL,
	"announced_costs" numeric(12, 2) DEFAULT '0' NOT NULL,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_pauses_one_target" CHECK (num_nonnulls("reminder_pauses"."invoice_id", "reminder_pauses"."client_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"friendly_after_days" integer NOT NULL,
	"second_after_days" integer NOT NULL,
	"final_after_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_days_in_order" CHECK ("reminder_settings"."friendly_after_days" >= 1 and "reminder_settings"."second_after_days" > "reminder_settings"."friendly_after_days" and "reminder_settings"."final_after_days" > "reminder_settings"."second_after_days")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "is_consumer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD CONSTRAINT "reminder_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD CONSTRAINT "reminder_pauses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_pauses" ADD CONSTRAINT "reminder_pauses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_invoice_id_step_key" ON "invoice_reminders" USING btree ("invoice_id","step");--> statement-breakpoint
CREATE INDEX "invoice_reminders_user_id_idx" ON "invoice_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoice_reminders_outbox_message_id_idx" ON "invoice_reminders" USING btree ("outbox_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_pauses_invoice_id_key" ON "reminder_pauses" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_pauses_client_id_key" ON "reminder_pauses" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "reminder_pauses_user_id_idx" ON "reminder_pauses" USING btree ("user_id");