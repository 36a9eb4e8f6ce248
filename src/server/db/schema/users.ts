import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
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
    isDemo: boolean("is_demo").notNull().default(false),
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

export type SessionData = { createdAt: string; userAgent?: string };
