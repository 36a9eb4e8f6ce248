import { index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id } from "./columns";
import { users } from "./users";

/** Where a document's bytes are: in this row, a file under DATA_DIR, or an S3 object (documents/store.ts). */
export const documentStorageEnum = pgEnum("document_storage", ["database", "disk", "s3"]);

/**
 * An uploaded or mailed original (a receipt photo, a supplier's PDF or e-invoice), kept byte for byte: the
 * fiscal retention duty (bewaarplicht, 7 years) asks for the original, so there is no update path.
 */
export const storedDocuments = pgTable(
  "stored_documents",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** The type detected from the bytes (application/pdf, image/jpeg, …), not the one the browser claimed. */
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** SHA-256 of the bytes: proves the original is unchanged, and finds a file uploaded twice. */
    sha256: text("sha256").notNull(),
    storage: documentStorageEnum("storage").notNull(),
    /** The bytes when stored in the database. */
    content: bytea("content"),
    createdAt: createdAt(),
  },
  (table) => [index("stored_documents_user_id_sha256_idx").on(table.userId, table.sha256)],
);

export type StoredDocumentRow = typeof storedDocuments.$inferSelect;
