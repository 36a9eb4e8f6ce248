/**
 * Opening the database.
 * 1. DATABASE_URL set: PostgreSQL through a node-postgres pool (several app instances may share it).
 * 2. Otherwise: PGlite, PostgreSQL compiled to WebAssembly, in-process, with its files in DATA_DIR/pgdata.
 *    Only one process may open a PGlite directory, so a lock file guards it (see lock.ts).
 * Both give the same Drizzle API, the same schema and the same migrations.
 */
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index";
import { acquireDataDirLock } from "./lock";
import { oldestRequestFirst } from "./query-order";

export type Schema = typeof schema;
/** The Drizzle handle every service takes first; a transaction handle has the same type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Flush everything to disk (PGlite) before a clean exit. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for every notification on `channel`, delivered before the statement that committed it
   * returns: only PGlite can promise that. PostgreSQL delivers notifications a moment after the commit, on another
   * connection, so a cache fed by them could answer stale in between; there it is absent.
   */
  listen?(channel: string, onNotify: () => void): Promise<Listener>;
  /** The PGlite instance itself, for taking a snapshot (the test template). */
  pglite?: PGlite;
};

export type Listener = { stop(): Promise<void> };

// numeric and date columns come back as strings (exact money, unshifted calendar days); keep pg doing the same.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // A client in use loses its connection too (a database restart, pg_terminate_backend): its query fails and the
  // request answers 503 (plugins/errors.ts), but the client's own 'error' event must not end the process.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePostgres({ client: oldestRequestFirst(pool, poolSize), schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    checkpoint: async () => {},
    close: () => pool.end(),
  };
}

/** PGlite on disk (dataDir) with the single-process lock, or in memory (empty, or loaded from a snapshot). */
export async function openPglite(
  options: { dataDir: string } | { snapshot?: Blob },
): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    releaseLock = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(join(options.dataDir, "pgdata"));
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create(options.snapshot ? { loadDataDir: options.snapshot } : {});
  }
  const db = drizzlePglite({ client: oldestRequestFirst(client), schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // PGlite delivers a notification as the committing statement returns, before its caller goes on.
    async listen(channel, onNotify) {
      return { stop: await client.listen(channel, onNotify) };
    },
    checkpoint: async () => {
      await client.exec("CHECKPOINT");
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
    pglite: client,
  };
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
