import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { sessions, users } from "../../db/schema/index";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const currentUser = (as: SignedIn) => as.request({ method: "GET", url: "/api/user" });

/**
 * On the embedded database signed-in users are kept in memory between requests; any change in the database, by
 * whatever code path, must show on the very next request. (PostgreSQL cannot promise that, so there is no cache
 * there and these hold as they always did.)
 */
describe("signed-in users kept in memory", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "answer a known session without the database",
    async () => {
      const owner = await t.signIn();
      expect((await currentUser(owner)).statusCode).toBe(200);
      const pglite = t.database.pglite!;
      const query = pglite.query.bind(pglite);
      let statements = 0;
      pglite.query = ((...args: Parameters<typeof query>) => {
        statements++;
        return query(...args);
      }) as typeof pglite.query;
      try {
        for (let i = 0; i < 10; i++) expect((await currentUser(owner)).statusCode).toBe(200);
      } finally {
        pglite.query = query;
      }
      expect(statements).toBe(0);
    },
  );

  it("forget a session ended straight in the database (a script, another code path)", async () => {
    const owner = await t.signIn();
    expect((await currentUser(owner)).statusCode).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, owner.user.id));
    expect((await currentUser(owner)).statusCode).toBe(401);
  });

  it("show a user changed straight in the database on the next request", async () => {
    const owner = await t.signIn({ firstName: "Anna" });
    expect((await currentUser(owner)).json().firstName).toBe("Anna");
    await t.database.db.update(users).set({ firstName: "Bea" }).where(eq(users.id, owner.user.id));
    expect((await currentUser(owner)).json().firstName).toBe("Bea");
  });

  it("forget a signed-out session at once", async () => {
    const owner = await t.signIn();
    expect((await currentUser(owner)).statusCode).toBe(200);
    expect((await owner.request({ method: "POST", url: "/api/logout" })).statusCode).toBeLessThan(400);
    expect((await currentUser(owner)).statusCode).toBe(401);
  });
});
