import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openPglite, openPostgres, type DatabaseHandle } from "../src/server/db/client";
import { databaseUrlFor } from "./database-url";
import { adminQuery } from "./global-setup";

/** A fresh, migrated database of this test file's own, cloned from the run's template. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (serverUrl && template) {
    const name = `balans_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name} template ${template}`);
    const handle = await openPostgres(databaseUrlFor(serverUrl, name), 5);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(serverUrl, `drop database if exists ${name}`);
      },
    };
  }
  const tarball = await readFile(inject("pgliteTemplatePath"));
  return openPglite({ snapshot: new Blob([tarball]) });
}
