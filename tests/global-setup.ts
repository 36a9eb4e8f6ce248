/**
 * Migrates a template database once per test run; each test file then gets its own copy (tests/database.ts).
 * - PGlite (default): a migrated in-memory database, dumped to a tarball that each file loads.
 * - PostgreSQL (TEST_DATABASE_URL set): a migrated template database that each file clones with CREATE DATABASE … TEMPLATE.
 */
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { databaseUrlFor } from "./database-url";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `balans_template_${process.pid}`;
    await adminQuery(serverUrl, `drop database if exists ${template}`);
    await adminQuery(serverUrl, `create database ${template}`);
    const handle = await openPostgres(databaseUrlFor(serverUrl, template), 1);
    await migrateDatabase(handle);
    await handle.close();
    project.provide("postgresTemplate", template);
    project.provide("pgliteTemplatePath", "");
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${template}`);
    };
  }

  const handle = await openPglite({});
  await migrateDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const path = join(tmpdir(), `balans-test-template-${process.pid}.tar`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplatePath", path);
  project.provide("postgresTemplate", "");
  return async () => {
    await rm(path, { force: true });
  };
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
