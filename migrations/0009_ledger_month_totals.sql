CREATE TABLE "journal_month_totals" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"account_id" uuid NOT NULL,
	"vat_box" text DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "journal_month_totals_user_id_month_account_id_vat_box_pk" PRIMARY KEY("user_id","month","account_id","vat_box")
);
--> statement-breakpoint
ALTER TABLE "journal_lines" DROP CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_month_totals" ADD CONSTRAINT "journal_month_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_month_totals" ADD CONSTRAINT "journal_month_totals_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_month_totals_account_id_idx" ON "journal_month_totals" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;