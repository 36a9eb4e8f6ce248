/**
 * The embedded database as a user runs it: one process per data directory, a clean shutdown on SIGTERM,
 * and no committed data lost when the process is killed outright.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServer, waitUntilListening, type ServerProcess } from "./server-process";

const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
});

async function start(dataDir: string) {
  const server = startServer({ DATA_DIR: dataDir }, await freePort());
  running.push(server);
  return server;
}

const json = (body: object) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("embedded PGlite database", () => {
  it("refuses a second process, survives SIGKILL without losing committed data, and shuts down cleanly", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "balans-data-"));
    try {
      const first = await start(dataDir);
      await waitUntilListening(first);

      const second = await start(dataDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("is al in gebruik door een ander Balans-proces");

      const registered = await fetch(
        `${first.baseUrl}/api/register`,
        json({
          username: "duurzaam",
          password: "geheim1",
          email: "duurzaam@voorbeeld.nl",
          acceptTerms: true,
        }),
      );
      expect(registered.status).toBe(201);

      first.child.kill("SIGKILL");
      await first.exited;

      const restarted = await start(dataDir);
      await waitUntilListening(restarted);
      const login = await fetch(
        `${restarted.baseUrl}/api/login`,
        json({ username: "duurzaam", password: "geheim1", email: "duurzaam@voorbeeld.nl" }),
      );
      expect(login.status).toBe(200);
      expect((await login.json()).username).toBe("duurzaam");

      restarted.child.kill("SIGTERM");
      expect(await restarted.exited).toBe(0);
      expect(existsSync(join(dataDir, "balans.lock"))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
