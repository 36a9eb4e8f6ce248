CREATE TABLE "invoice_time_entries" (
	"invoice_id" uuid NOT NULL,
	"time_entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_time_entries" ADD CONSTRAINT "invoice_time_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_entries" ADD CONSTRAINT "invoice_time_entries_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_time_entries" ADD CONSTRAINT "invoice_time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_time_entries_time_entry_id_key" ON "invoice_time_entries" USING btree ("time_entry_id");--> statement-breakpoint
CREATE INDEX "invoice_time_entries_invoice_id_idx" ON "invoice_time_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_time_entries_user_id_idx" ON "invoice_time_entries" USING btree ("user_id");