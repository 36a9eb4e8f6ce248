import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { projects } from "./projects";
import { users } from "./users";

/**
 * The timer of the Uren screen, kept on the server so that a reload, a second tab or a second device shows the
 * same timer. At most one per user: the user id is the primary key, so a second start cannot slip in.
 * Worked time = (end − startedAt) − pausedMilliseconds − (end − pausedAt, while paused).
 */
export const runningTimers = pgTable(
  "running_timers",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    // Deleting the project while the timer runs keeps the timer; the entry is then saved without a project.
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Set while paused: the moment Pauze was pressed. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** The total of the pauses that have ended (Hervat), in milliseconds. */
    pausedMilliseconds: bigint("paused_milliseconds", { mode: "number" }).notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    // Deleting a project sets this link to NULL without a table scan.
    index("running_timers_project_id_idx").on(table.projectId),
  ],
);
