import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";
import { users } from "./users";

// Public-site tables are written by anonymous visitors, so they carry no owner (architecture "Data rules").

export const contactSubmissionStatusEnum = pgEnum("contact_submission_status", [
  "new",
  "in_progress",
  "answered",
  "spam",
]);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    company: text("company"),
    phone: text("phone"),
    inquiryType: text("inquiry_type").notNull().default("general"),
    status: contactSubmissionStatusEnum("status").notNull().default("new"),
    source: text("source").notNull().default("website"),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    submissionTime: timestamp("submission_time", { withTimezone: true }).notNull().defaultNow(),
    responseTime: timestamp("response_time", { withTimezone: true }),
  },
  (table) => [
    // The support inbox lists submissions by status, newest first.
    index("contact_submissions_status_submission_time_idx").on(table.status, table.submissionTime),
  ],
);

export const newsletterStatusEnum = pgEnum("newsletter_status", ["pending", "confirmed", "unsubscribed"]);

export const newsletterSignups = pgTable(
  "newsletter_signups",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    interests: text("interests").array(),
    gdprConsent: boolean("gdpr_consent").notNull().default(false),
    /** Whether this signup must confirm by e-mail before it receives mail. */
    doubleOptIn: boolean("double_opt_in").notNull().default(true),
    /** SHA-256 of the token in the confirmation link, like sessions.sid: a copy of this table confirms nothing. */
    confirmationToken: text("confirmation_token"),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    status: newsletterStatusEnum("status").notNull().default("pending"),
    source: text("source"),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    // AVG art. 7(1): we must be able to show when consent was given.
    ...timestamps(),
  },
  (table) => [
    // One signup per address, case-insensitively; also finds the signup on a repeat or unsubscribe.
    uniqueIndex("newsletter_signups_email_lower_key").on(sql`lower(${table.email})`),
    // The confirmation link looks the signup up by its token.
    uniqueIndex("newsletter_signups_confirmation_token_key").on(table.confirmationToken),
  ],
);

export const signupLeadStatusEnum = pgEnum("signup_lead_status", ["lead", "trial", "converted", "lost"]);

export const DEFAULT_TRIAL_DAYS = 14;

export const signupLeads = pgTable(
  "signup_leads",
  {
    id: id(),
    // Unknown while the lead is only a visit to /aanmelden from a campaign; filled in when it converts.
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    companyName: text("company_name"),
    phone: text("phone"),
    planType: text("plan_type").notNull().default("trial"),
    trialDays: integer("trial_days").notNull().default(DEFAULT_TRIAL_DAYS),
    source: text("source"),
    referrer: text("referrer"),
    utmCampaign: text("utm_campaign"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    status: signupLeadStatusEnum("status").notNull().default("lead"),
    // Deleting the account keeps the lead (marketing statistics) and drops the link.
    convertedUserId: uuid("converted_user_id").references(() => users.id, { onDelete: "set null" }),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    followUpDate: date("follow_up_date", { mode: "string" }),
    notes: text("notes"),
    ...timestamps(),
  },
  (table) => [
    // Registration marks the visitor's lead as converted, found by e-mail case-insensitively.
    index("signup_leads_email_lower_idx").on(sql`lower(${table.email})`),
    // Deleting a user sets this link to NULL without a table scan.
    index("signup_leads_converted_user_id_idx").on(table.convertedUserId),
  ],
);

export const formSecurityLogs = pgTable(
  "form_security_logs",
  {
    id: id(),
    formType: text("form_type").notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent"),
    honeypotTriggered: boolean("honeypot_triggered").notNull().default(false),
    submissionTooFast: boolean("submission_too_fast").notNull().default(false),
    rateLimitHit: boolean("rate_limit_hit").notNull().default(false),
    suspiciousPatterns: text("suspicious_patterns").array(),
    blocked: boolean("blocked").notNull().default(false),
    submittedData: jsonb("submitted_data").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    // Counting one address's recent attempts (rate limit, repeat offenders).
    index("form_security_logs_ip_address_created_at_idx").on(table.ipAddress, table.createdAt),
  ],
);
