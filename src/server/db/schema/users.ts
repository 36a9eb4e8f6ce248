import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email"),
    /** argon2id hash (PHC string); the spec's "password" field, never stored in the clear. */
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    companyName: text("company_name"),
    /** When the owner proved they read mail at `email` (a link, or a password reset); cleared when it changes. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * Two-factor sign-in (TOTP, RFC 6238): the shared secret (base32), set when set-up starts and in force from
     * totpEnabledAt; totpLastStep is the last 30-second step a code was accepted for, so no code works twice.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpLastStep: integer("totp_last_step"),
    /** When the account agreed to the terms and privacy policy at sign-up, and which versions (legal-versions.ts). */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    termsVersion: text("terms_version"),
    privacyVersion: text("privacy_version"),
    isDemo: boolean("is_demo").notNull().default(false),
    /**
     * An operator of Balans (the back office under /beheer), made from the command line only: it signs in there,
     * never in the customer app, and a customer never reaches the back office (plugins/session.ts).
     */
    isOperator: boolean("is_operator").notNull().default(false),
    demoExpiresAt: timestamp("demo_expires_at", { withTimezone: true }),
    /**
     * Set when the owner had their data erased (AVG art. 17) while fiscal records had to be kept: the account
     * can no longer be used and holds only what the retention duty requires, until retainedUntil.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /** The last day the restricted records must be kept (AWR art. 52: seven years after the last fiscal year). */
    retainedUntil: date("retained_until", { mode: "string" }),
    ...timestamps(),
  },
  (table) => [
    // Sign-in looks users up by username, case-insensitively; also makes usernames unique that way.
    uniqueIndex("users_username_lower_key").on(sql`lower(${table.username})`),
    // One account per e-mail address, case-insensitively.
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`),
    // The demo clean-up job finds expired demo accounts.
    index("users_demo_expires_at_idx")
      .on(table.demoExpiresAt)
      .where(sql`${table.isDemo}`),
    // The retention job finds restricted accounts whose retention period has ended.
    index("users_retained_until_idx")
      .on(table.retainedUntil)
      .where(sql`${table.erasedAt} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token: a copy of this table cannot be used to sign in. */
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").$type<SessionData>().notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    // The clean-up job deletes expired sessions.
    index("sessions_expire_idx").on(table.expire),
    // Signing a user out everywhere (password change, account deletion).
    index("sessions_user_id_idx").on(table.userId),
  ],
);

export type SessionData = {
  createdAt: string;
  userAgent?: string;
  /** The administration (its owner's user id) a member chose to work in; absent means their own. */
  activeOwnerId?: string;
};

/**
 * Links mailed to an account's owner: resetting a forgotten password, confirming the e-mail address. Each is bound
 * to its account and to the address it was mailed to (a changed address voids it), holds only a SHA-256 of its
 * token, expires, and works once.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password_reset", "email_verification"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A link is looked up by its token.
    uniqueIndex("account_links_token_hash_key").on(table.tokenHash),
    // A new link voids the account's earlier ones of the same purpose.
    index("account_links_user_id_purpose_idx").on(table.userId, table.purpose),
  ],
);

/** The one-time recovery codes of two-factor sign-in, for when the phone is lost: SHA-256 only, each once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);
