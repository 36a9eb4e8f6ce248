CREATE TABLE "invoice_styles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"accent_color" text,
	"page_footer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_styles" ADD CONSTRAINT "invoice_styles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;