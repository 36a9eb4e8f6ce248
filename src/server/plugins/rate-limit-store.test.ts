import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../app";
import { openPostgres, type Database, type DatabaseHandle } from "../db/client";
import { jobsFor } from "../jobs/index";
import { createTestDatabase } from "../../../tests/database";
import { databaseUrlFor } from "../../../tests/database-url";
import { adminQuery } from "../../../tests/global-setup";
import { TEST_APP_CONFIG } from "../../../tests/app";

const TOO_MANY = /^Te veel pogingen\. Probeer het over 10 minuten opnieuw\.$/;
/** An invalid sign-up: 400 after the per-IP limit (10 per 10 minutes) has counted it, without touching the data. */
const invalidSignUp = { username: "x", password: "y" };

/** An instance of Balans as main.ts builds it, with rate limits on. */
async function buildInstance(db: Database, options: { sharedRateLimits: boolean; logger?: object }) {
  const app = await buildApp({
    db,
    logger: options.logger ?? false,
    sharedRateLimits: options.sharedRateLimits,
    config: TEST_APP_CONFIG,
  });
  await app.ready();
  return app;
}

const post = (app: FastifyInstance, url: string, payload: object, remoteAddress: string) =>
  app.inject({ method: "POST", url, payload, remoteAddress } satisfies InjectOptions);

async function hitRows(db: Database, pattern: string) {
  const result = (await db.execute(
    sql`select key, count from rate_limit_hits where key like ${pattern} order by key`,
  )) as unknown as { rows: Array<{ key: string; count: number }> };
  return result.rows;
}

const serverUrl = process.env.TEST_DATABASE_URL;

