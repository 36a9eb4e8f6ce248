DROP INDEX "transactions_user_id_date_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recurring_generated_until" date;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "recurring_template_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_recurring_template_id_transactions_id_fk" FOREIGN KEY ("recurring_template_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_recurring_template_date_key" ON "transactions" USING btree ("recurring_template_id","date");--> statement-breakpoint
CREATE INDEX "transactions_user_id_date_id_idx" ON "transactions" USING btree ("user_id","date","id");