import { boolean, index, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { id, timestamps } from "./columns";
import { projects } from "./projects";
import { users } from "./users";

export const timeEntries = pgTable(
  "time_entries",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Deleting a project or client keeps the hours and drops the link.
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    description: text("description"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }),
    /** Whole minutes (spec §9). */
    duration: integer("duration"),
    hourlyRate: numeric("hourly_rate", { precision: 10, scale: 2 }),
    isBillable: boolean("is_billable").notNull().default(true),
    isInvoiced: boolean("is_invoiced").notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    // Listing recent entries and summing billable hours per period (dashboard, reports).
    index("time_entries_user_id_start_time_idx").on(table.userId, table.startTime),
    // Deleting a project sets this link to NULL without a table scan.
    index("time_entries_project_id_idx").on(table.projectId),
    // Deleting a client sets this link to NULL without a table scan.
    index("time_entries_client_id_idx").on(table.clientId),
  ],
);