// Several instances need PostgreSQL: the embedded database is opened by one process only, so there the limits
// stay in memory (the next describe).
describe.skipIf(!serverUrl)("two instances on one PostgreSQL database (needs TEST_DATABASE_URL)", () => {
  // Two connection pools on one database: what two processes behind a load balancer have.
  let name: string;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    name = `balans_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl!, `create database ${name} template ${inject("postgresTemplate")}`);
    first = await openPostgres(databaseUrlFor(serverUrl!, name), 5);
    second = await openPostgres(databaseUrlFor(serverUrl!, name), 5);
    a = await buildInstance(first.db, { sharedRateLimits: true });
    b = await buildInstance(second.db, { sharedRateLimits: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await first?.close();
    await second?.close();
    if (name) await adminQuery(serverUrl!, `drop database if exists ${name}`);
  });

  it("counts the hits on both together: 5 on A and 5 on B reach the limit, the 11th answers 429", async () => {
    const ip = "192.0.2.10";
    for (let i = 0; i < 5; i++)
      expect((await post(a, "/api/register", invalidSignUp, ip)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await post(b, "/api/register", invalidSignUp, ip)).statusCode).toBe(400);

    for (const app of [a, b]) {
      const refused = await post(app, "/api/register", invalidSignUp, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(TOO_MANY);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(590);
    }
    expect(await hitRows(first.db, `%/api/register|${ip}`)).toEqual([
      { key: `POST /api/register|${ip}`, count: 12 },
    ]);
  });

  it("limits sign-in attempts per username across instances, whatever the address", async () => {
    const attempt = (app: FastifyInstance, i: number) =>
      post(app, "/api/login", { username: "Gedeeld", password: "fout-wachtwoord" }, `198.51.100.${i}`);
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? b : a, i)).statusCode).toBe(401);
    const refused = await attempt(a, 10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Te veel inlogpogingen voor deze gebruiker\./);
  });

  it("starts a new window once the old one has ended", async () => {
    const ip = "192.0.2.11";
    for (let i = 0; i < 10; i++) await post(i % 2 ? b : a, "/api/register", invalidSignUp, ip);
    expect((await post(a, "/api/register", invalidSignUp, ip)).statusCode).toBe(429);

    // Ten minutes later, as far as the table is concerned.
    await first.db.execute(
      sql`update rate_limit_hits set expires_at = now() - interval '1 second' where key like ${`%|${ip}`}`,
    );
    const again = await post(b, "/api/register", invalidSignUp, ip);
    expect(again.statusCode).toBe(400);
    expect(Number(again.headers["x-ratelimit-remaining"])).toBe(9);
    expect(await hitRows(first.db, `%|${ip}`)).toEqual([{ key: `POST /api/register|${ip}`, count: 1 }]);
  });

  it("loses no count among concurrent hits: 20 at once on both count 20, 10 of them let through", async () => {
    const ip = "192.0.2.12";
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? b : a, "/api/register", invalidSignUp, ip)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await hitRows(first.db, `%|${ip}`)).toEqual([{ key: `POST /api/register|${ip}`, count: 20 }]);
  });

  it("keeps routes apart: a limit reached on one route leaves another route's count alone", async () => {
    const ip = "192.0.2.13";
    for (let i = 0; i < 11; i++) await post(a, "/api/register", invalidSignUp, ip);
    const privacy = await post(b, "/api/gdpr-requests", {}, ip);
    expect(privacy.statusCode).not.toBe(429);
    expect(Number(privacy.headers["x-ratelimit-remaining"])).toBe(4);
  });

  it("lets requests through while the database refuses connections, and counts again once it is back", async () => {
    const ip = "192.0.2.14";
    await adminQuery(serverUrl!, `alter database ${name} allow_connections false`);
    await adminQuery(
      serverUrl!,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
    );
    try {
      for (let i = 0; i < 12; i++) {
        expect((await post(i % 2 ? b : a, "/api/register", invalidSignUp, ip)).statusCode).toBe(400);
      }
    } finally {
      await adminQuery(serverUrl!, `alter database ${name} allow_connections true`);
    }
    const counted = await post(a, "/api/register", invalidSignUp, ip);
    expect(counted.statusCode).toBe(400);
    expect(Number(counted.headers["x-ratelimit-remaining"])).toBe(9);
  });

  it("removes ended windows in the scheduled job and keeps running ones", async () => {
    await first.db.execute(sql`
      insert into rate_limit_hits (key, count, expires_at) values
        ('test|ended', 3, now() - interval '1 minute'), ('test|running', 3, now() + interval '1 minute')
    `);
    const job = jobsFor("postgres").find((candidate) => candidate.name === "delete-expired-rate-limits")!;
    await job.run(second.db, new Date());
    expect(await hitRows(first.db, "test|%")).toEqual([{ key: "test|running", count: 3 }]);
    expect(jobsFor("pglite").map((candidate) => candidate.name)).not.toContain("delete-expired-rate-limits");
  });
});

describe("in memory (the embedded database, or without sharedRateLimits)", () => {
  let database: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildInstance(database.db, { sharedRateLimits: false });
    b = await buildInstance(database.db, { sharedRateLimits: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it("limits per process: the 11th hit on one instance answers 429, the other instance counts alone", async () => {
    const ip = "192.0.2.20";
    for (let i = 0; i < 10; i++)
      expect((await post(a, "/api/register", invalidSignUp, ip)).statusCode).toBe(400);
    const refused = await post(a, "/api/register", invalidSignUp, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_MANY);

    expect((await post(b, "/api/register", invalidSignUp, ip)).statusCode).toBe(400);
    expect(await hitRows(database.db, "%")).toEqual([]);
  });
});

describe("with the database gone", () => {
  it("lets limited requests through with one warning instead of answering 500", async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildInstance(database.db, {
      sharedRateLimits: true,
      logger: { level: "warn", stream },
    });
    try {
      await database.close();
      for (let i = 0; i < 12; i++) {
        expect((await post(app, "/api/register", invalidSignUp, "192.0.2.30")).statusCode).toBe(400);
      }
      const warnings = lines.filter((line) => line.includes("rate-limit store unavailable"));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
    } finally {
      await app.close();
    }
  });
});
