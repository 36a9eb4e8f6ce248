CREATE TYPE "public"."transaction_type" AS ENUM('income', 'expense');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."recurring_interval" AS ENUM('weekly', 'monthly', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('completed', 'pending');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'sent', 'paid', 'overdue');--> statement-breakpoint
CREATE TYPE "public"."contact_submission_status" AS ENUM('new', 'in_progress', 'answered', 'spam');--> statement-breakpoint
CREATE TYPE "public"."newsletter_status" AS ENUM('pending', 'confirmed', 'unsubscribed');--> statement-breakpoint
CREATE TYPE "public"."signup_lead_status" AS ENUM('lead', 'trial', 'converted', 'lost');--> statement-breakpoint
CREATE TYPE "public"."consent_method" AS ENUM('banner', 'settings');--> statement-breakpoint
CREATE TYPE "public"."gdpr_request_status" AS ENUM('pending', 'in_progress', 'completed', 'rejected');--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"company_name" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"demo_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"iban" text,
	"opening_balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"opening_date" date,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "transaction_type" NOT NULL,
	"color" text DEFAULT '#2B7CE9' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_person" text,
	"email" text,
	"phone" text,
	"address" text,
	"street" text,
	"house_number" text,
	"city" text,
	"postal_code" text,
	"country" text DEFAULT 'NL' NOT NULL,
	"tax_number" text,
	"kvk_number" text,
	"iban" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"hourly_rate" numeric(10, 2),
	"status" "project_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"client_id" uuid,
	"description" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration" integer,
	"hourly_rate" numeric(10, 2),
	"is_billable" boolean DEFAULT true NOT NULL,
	"is_invoiced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"category_id" uuid,
	"client_id" uuid,
	"project_id" uuid,
	"bank_account_id" uuid,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '21.00' NOT NULL,
	"vat_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount_including_vat" numeric(12, 2) NOT NULL,
	"type" "transaction_type" NOT NULL,
	"date" date NOT NULL,
	"status" "transaction_status" DEFAULT 'completed' NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurring_interval" "recurring_interval",
	"recurring_end_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"time_entry_id" uuid,
	"description" text,
	"quantity" numeric(10, 2) NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '21.00' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"vat_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"invoice_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"reminder_sent" boolean DEFAULT false NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"company" text,
	"phone" text,
	"inquiry_type" text DEFAULT 'general' NOT NULL,
	"status" "contact_submission_status" DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'website' NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"submission_time" timestamp with time zone DEFAULT now() NOT NULL,
	"response_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_security_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_type" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"honeypot_triggered" boolean DEFAULT false NOT NULL,
	"submission_too_fast" boolean DEFAULT false NOT NULL,
	"rate_limit_hit" boolean DEFAULT false NOT NULL,
	"suspicious_patterns" text[],
	"blocked" boolean DEFAULT false NOT NULL,
	"submitted_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"interests" text[],
	"gdpr_consent" boolean DEFAULT false NOT NULL,
	"double_opt_in" boolean DEFAULT true NOT NULL,
	"confirmation_token" text,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"status" "newsletter_status" DEFAULT 'pending' NOT NULL,
	"source" text,
	"user_agent" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"company_name" text,
	"phone" text,
	"plan_type" text DEFAULT 'trial' NOT NULL,
	"trial_days" integer DEFAULT 14 NOT NULL,
	"source" text,
	"referrer" text,
	"utm_campaign" text,
	"utm_source" text,
	"utm_medium" text,
	"status" "signup_lead_status" DEFAULT 'lead' NOT NULL,
	"converted_user_id" uuid,
	"converted_at" timestamp with time zone,
	"follow_up_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid,
	"session_id" text,
	"user_id" uuid,
	"ip_address" text,
	"action" text NOT NULL,
	"category_changed" text,
	"previous_value" boolean,
	"new_value" boolean,
	"user_agent" text,
	"referrer" text,
	"page_url" text,
	"consent_interface" text,
	"legal_basis" text DEFAULT 'consent' NOT NULL,
	"processing_purpose" text,
	"data_retention_period" text,
	"third_party_sharing" boolean DEFAULT false NOT NULL,
	"geolocation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"user_id" uuid,
	"ip_address" text,
	"essential" boolean DEFAULT true NOT NULL,
	"functional" boolean DEFAULT false NOT NULL,
	"analytics" boolean DEFAULT false NOT NULL,
	"marketing" boolean DEFAULT false NOT NULL,
	"consent_method" "consent_method" NOT NULL,
	"policy_version" text DEFAULT '1.0.0' NOT NULL,
	"browser_fingerprint" text,
	"geolocation" text,
	"user_agent" text,
	"page_url" text,
	"consent_given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_updated_at" timestamp with time zone,
	"consent_withdrawn_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_policy_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" text NOT NULL,
	"effective_date" date,
	"description" text,
	"policy_content" text,
	"cookie_inventory" jsonb,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gdpr_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"request_type" text NOT NULL,
	"status" "gdpr_request_status" DEFAULT 'pending' NOT NULL,
	"request_details" jsonb,
	"ip_address" text,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"verification_method" text,
	"verification_token" text,
	"processed_by" text,
	"processing_notes" text,
	"response_data" jsonb,
	"legal_basis" text,
	"due_date" date NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query" text NOT NULL,
	"session_id" text,
	"user_id" uuid,
	"ip_address" text,
	"results_count" integer,
	"clicked_result_id" uuid,
	"clicked_position" integer,
	"search_time" integer,
	"has_results" boolean DEFAULT false NOT NULL,
	"filters" jsonb,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggestion" text NOT NULL,
	"search_count" integer DEFAULT 1 NOT NULL,
	"language" text DEFAULT 'nl' NOT NULL,
	"category" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "searchable_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"excerpt" text,
	"content_type" text NOT NULL,
	"slug" text,
	"url" text NOT NULL,
	"language" text DEFAULT 'nl' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"search_vector" "tsvector",
	"search_rank" real DEFAULT 1 NOT NULL,
	"tags" text[],
	"author" text,
	"category" text,
	"metadata" jsonb,
	"last_indexed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flag_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flag_id" uuid NOT NULL,
	"session_id" text,
	"user_id" uuid,
	"ip_address" text,
	"variant" text,
	"enabled" boolean NOT NULL,
	"context" jsonb,
	"environment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"environment" text DEFAULT 'production' NOT NULL,
	"rollout_percentage" integer DEFAULT 0 NOT NULL,
	"conditions" jsonb,
	"variants" jsonb,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_by" text,
	"category" text DEFAULT 'general' NOT NULL,
	"tags" text[],
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"error_type" text,
	"error_code" text,
	"message" text NOT NULL,
	"stack_trace" text,
	"url" text,
	"referrer" text,
	"session_id" text,
	"user_id" uuid,
	"ip_address" text,
	"browser_info" jsonb,
	"device_info" jsonb,
	"error_context" jsonb,
	"severity" text DEFAULT 'error' NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"tags" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_time_entry_id_time_entries_id_fk" FOREIGN KEY ("time_entry_id") REFERENCES "public"."time_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_leads" ADD CONSTRAINT "signup_leads_converted_user_id_users_id_fk" FOREIGN KEY ("converted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookie_audit_logs" ADD CONSTRAINT "cookie_audit_logs_consent_id_cookie_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."cookie_consents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookie_audit_logs" ADD CONSTRAINT "cookie_audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookie_consents" ADD CONSTRAINT "cookie_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_queries" ADD CONSTRAINT "search_queries_clicked_result_id_searchable_content_id_fk" FOREIGN KEY ("clicked_result_id") REFERENCES "public"."searchable_content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_usage" ADD CONSTRAINT "feature_flag_usage_flag_id_feature_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."feature_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flag_usage" ADD CONSTRAINT "feature_flag_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_demo_expires_at_idx" ON "users" USING btree ("demo_expires_at") WHERE "users"."is_demo";--> statement-breakpoint
