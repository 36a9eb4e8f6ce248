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
