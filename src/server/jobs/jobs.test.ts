import { afterAll, beforeAll, expect, it } from "vitest";
import { sessions } from "../db/schema/index";
import { buildTestApp, type TestApp } from "../../../tests/app";
import { JOBS } from "./index";
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
    jobs: JOBS.filter((job) => job.name === "delete-expired-sessions"),
    clock: () => t.now.value,
    log: t.app.log,
  });
  await jobs.stop();
  t.now.value = start;

  const remaining = await t.database.db.select({ userId: sessions.userId }).from(sessions);
  expect(remaining.map((row) => row.userId)).toContain(live.user.id);
  expect(remaining.map((row) => row.userId)).not.toContain(expired.user.id);
});
