/**
 * The originals of uploaded and mailed documents, kept byte for byte for the fiscal retention duty
 * (bewaarplicht, 7 years): in the database (the default: one backup holds everything, and every instance on a
 * shared PostgreSQL sees them), as files under DATA_DIR (DOCUMENT_STORAGE=disk), or in an S3-compatible bucket
 * (DOCUMENT_STORAGE=s3). Each record says where its bytes are, so changing the setting keeps older originals
 * readable. A document is never changed; it goes only with its owner's account or an unbooked purchase invoice.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { isUuid } from "@shared/validation";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { storedDocuments } from "../../db/schema/index";
import { diskBackend, s3Backend, type ObjectBackend, type S3Settings } from "./backends";

export type DocumentStorage = "database" | "disk" | "s3";

export type DocumentStoreOptions = {
  storage: DocumentStorage;
  dataDir?: string;
  s3?: S3Settings;
};

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
  /**
   * Files and objects whose record is gone (an erased account, a commit that failed after the write), written
   * before `writtenBefore` so that a document still being saved is never taken. Answers how many went.
   */
  removeOrphans(db: Database, writtenBefore: Date): Promise<number>;
};

/**
 * Deletes document records in the caller's transaction (erasure of unbooked purchase invoices). Bytes kept on
 * disk or in a bucket have no record left then, and removeOrphans takes them.
 */
export async function forgetDocuments(db: Database, userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(storedDocuments)
    .where(and(eq(storedDocuments.userId, userId), inArray(storedDocuments.id, [...ids])));
}

/** The bytes no longer match the SHA-256 taken when they were kept: the original was altered or damaged. */
export class DamagedDocumentError extends AppError {
  constructor(id: string) {
    super(
      500,
      "Het origineel van dit document is beschadigd: de inhoud klopt niet meer met het bestand zoals het is bewaard. Neem contact op met support.",
      { cause: new Error(`stored document ${id}: SHA-256 of the bytes differs from the recorded one`) },
    );
  }
}

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

/** Opens the store with every backend this configuration can reach (disk when there is a DATA_DIR). */
export async function openDocumentStore(options: DocumentStoreOptions): Promise<DocumentStore> {
  if (options.storage === "disk" && !options.dataDir)
    throw new Error("Opslag op schijf heeft een DATA_DIR nodig");
  if (options.storage === "s3" && !options.s3) throw new Error("Opslag in S3 heeft een S3_BUCKET nodig");
  return createDocumentStore(options.storage, {
    disk: options.dataDir ? diskBackend(join(options.dataDir, "documents")) : undefined,
    s3: options.s3 ? await s3Backend(options.s3) : undefined,
  });
}

export function createDocumentStore(
  storage: DocumentStorage,
  backends: Partial<Record<Exclude<DocumentStorage, "database">, ObjectBackend>>,
): DocumentStore {
  const backendOf = (kind: Exclude<DocumentStorage, "database">) => {
    const backend = backends[kind];
    if (!backend)
      throw new Error(`Originelen in opslag '${kind}' zijn met deze configuratie niet bereikbaar`);
    return backend;
  };
  const keyOf = (userId: string, id: string) => `${userId}/${id}`;
  // The backends this configuration reaches (no bucket, or no DATA_DIR, leaves one out).
  const reachable = Object.values(backends).filter((backend) => backend !== undefined);

  return {
    async put(db, userId, file) {
      const sha256 = sha256Of(file.bytes);
      const [row] = await db
        .insert(storedDocuments)
        .values({
          userId,
          fileName: cleanFileName(file.fileName),
          mimeType: file.mimeType,
          sizeBytes: file.bytes.byteLength,
          sha256,
          storage,
          content: storage === "database" ? Buffer.from(file.bytes) : null,
        })
        .returning(recordColumns);
      // Written before the transaction commits: a failed commit leaves an orphan (removeOrphans takes it),
      // never a record without its original.
      if (storage !== "database")
        await backendOf(storage).write(keyOf(userId, row!.id), file.bytes, file.mimeType);
      const { storage: _storage, ...record } = row!;
      return record;
    },

    async get(db, userId, id) {
      const [row] = await db
        .select({ ...recordColumns, content: storedDocuments.content })
        .from(storedDocuments)
        .where(and(eq(storedDocuments.id, id), eq(storedDocuments.userId, userId)));
      if (!row) return null;
      const { storage: kept, content, ...record } = row;
      const bytes = kept === "database" ? content! : await backendOf(kept).read(keyOf(userId, id));
      if (sha256Of(bytes) !== record.sha256) throw new DamagedDocumentError(id);
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
      const kept = removed[0]?.storage;
      if (kept && kept !== "database") await backendOf(kept).remove([keyOf(userId, id)]);
    },

    async removeAll(db, userId) {
      await db.execute(sql`delete from stored_documents where user_id = ${userId}::uuid`);
      for (const backend of reachable) {
        const keys: string[] = [];
        for await (const object of backend.list(`${userId}/`)) keys.push(object.key);
        await backend.remove(keys);
      }
    },

    async removeOrphans(db, writtenBefore) {
      let removed = 0;
      for (const backend of reachable) {
        const candidates: string[] = [];
        for await (const object of backend.list()) {
          if (object.writtenAt < writtenBefore) candidates.push(object.key);
        }
        for (let start = 0; start < candidates.length; start += 500) {
          const batch = candidates.slice(start, start + 500);
          const ids = batch.map((key) => key.split("/")[1] ?? "").filter(isUuid);
          const kept = ids.length
            ? await db
                .select({ userId: storedDocuments.userId, id: storedDocuments.id })
                .from(storedDocuments)
                .where(inArray(storedDocuments.id, ids))
            : [];
          const keptKeys = new Set(kept.map((row) => keyOf(row.userId, row.id)));
          const orphans = batch.filter((key) => !keptKeys.has(key));
          await backend.remove(orphans);
          removed += orphans.length;
        }
      }
      return removed;
    },
  };
}
