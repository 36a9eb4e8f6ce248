import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sessions } from "../db/schema/index";
import { buildTestApp, type TestApp } from "../../../tests/app";
import { jobsFor } from "./index";
import { startJobs } from "./scheduler";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("removes expired sessions and keeps live ones", async () => {
  const expired = await t.signIn();
  const live = await t.signIn();
  const start = t.now.value;
  // Thirty-one days on, the first session is past its expiry; the second one was just used and so renewed.
  t.now.value = new Date(start.getTime() + 29 * 86_400_000);
  expect((await live.request({ method: "GET", url: "/api/user" })).statusCode).toBe(200);
  t.now.value = new Date(start.getTime() + 31 * 86_400_000);

  const jobs = startJobs({
    db: t.database.db,
    jobs: jobsFor(t.database.kind).filter((job) => job.name === "delete-expired-sessions"),
    clock: () => t.now.value,
    log: t.app.log,
  });
  await jobs.stop();
  t.now.value = start;

  const remaining = await t.database.db.select({ userId: sessions.userId }).from(sessions);
  expect(remaining.map((row) => row.userId)).toContain(live.user.id);
  expect(remaining.map((row) => row.userId)).not.toContain(expired.user.id);
});

it("refreshes planner statistics on the embedded database, where no autovacuum runs", async () => {
  expect(jobsFor("postgres").map((job) => job.name)).not.toContain("analyze");
  const analyze = jobsFor("pglite").find((job) => job.name === "analyze")!;
  await analyze.run(t.database.db, t.now.value);
  const result = (await t.database.db.execute(
    sql`select count(*)::int as analysed from pg_stat_user_tables where last_analyze is not null`,
  )) as unknown as { rows: Array<{ analysed: number }> };
  expect(result.rows[0]!.analysed).toBeGreaterThan(0);
});
