import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../../tests/app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("reports the database as reachable with its latency, without signing in", async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/health" });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    status: "ok",
    version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    database: { reachable: true, latencyMs: expect.any(Number) },
  });
});

it("reports the last run of each scheduled job, ok or failed", async () => {
  const { startJobs } = await import("../../jobs/scheduler");
  const jobs = startJobs({
    db: t.database.db,
    jobs: [
      { name: "health-test-ok", intervalMs: 3_600_000, run: async () => undefined },
      {
        name: "health-test-failing",
        intervalMs: 3_600_000,
        run: async () => {
          throw new Error("kapot");
        },
      },
    ],
    clock: () => new Date("2026-05-04T10:00:00Z"),
    log: t.app.log,
  });
  await jobs.stop();
  const response = await t.app.inject({ method: "GET", url: "/api/health" });
  const { jobs: runs } = response.json() as { jobs: Array<Record<string, unknown>> };
  expect(runs).toEqual([
    {
      name: "health-test-failing",
      lastRunAt: "2026-05-04T10:00:00.000Z",
      lastStatus: "failed",
      lastDurationMs: expect.any(Number),
      lastSuccessAt: null,
    },
    {
      name: "health-test-ok",
      lastRunAt: "2026-05-04T10:00:00.000Z",
      lastStatus: "ok",
      lastDurationMs: expect.any(Number),
      lastSuccessAt: "2026-05-04T10:00:00.000Z",
    },
  ]);
  // The failure's message stays in the database for operators; the public answer does not carry it.
  expect(JSON.stringify(runs)).not.toContain("kapot");
});
