import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/app";
import { adminQuery } from "../../../tests/global-setup";
import { DATABASE_UNAVAILABLE_MESSAGE, errorsPlugin } from "../plugins/errors";
import { rowsOf } from "../features/ledger/posting";

const serverUrl = process.env.TEST_DATABASE_URL;

/** Only PostgreSQL has connections to lose; the embedded database lives in the process. */
describe.skipIf(!serverUrl)("a database connection lost in the middle of a transaction", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("fails that request with 503 in Dutch; the process lives and the next request works", async () => {
    const user = await t.signIn();
    let lost: unknown;
    await t.database.db
      .transaction(async (tx) => {
        const [backend] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        // What a database restart or an operator's pg_terminate_backend does to a connection in use.
        await adminQuery(serverUrl!, `select pg_terminate_backend(${backend!.pid})`);
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => {
        lost = error;
      });
    expect(lost).toBeDefined();

    // The app's error handler answers that error as 503 with the Dutch message.
    const probe = Fastify();
    await probe.register(errorsPlugin);
    probe.get("/probe", async () => {
      throw lost;
    });
    const answer = await probe.inject({ method: "GET", url: "/probe" });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    await probe.close();

    // The pool replaced the connection: the app answers as before.
    const next = await user.request({ method: "GET", url: "/api/transactions" });
    expect(next.statusCode).toBe(200);
  });
});