CREATE INDEX "bank_accounts_user_id_idx" ON "bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default_key" ON "bank_accounts" USING btree ("user_id") WHERE "bank_accounts"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "categories_user_type_name_key" ON "categories" USING btree ("user_id","type",lower("name"));--> statement-breakpoint
CREATE INDEX "clients_user_id_created_at_idx" ON "clients" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_user_id_created_at_idx" ON "projects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_client_id_idx" ON "projects" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "time_entries_user_id_start_time_idx" ON "time_entries" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "time_entries_project_id_idx" ON "time_entries" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "time_entries_client_id_idx" ON "time_entries" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "transactions_user_id_date_idx" ON "transactions" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "transactions_category_id_idx" ON "transactions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "transactions_client_id_idx" ON "transactions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "transactions_project_id_idx" ON "transactions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "transactions_bank_account_id_idx" ON "transactions" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "transactions_recurring_idx" ON "transactions" USING btree ("date") WHERE "transactions"."is_recurring";--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_id_idx" ON "invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_items_time_entry_id_idx" ON "invoice_items" USING btree ("time_entry_id");--> statement-breakpoint
CREATE INDEX "invoice_items_user_id_idx" ON "invoice_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_user_id_invoice_number_key" ON "invoices" USING btree ("user_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_user_id_status_idx" ON "invoices" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "invoices_client_id_idx" ON "invoices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invoices_sent_due_date_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "contact_submissions_status_submission_time_idx" ON "contact_submissions" USING btree ("status","submission_time");--> statement-breakpoint
CREATE INDEX "form_security_logs_ip_address_created_at_idx" ON "form_security_logs" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_email_lower_key" ON "newsletter_signups" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_confirmation_token_key" ON "newsletter_signups" USING btree ("confirmation_token");--> statement-breakpoint
CREATE INDEX "signup_leads_email_lower_idx" ON "signup_leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "signup_leads_converted_user_id_idx" ON "signup_leads" USING btree ("converted_user_id");--> statement-breakpoint
CREATE INDEX "cookie_audit_logs_consent_id_idx" ON "cookie_audit_logs" USING btree ("consent_id");--> statement-breakpoint
CREATE INDEX "cookie_audit_logs_session_id_created_at_idx" ON "cookie_audit_logs" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "cookie_audit_logs_user_id_idx" ON "cookie_audit_logs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cookie_consents_session_id_active_key" ON "cookie_consents" USING btree ("session_id") WHERE "cookie_consents"."is_active";--> statement-breakpoint
CREATE INDEX "cookie_consents_user_id_idx" ON "cookie_consents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cookie_policy_versions_version_key" ON "cookie_policy_versions" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "cookie_policy_versions_one_active_key" ON "cookie_policy_versions" USING btree ("is_active") WHERE "cookie_policy_versions"."is_active";--> statement-breakpoint
CREATE INDEX "gdpr_requests_status_due_date_idx" ON "gdpr_requests" USING btree ("status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "gdpr_requests_verification_token_key" ON "gdpr_requests" USING btree ("verification_token");--> statement-breakpoint
CREATE INDEX "gdpr_requests_email_lower_idx" ON "gdpr_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "search_queries_user_id_idx" ON "search_queries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_queries_clicked_result_id_idx" ON "search_queries" USING btree ("clicked_result_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_suggestions_suggestion_key" ON "search_suggestions" USING btree (lower("suggestion") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "searchable_content_search_vector_idx" ON "searchable_content" USING gin ("search_vector") WHERE "searchable_content"."is_published";--> statement-breakpoint
CREATE UNIQUE INDEX "searchable_content_url_key" ON "searchable_content" USING btree ("url");--> statement-breakpoint
CREATE INDEX "feature_flag_usage_flag_id_created_at_idx" ON "feature_flag_usage" USING btree ("flag_id","created_at");--> statement-breakpoint
CREATE INDEX "feature_flag_usage_user_id_idx" ON "feature_flag_usage" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flags_name_key" ON "feature_flags" USING btree ("name");--> statement-breakpoint
CREATE INDEX "error_logs_unresolved_created_at_idx" ON "error_logs" USING btree ("created_at") WHERE not "error_logs"."resolved";--> statement-breakpoint
CREATE INDEX "error_logs_user_id_idx" ON "error_logs" USING btree ("user_id");