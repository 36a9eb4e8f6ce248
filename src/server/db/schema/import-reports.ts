import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ImportReportError } from "../../../shared/schemas/imports";
import { createdAt, id } from "./columns";
import { users } from "./users";

/**
 * The outcome of an import that did not fully succeed: a refused file or rows left out. Kept so the bell can
 * announce it until the user has read it, even after the import dialog was closed (decisions.md: failed imports).
 */
export const importReports = pgTable(
  "import_reports",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Which import: the transactions CSV or a bank statement file. */
    source: text("source", { enum: ["transactions", "bank"] }).notNull(),
    fileName: text("file_name"),
    /** The whole file was refused (unreadable, empty, too large); otherwise `failed` rows were left out. */
    refused: boolean("refused").notNull(),
    imported: integer("imported").notNull(),
    failed: integer("failed").notNull(),
    /**
     * The rows left out, as the import answered them, or (one entry, `row` null) why the file was refused.
     * Migration 0047 turned the earlier 'Rij {n}: {error}' strings into these.
     */
    messages: jsonb("messages").$type<ImportReportError[]>().notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [index("import_reports_user_created_idx").on(table.userId, table.createdAt)],
);
