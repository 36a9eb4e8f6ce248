import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns";
import { users } from "./users";

export const featureFlags = pgTable(
  "feature_flags",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    isEnabled: boolean("is_enabled").notNull().default(false),
    environment: text("environment").notNull().default("production"),
    /** Share of sessions (0-100) that get the flag. */
    rolloutPercentage: integer("rollout_percentage").notNull().default(0),
    conditions: jsonb("conditions").$type<Record<string, unknown>>(),
    variants: jsonb("variants").$type<Record<string, unknown>>(),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    createdBy: text("created_by"),
    category: text("category").notNull().default("general"),
    tags: text("tags").array(),
    isArchived: boolean("is_archived").notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    // Flags are looked up by name.
    uniqueIndex("feature_flags_name_key").on(table.name),
  ],
);

export const featureFlagUsage = pgTable(
  "feature_flag_usage",
  {
    id: id(),
    flagId: uuid("flag_id")
      .notNull()
      .references(() => featureFlags.id, { onDelete: "cascade" }),
    sessionId: text("session_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    variant: text("variant"),
    enabled: boolean("enabled").notNull(),
    context: jsonb("context").$type<Record<string, unknown>>(),
    environment: text("environment"),
    createdAt: createdAt(),
  },
  (table) => [
    // A flag's usage over time, and the cascade when the flag is deleted.
    index("feature_flag_usage_flag_id_created_at_idx").on(table.flagId, table.createdAt),
    // Deleting a user sets this link to NULL without a table scan.
    index("feature_flag_usage_user_id_idx").on(table.userId),
  ],
);
