import { defineBenchmark, request } from "./harness";

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
