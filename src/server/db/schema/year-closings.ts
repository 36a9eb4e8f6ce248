import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id } from "./columns";
import { users } from "./users";

/**
 * Jaarafsluiting: a closed year's result moved to equity and its books locked. Reopening is an explicit step;
 * the row goes, and the log below keeps both.
 */
export const yearClosings = pgTable(
  "year_closings",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("year_closings_user_id_year_key").on(table.userId, table.year)],
);

export const yearClosingActionEnum = pgEnum("year_closing_action", ["closed", "reopened"]);

/** Every closing and reopening of a year, with the reason given for a reopening. */
export const yearClosingEvents = pgTable(
  "year_closing_events",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    action: yearClosingActionEnum("action").notNull(),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("year_closing_events_user_id_idx").on(table.userId, table.year)],
);
