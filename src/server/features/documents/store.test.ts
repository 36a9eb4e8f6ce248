import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../../tests/app";
import { createTestDatabase } from "../../../../tests/database";
import { createUser } from "../../../../tests/factories";
import type { DatabaseHandle } from "../../db/client";
import { storedDocuments } from "../../db/schema/index";
import { loadConfig } from "../../config";
import { jobsFor } from "../../jobs/index";
import type { S3Settings } from "./backends";
import {
  cleanFileName,
  DamagedDocumentError,
  openDocumentStore,
  sha256Of,
  type DocumentStorage,
} from "./store";

let database: DatabaseHandle;
let dataDir: string;
let bucketDir: string;
let s3server: S3rver;
let s3: S3Settings;

// A real S3 API in this process (s3rver keeps its objects in a directory), reached through the AWS SDK.
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "balans-documents-"));
  bucketDir = await mkdtemp(join(tmpdir(), "balans-bucket-"));
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: "balans-originelen", configs: [] }],
  });
  const { port } = await s3server.run();
  s3 = {
    bucket: "balans-originelen",
    endpoint: `http://127.0.0.1:${port}`,
    region: "eu-west-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await database.close();
  await s3server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(bucketDir, { recursive: true, force: true });
});

const bytes = Buffer.from("%PDF-1.7\nhet origineel\n");
const storeFor = (storage: DocumentStorage) => openDocumentStore({ storage, dataDir, s3 });
/** Where the bytes of a kept document are outside the database, or null when they are in it. */
const outsideCopy = (storage: DocumentStorage, key: string) =>
  storage === "disk"
    ? join(dataDir, "documents", key)
    : storage === "s3"
      ? join(bucketDir, s3.bucket, `${key}._S3rver_object`)
      : null;

describe.each(["database", "disk", "s3"] as const)("documents kept in the %s", (storage) => {
  it("gives back the original byte for byte, only to its owner, and removes it", async () => {
    const store = await storeFor(storage);
    const owner = await createUser(database.db);
    const other = await createUser(database.db);
    const kept = await store.put(database.db, owner.id, {
      fileName: "../../etc/Factuur 12.pdf",
      mimeType: "application/pdf",
      bytes,
    });
    expect(kept).toMatchObject({
      fileName: "Factuur 12.pdf",
      sizeBytes: bytes.length,
      sha256: sha256Of(bytes),
    });
    const copy = outsideCopy(storage, `${owner.id}/${kept.id}`);
    if (copy) expect(readFileSync(copy).equals(bytes)).toBe(true);

    expect((await store.get(database.db, owner.id, kept.id))?.bytes.equals(bytes)).toBe(true);
    expect(await store.get(database.db, other.id, kept.id)).toBeNull();
    expect((await store.findDuplicate(database.db, owner.id, sha256Of(bytes)))?.id).toBe(kept.id);
    expect(await store.findDuplicate(database.db, other.id, sha256Of(bytes))).toBeNull();

    await store.remove(database.db, other.id, kept.id);
    expect(await store.get(database.db, owner.id, kept.id)).not.toBeNull();
    await store.remove(database.db, owner.id, kept.id);
    expect(await store.get(database.db, owner.id, kept.id)).toBeNull();
    if (copy) expect(existsSync(copy)).toBe(false);

    const again = await store.put(database.db, owner.id, {
      fileName: "bon.pdf",
      mimeType: "application/pdf",
      bytes,
    });
    const againCopy = outsideCopy(storage, `${owner.id}/${again.id}`);
    await store.removeAll(database.db, owner.id);
    expect(await store.get(database.db, owner.id, again.id)).toBeNull();
    if (againCopy) expect(existsSync(againCopy)).toBe(false);
  });

  it("notices an original altered after it was kept", async () => {
    const store = await storeFor(storage);
    const owner = await createUser(database.db);
    const kept = await store.put(database.db, owner.id, {
      fileName: "bon.pdf",
      mimeType: "application/pdf",
      bytes: Buffer.from(`%PDF-1.7\n${storage} ${owner.id}\n`),
    });
    const copy = outsideCopy(storage, `${owner.id}/${kept.id}`);
    if (copy) writeFileSync(copy, "%PDF-1.7\nvervalst\n");
    else
      await database.db.execute(
        `update stored_documents set content = convert_to('vervalst', 'UTF8') where id = '${kept.id}'`,
      );
    await expect(store.get(database.db, owner.id, kept.id)).rejects.toThrow(DamagedDocumentError);
  });
});

