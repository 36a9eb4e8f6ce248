CREATE TYPE "public"."invoice_layout" AS ENUM('classic', 'modern', 'compact');--> statement-breakpoint
CREATE TYPE "public"."mail_template_kind" AS ENUM('invoice', 'credit_note', 'reminder_friendly', 'reminder_second', 'reminder_final', 'reminder_collection', 'quote');--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"user_id" uuid NOT NULL,
	"kind" "mail_template_kind" NOT NULL,
	"language" "document_language" NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_templates_pkey" PRIMARY KEY("user_id","kind","language")
);
--> statement-breakpoint
ALTER TABLE "invoice_styles" ADD COLUMN "layout" "invoice_layout" DEFAULT 'classic' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;