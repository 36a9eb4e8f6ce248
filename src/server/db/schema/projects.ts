import { index, numeric, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { id, timestamps } from "./columns";
import { users } from "./users";

export const projectStatusEnum = pgEnum("project_status", ["active", "archived"]);

export const projects = pgTable(
  "projects",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Deleting a client keeps its projects and drops the link (spec §2.16).
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description"),
    hourlyRate: numeric("hourly_rate", { precision: 10, scale: 2 }),
    status: projectStatusEnum("status").notNull().default("active"),
    ...timestamps(),
  },
  (table) => [
    // Listing a user's projects.
    index("projects_user_id_created_at_idx").on(table.userId, table.createdAt),
    // Deleting a client sets this link to NULL without a table scan.
    index("projects_client_id_idx").on(table.clientId),
  ],
);
