import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, openPostgres, type DatabaseHandle } from "../../src/server/db/client";
import { migrateDatabase } from "../../src/server/db/migrate";
import { databaseUrlFor } from "../../tests/database-url";
import { adminQuery } from "../../tests/global-setup";

/** `npm run bench -- --postgres` measures on PostgreSQL (BENCH_DATABASE_URL) instead of the embedded database. */
export const usePostgres = process.argv.includes("--postgres");

export type ScratchDatabase = {
  /** Migrated and open; closing it early (to hand the directory to a server) is allowed. */
  handle: DatabaseHandle;
  /** The environment a server process needs to open the same database. */
  env: Record<string, string>;
  /** Closes the handle if still open and throws the database away. */
  cleanup(): Promise<void>;
};

/** A fresh, migrated database of the run's kind: PGlite in a temp directory, or a new PostgreSQL database. */
export async function openScratchDatabase(label: string): Promise<ScratchDatabase> {
  let opened: DatabaseHandle;
  let env: Record<string, string>;
  let discard: () => Promise<void>;
  if (usePostgres) {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `balans_${label}_${process.pid}`;
    await adminQuery(serverUrl, `drop database if exists ${name}`);
    await adminQuery(serverUrl, `create database ${name}`);
    const url = databaseUrlFor(serverUrl, name);
    opened = await openPostgres(url, 4);
    env = { DATABASE_URL: url };
    discard = () => adminQuery(serverUrl, `drop database if exists ${name}`);
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), `balans-${label}-`));
    opened = await openPglite({ dataDir });
    env = { DATA_DIR: dataDir };
    discard = () => rm(dataDir, { recursive: true, force: true });
  }
  await migrateDatabase(opened);

  let isOpen = true;
  const close = async () => {
    if (!isOpen) return;
    isOpen = false;
    await opened.close();
  };
  return {
    handle: { ...opened, close },
    env,
    async cleanup() {
      await close();
      await discard();
    },
  };
}