describe("originals whose record is gone", () => {
  it.each(["disk", "s3"] as const)(
    "leave the %s with an erased account, not while a document is being saved",
    async (storage) => {
      const store = await storeFor(storage);
      const erased = await createUser(database.db);
      const staying = await createUser(database.db);
      const gone = await store.put(database.db, erased.id, {
        fileName: "bon.pdf",
        mimeType: "application/pdf",
        bytes: Buffer.from(`weg ${storage}`),
      });
      const kept = await store.put(database.db, staying.id, {
        fileName: "bon.pdf",
        mimeType: "application/pdf",
        bytes: Buffer.from(`blijft ${storage}`),
      });
      // The account goes in one delete (the records cascade); the files are not the database's to remove.
      await database.db.execute(`delete from users where id = '${erased.id}'`);
      const goneCopy = outsideCopy(storage, `${erased.id}/${gone.id}`)!;
      expect(existsSync(goneCopy)).toBe(true);

      const justNow = new Date(Date.now() - 60_000);
      expect(await store.removeOrphans(database.db, justNow)).toBe(0);
      expect(existsSync(goneCopy)).toBe(true);

      const later = new Date(Date.now() + 60_000);
      expect(await store.removeOrphans(database.db, later)).toBeGreaterThanOrEqual(1);
      expect(existsSync(goneCopy)).toBe(false);
      expect((await store.get(database.db, staying.id, kept.id))?.bytes.toString()).toBe(`blijft ${storage}`);
    },
  );

  it("are looked for only where this configuration keeps originals (no bucket: DATA_DIR alone)", async () => {
    const store = await openDocumentStore({ storage: "database", dataDir });
    const owner = await createUser(database.db);
    await store.put(database.db, owner.id, { fileName: "bon.pdf", mimeType: "application/pdf", bytes });
    await expect(store.removeOrphans(database.db, new Date())).resolves.toBeGreaterThanOrEqual(0);
    await store.removeAll(database.db, owner.id);
    const withoutDisk = await openDocumentStore({ storage: "database" });
    await expect(withoutDisk.removeOrphans(database.db, new Date())).resolves.toBe(0);
  });

  it("are removed by the daily job, an hour after they were written", async () => {
    const store = await storeFor("disk");
    const owner = await createUser(database.db);
    const orphan = join(dataDir, "documents", owner.id, "00000000-0000-4000-8000-000000000000");
    await mkdir(join(orphan, ".."), { recursive: true });
    writeFileSync(orphan, "zonder record");
    const job = jobsFor(database.kind, { documentStore: store }).find(
      (candidate) => candidate.name === "remove-orphaned-documents",
    )!;
    await job.run(database.db, new Date());
    expect(existsSync(orphan)).toBe(true);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    await job.run(database.db, new Date());
    expect(existsSync(orphan)).toBe(false);
  });
});

describe("a purchase invoice with its original in the bucket", () => {
  it("is uploaded, read, downloaded byte for byte and deleted with its object", async () => {
    const t = await buildTestApp({}, { documents: { storage: "s3", dataDir, s3 } });
    try {
      const owner = await t.signIn();
      const invoice = readFileSync(
        new URL("../purchase-invoices/reading/fixtures/xml/peppol-nl-21-9.xml", import.meta.url),
      );
      const uploaded = await owner.request({
        method: "POST",
        url: "/api/purchase-invoices/documents?name=jansen.xml",
        headers: { "content-type": "application/octet-stream" },
        payload: invoice,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(202);
      await t.app.readingQueue.idle();
      const { id } = uploaded.json();
      const detail = (await owner.request({ method: "GET", url: `/api/purchase-invoices/${id}` })).json();
      expect(detail).toMatchObject({ status: "review", total: "175.50" });

      const [row] = await t.database.db
        .select({
          id: storedDocuments.id,
          storage: storedDocuments.storage,
          content: storedDocuments.content,
        })
        .from(storedDocuments)
        .where(eq(storedDocuments.userId, owner.user.id));
      expect(row).toMatchObject({ storage: "s3", content: null });
      const object = outsideCopy("s3", `${owner.user.id}/${row!.id}`)!;
      expect(readFileSync(object).equals(invoice)).toBe(true);

      const download = await owner.request({ method: "GET", url: `/api/purchase-invoices/${id}/document` });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(invoice)).toBe(true);

      expect(
        (await owner.request({ method: "DELETE", url: `/api/purchase-invoices/${id}` })).statusCode,
      ).toBe(204);
      expect(existsSync(object)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe("the storage setting", () => {
  it("asks for a bucket with s3, and both keys or neither", () => {
    expect(() => loadConfig({ DOCUMENT_STORAGE: "s3", SESSION_SECRET: "x".repeat(32) })).toThrow(
      "S3_BUCKET: nodig bij DOCUMENT_STORAGE=s3",
    );
    expect(() =>
      loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id", SESSION_SECRET: "x".repeat(32) }),
    ).toThrow("geef ze allebei of geen van beide");
    const config = loadConfig({
      DOCUMENT_STORAGE: "s3",
      S3_BUCKET: "balans",
      S3_ENDPOINT: "https://s3.nl-ams.scw.cloud",
      S3_REGION: "nl-ams",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(config.s3).toEqual({
      bucket: "balans",
      endpoint: "https://s3.nl-ams.scw.cloud",
      region: "nl-ams",
      credentials: undefined,
      forcePathStyle: true,
    });
  });

  it("keeps older originals readable after the setting changes", async () => {
    const owner = await createUser(database.db);
    const onDisk = await (
      await storeFor("disk")
    ).put(database.db, owner.id, {
      fileName: "oud.pdf",
      mimeType: "application/pdf",
      bytes: Buffer.from("uit de tijd van opslag op schijf"),
    });
    const now = await storeFor("s3");
    expect((await now.get(database.db, owner.id, onDisk.id))?.bytes.toString()).toBe(
      "uit de tijd van opslag op schijf",
    );
  });
});

it("keeps a file name without paths or control characters", () => {
  expect(cleanFileName("C:\\Users\\sanne\\bon\u0007 1.jpg")).toBe("bon 1.jpg");
  expect(cleanFileName("   ")).toBe("document");
  expect(cleanFileName(`${"a".repeat(300)}.pdf`)).toHaveLength(200);
});
