import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CONSENT_POLICY_VERSION, type CookieDescriptor } from "../../../shared/consent";
import { createdAt, id, timestamps } from "./columns";
import { users } from "./users";

// Cookie consent is proof under AVG art. 7(1) and the Telecommunicatiewet art. 11.7a: records outlive the
// account, so links to users are set to NULL on deletion rather than cascading.

export const consentMethodEnum = pgEnum("consent_method", ["banner", "settings"]);

export const CURRENT_POLICY_VERSION = CONSENT_POLICY_VERSION;
export type { CookieDescriptor };

export const cookieConsents = pgTable(
  "cookie_consents",
  {
    id: id(),
    /** The visitor's locally generated session id (spec §9); consent is looked up by it. */
    sessionId: text("session_id").notNull(),
    /**
     * SHA-256 of the browser's consent key cookie: only that browser reads or changes this record. Null for
     * records made before the cookie existed; the next change binds them.
     */
    browserKeyHash: text("browser_key_hash"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    essential: boolean("essential").notNull().default(true),
    functional: boolean("functional").notNull().default(false),
    analytics: boolean("analytics").notNull().default(false),
    marketing: boolean("marketing").notNull().default(false),
    consentMethod: consentMethodEnum("consent_method").notNull(),
    policyVersion: text("policy_version").notNull().default(CURRENT_POLICY_VERSION),
    browserFingerprint: text("browser_fingerprint"),
    geolocation: text("geolocation"),
    // Not in spec §3's list, but sent by the client and returned by GET /api/consent (spec §3, §7).
    userAgent: text("user_agent"),
    pageUrl: text("page_url"),
    consentGivenAt: timestamp("consent_given_at", { withTimezone: true }).notNull().defaultNow(),
    consentUpdatedAt: timestamp("consent_updated_at", { withTimezone: true }),
    consentWithdrawnAt: timestamp("consent_withdrawn_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
  },
  (table) => [
    // GET /api/consent?sessionId= reads the session's current consent; a session has at most one per browser.
    uniqueIndex("cookie_consents_session_id_browser_active_key")
      .on(table.sessionId, table.browserKeyHash)
      .where(sql`${table.isActive}`),
    // A user's consent records (data export), and the SET NULL when the user is deleted.
    index("cookie_consents_user_id_idx").on(table.userId),
  ],
);

export const cookieAuditLogs = pgTable(
  "cookie_audit_logs",
  {
    id: id(),
    consentId: uuid("consent_id").references(() => cookieConsents.id, { onDelete: "set null" }),
    sessionId: text("session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    /** What happened, e.g. granted, updated, withdrawn. */
    action: text("action").notNull(),
    categoryChanged: text("category_changed"),
    previousValue: boolean("previous_value"),
    newValue: boolean("new_value"),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    pageUrl: text("page_url"),
    consentInterface: text("consent_interface"),
    legalBasis: text("legal_basis").notNull().default("consent"),
    processingPurpose: text("processing_purpose"),
    dataRetentionPeriod: text("data_retention_period"),
    thirdPartySharing: boolean("third_party_sharing").notNull().default(false),
    geolocation: text("geolocation"),
    createdAt: createdAt(),
  },
  (table) => [
    // The history of one consent record, and the SET NULL when it is deleted.
    index("cookie_audit_logs_consent_id_idx").on(table.consentId),
    // A visitor's consent history by session, in order.
    index("cookie_audit_logs_session_id_created_at_idx").on(table.sessionId, table.createdAt),
    // A user's consent history (data export), and the SET NULL when the user is deleted.
    index("cookie_audit_logs_user_id_idx").on(table.userId),
  ],
);

export const cookiePolicyVersions = pgTable(
  "cookie_policy_versions",
  {
    id: id(),
    version: text("version").notNull(),
    effectiveDate: date("effective_date", { mode: "string" }),
    description: text("description"),
    policyContent: text("policy_content"),
    cookieInventory: jsonb("cookie_inventory").$type<CookieDescriptor[]>(),
    // A new version is not in force until it is approved and activated.
    isActive: boolean("is_active").notNull().default(false),
    createdBy: text("created_by"),
    approvedBy: text("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // Finds a policy by the version a consent record cites.
    uniqueIndex("cookie_policy_versions_version_key").on(table.version),
    // At most one version is in force; also finds it.
    uniqueIndex("cookie_policy_versions_one_active_key")
      .on(table.isActive)
      .where(sql`${table.isActive}`),
  ],
);

export const gdprRequestStatusEnum = pgEnum("gdpr_request_status", [
  "pending",
  "in_progress",
  "completed",
  "rejected",
]);

export const gdprRequests = pgTable(
  "gdpr_requests",
  {
    id: id(),
    email: text("email").notNull(),
    /** The data subject right invoked (AVG art. 15-21), e.g. access, erasure, portability. */
    requestType: text("request_type").notNull(),
    status: gdprRequestStatusEnum("status").notNull().default("pending"),
    requestDetails: jsonb("request_details").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    identityVerified: boolean("identity_verified").notNull().default(false),
    verificationMethod: text("verification_method"),
    /** SHA-256 of the token in the verification link, like sessions.sid; cleared when the link is used. */
    verificationToken: text("verification_token"),
    /** The link works until then (24 hours after the request). */
    verificationExpiresAt: timestamp("verification_expires_at", { withTimezone: true }),
    /**
     * The account that held the address when the request was made (null: none did). The link acts on this
     * account only, and only while it still has that address. Not a foreign key: the request is the record of
     * how it was handled and outlives the account, and a link whose account is gone must stay refused rather
     * than fall back to whoever holds the address now.
     */
    userId: uuid("user_id"),
    processedBy: text("processed_by"),
    processingNotes: text("processing_notes"),
    responseData: jsonb("response_data").$type<Record<string, unknown>>(),
    legalBasis: text("legal_basis"),
    // AVG art. 12(3): answered within one month of receipt.
    dueDate: date("due_date", { mode: "string" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // The open-requests queue, ordered by deadline.
    index("gdpr_requests_status_due_date_idx").on(table.status, table.dueDate),
    // The verification link looks the request up by its token.
    uniqueIndex("gdpr_requests_verification_token_key").on(table.verificationToken),
    // All requests of one data subject, case-insensitively.
    index("gdpr_requests_email_lower_idx").on(sql`lower(${table.email})`),
  ],
);
