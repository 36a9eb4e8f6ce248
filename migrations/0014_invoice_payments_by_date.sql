DROP INDEX "invoice_payments_user_id_idx";--> statement-breakpoint
CREATE INDEX "invoice_payments_user_id_date_idx" ON "invoice_payments" USING btree ("user_id","date");