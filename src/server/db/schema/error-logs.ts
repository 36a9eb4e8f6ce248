import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

export const errorLogs = pgTable(
  "error_logs",
  {
    id: id(),
    errorType: text("error_type"),
    errorCode: text("error_code"),
    message: text("message").notNull(),
    stackTrace: text("stack_trace"),
    url: text("url"),
    referrer: text("referrer"),
    sessionId: text("session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    browserInfo: jsonb("browser_info").$type<Record<string, unknown>>(),
    deviceInfo: jsonb("device_info").$type<Record<string, unknown>>(),
    errorContext: jsonb("error_context").$type<Record<string, unknown>>(),
    /** e.g. info, warning, error, critical. */
    severity: text("severity").notNull().default("error"),
    resolved: boolean("resolved").notNull().default(false),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
    tags: text("tags").array(),
    createdAt: createdAt(),
  },
  (table) => [
    // The list of unresolved errors, newest first.
    index("error_logs_unresolved_created_at_idx")
      .on(table.createdAt)
      .where(sql`not ${table.resolved}`),
    // Deleting a user sets this link to NULL without a table scan.
    index("error_logs_user_id_idx").on(table.userId),
  ],
);
