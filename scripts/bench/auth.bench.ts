import { createUser, FACTORY_PASSWORD } from "../../tests/factories";
import { defineBenchmark, request, signIn } from "./harness";

/** GET /api/user as a signed-in user: the session lookup every signed-in request pays. */
export const currentUser = defineBenchmark({
  name: "GET /api/user (signed in)",
  iterations: 3000,
  warmup: 300,
  compareTo: "node:http hello world",
  seed: (db) => createUser(db, { username: "bench_current_user" }),
  async setup({ baseUrl }) {
    return { cookie: await signIn(baseUrl, "bench_current_user", FACTORY_PASSWORD) };
  },
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/user", cookie: fixture.cookie, expect: 200 });
  },
});

/** A new account and a sign-in: two argon2id hashes at OWASP cost dominate, by design. */
const runId = Date.now().toString(36);
export const registerAndLogin = defineBenchmark({
  name: "POST /api/register + /api/login",
  iterations: 100,
  warmup: 5,
  compareTo: "node:http hello world",
  async run({ baseUrl, iteration }) {
    const credentials = { username: `bench_${runId}_${iteration}`, password: "bench-wachtwoord" };
    await request(baseUrl, { method: "POST", path: "/api/register", body: credentials, expect: 201 });
    await request(baseUrl, { method: "POST", path: "/api/login", body: credentials, expect: 200 });
  },
});
