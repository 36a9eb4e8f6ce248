/**
 * Every table that holds something of a person — a user_id, an e-mail address or a mail recipient — and what a
 * privacy request does with it. personal-data-tables.test.ts reads the database's own list of such columns and
 * fails when a table is missing here, so a new feature's table cannot be forgotten by erasure and access.
 *
 * - account: exported with the account (exportUserData); deleted on erasure, or emptied of personal details
 *   when fiscal records must be kept.
 * - fiscal: exported; kept, restricted, for the retention period (AWR art. 52), then deleted by the retention job.
 * - address: found by e-mail address, for people with or without an account; exported and deleted by address.
 * - unlinked: kept as proof or statistics, no longer linked to the person on erasure.
 * - request: the privacy request itself, kept as the record of having answered it (AVG art. 5(2)).
 */
export type Handling = "account" | "fiscal" | "address" | "unlinked" | "request";

export const PERSONAL_DATA_TABLES: Record<string, Handling> = {
  users: "account",
  sessions: "account",
  account_links: "account",
  recovery_codes: "account",
  api_tokens: "account",
  // Invitations by address, memberships on either side and their access log (administrations/service.ts).
  administration_members: "address",
  user_preferences: "account",
  clients: "account",
  projects: "account",
  time_entries: "account",
  running_timers: "account",
  recurring_invoices: "account",
  recurring_invoice_runs: "account",
  import_reports: "account",
  invoice_time_entries: "account",
  // Offers, not fiscal records: an erased account keeps none.
  quotes: "account",
  quote_items: "account",
  quote_number_counters: "account",
  purchase_inboxes: "account",
  reminder_settings: "account",
  reminder_pauses: "account",
  reminder_failures: "account",
  invoice_styles: "account",
  mail_templates: "account",
  // The user's own Mollie API key: nothing to keep once the account closes.
  payment_provider_accounts: "account",
  // The customer's subscription to Balans; Balans's invoices for it are the billing administration's records.
  billing_accounts: "account",
  billing_payments: "account",
  billing_notices: "account",
  company_profiles: "fiscal",
  invoices: "fiscal",
  invoice_items: "fiscal",
  invoice_payments: "fiscal",
  payment_links: "fiscal",
  payment_link_refunds: "fiscal",
  invoice_reminders: "fiscal",
  invoice_series: "fiscal",
  invoice_number_counters: "fiscal",
  transactions: "fiscal",
  categories: "fiscal",
  bank_accounts: "fiscal",
  bank_statements: "fiscal",
  bank_statement_lines: "fiscal",
  bank_rules: "fiscal",
  ledger_accounts: "fiscal",
  journal_lines: "fiscal",
  journal_month_totals: "fiscal",
  vat_return_filings: "fiscal",
  vat_return_corrections: "fiscal",
  year_closings: "fiscal",
  year_closing_events: "fiscal",
  purchase_invoices: "fiscal",
  purchase_invoice_lines: "fiscal",
  purchase_invoice_payments: "fiscal",
  memorial_entries: "fiscal",
  memorial_lines: "fiscal",
  memorial_number_counters: "fiscal",
  fixed_assets: "fiscal",
  stored_documents: "fiscal",
  outbox_messages: "address",
  contact_submissions: "address",
  newsletter_signups: "address",
  signup_leads: "address",
  cookie_consents: "unlinked",
  cookie_audit_logs: "unlinked",
  search_queries: "unlinked",
  error_logs: "unlinked",
  feature_flag_usage: "unlinked",
  gdpr_requests: "request",
};
