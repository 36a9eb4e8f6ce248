/**
 * The originals of uploaded and mailed documents, kept byte for byte for the fiscal retention duty
 * (bewaarplicht, 7 years): in the database (the default: one backup holds everything, and every instance on a
 * shared PostgreSQL sees them), or as files under DATA_DIR (DOCUMENT_STORAGE=disk) for large archives.
 * A document is never changed; it goes only with its owner's account or an unbooked purchase invoice.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { storedDocuments } from "../../db/schema/index";

export type DocumentStorage = "database" | "disk";

export type StoredDocument = {
  id: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
};

export type DocumentStore = {
  /** Keeps the bytes; answers the record. Inside the caller's transaction. */
  put(
    db: Database,
    userId: string,
    file: { fileName: string; mimeType: string; bytes: Uint8Array },
  ): Promise<StoredDocument>;
  /** The record and bytes of the user's document, or null (another user's document is not found either). */
  get(db: Database, userId: string, id: string): Promise<(StoredDocument & { bytes: Buffer }) | null>;
  /** The user's document with these exact bytes, if any. */
  findDuplicate(db: Database, userId: string, sha256: string): Promise<StoredDocument | null>;
  remove(db: Database, userId: string, id: string): Promise<void>;
  /** Every document of the user (account erasure). */
  removeAll(db: Database, userId: string): Promise<void>;
};

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A file name without path parts or control characters, as kept and offered on download. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return clean.slice(0, 200) || "document";
}

const recordColumns = {
  id: storedDocuments.id,
  fileName: storedDocuments.fileName,
  mimeType: storedDocuments.mimeType,
  sizeBytes: storedDocuments.sizeBytes,
  sha256: storedDocuments.sha256,
  storage: storedDocuments.storage,
};

export function createDocumentStore(options: { storage: DocumentStorage; dataDir?: string }): DocumentStore {
  const root = options.dataDir ? join(options.dataDir, "documents") : undefined;
  if (options.storage === "disk" && !root) throw new Error("Opslag op schijf heeft een DATA_DIR nodig");
  const pathOf = (userId: string, id: string) => join(root!, userId, id);

  return {
    async put(db, userId, file) {
      const sha256 = sha256Of(file.bytes);
      const onDisk = options.storage === "disk";
      const [row] = await db
        .insert(storedDocuments)
        .values({
          userId,
          fileName: cleanFileName(file.fileName),
          mimeType: file.mimeType,
          sizeBytes: file.bytes.byteLength,
          sha256,
          storage: options.storage,
          content: onDisk ? null : Buffer.from(file.bytes),
        })
        .returning(recordColumns);
      if (onDisk) {
        await mkdir(join(root!, userId), { recursive: true });
        // Written before the transaction commits: a failed commit leaves an orphan file, never a record without one.
        await writeFile(pathOf(userId, row!.id), file.bytes, { flag: "wx" });
      }
      const { storage: _storage, ...record } = row!;
      return record;
    },

    async get(db, userId, id) {
      const [row] = await db
        .select({ ...recordColumns, content: storedDocuments.content })
        .from(storedDocuments)
        .where(and(eq(storedDocuments.id, id), eq(storedDocuments.userId, userId)));
      if (!row) return null;
      const { storage, content, ...record } = row;
      const bytes = storage === "disk" ? await readFile(pathOf(userId, id)) : content!;
      return { ...record, bytes };
    },

    async findDuplicate(db, userId, sha256) {
      const [row] = await db
        .select(recordColumns)
        .from(storedDocuments)
        .where(and(eq(storedDocuments.userId, userId), eq(storedDocuments.sha256, sha256)))
        .limit(1);
      if (!row) return null;
      const { storage: _storage, ...record } = row;
      return record;
    },

    async remove(db, userId, id) {
      const removed = await db
        .delete(storedDocuments)
        .where(and(eq(storedDocuments.id, id), eq(storedDocuments.userId, userId)))
        .returning({ storage: storedDocuments.storage });
      if (removed[0]?.storage === "disk") await rm(pathOf(userId, id), { force: true });
    },

    async removeAll(db, userId) {
      await db.execute(sql`delete from stored_documents where user_id = ${userId}::uuid`);
      if (root) await rm(join(root, userId), { recursive: true, force: true });
    },
  };
}
