import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/database";
import { createUser } from "../../../../tests/factories";
import type { DatabaseHandle } from "../../db/client";
import { cleanFileName, createDocumentStore, sha256Of } from "./store";

let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "balans-documents-"));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const bytes = Buffer.from("%PDF-1.7\nhet origineel\n");

describe.each(["database", "disk"] as const)("documents kept in the %s", (storage) => {
  it("gives back the original byte for byte, only to its owner, and removes it", async () => {
    const store = createDocumentStore({ storage, dataDir });
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
    const file = join(dataDir, "documents", owner.id, kept.id);
    expect(existsSync(file)).toBe(storage === "disk");
    if (storage === "disk") expect(readFileSync(file).equals(bytes)).toBe(true);

    expect((await store.get(database.db, owner.id, kept.id))?.bytes.equals(bytes)).toBe(true);
    expect(await store.get(database.db, other.id, kept.id)).toBeNull();
    expect((await store.findDuplicate(database.db, owner.id, sha256Of(bytes)))?.id).toBe(kept.id);
    expect(await store.findDuplicate(database.db, other.id, sha256Of(bytes))).toBeNull();

    await store.remove(database.db, other.id, kept.id);
    expect(await store.get(database.db, owner.id, kept.id)).not.toBeNull();
    await store.remove(database.db, owner.id, kept.id);
    expect(await store.get(database.db, owner.id, kept.id)).toBeNull();
    expect(existsSync(file)).toBe(false);

    const again = await store.put(database.db, owner.id, {
      fileName: "bon.pdf",
      mimeType: "application/pdf",
      bytes,
    });
    await store.removeAll(database.db, owner.id);
    expect(await store.get(database.db, owner.id, again.id)).toBeNull();
    expect(existsSync(join(dataDir, "documents", owner.id))).toBe(false);
  });
});

it("keeps a file name without paths or control characters", () => {
  expect(cleanFileName("C:\\Users\\sanne\\bon\u0007 1.jpg")).toBe("bon 1.jpg");
  expect(cleanFileName("   ")).toBe("document");
  expect(cleanFileName(`${"a".repeat(300)}.pdf`)).toHaveLength(200);
});
