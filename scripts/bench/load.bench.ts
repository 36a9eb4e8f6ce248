import { readFileSync } from "node:fs";
import http from "node:http";
import { sql } from "drizzle-orm";
import { createGeneratedUser } from "../../src/server/generator/generated-user";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories";
import { defineBenchmark, request, signIn, type Figure } from "./harness";
import { usePostgres } from "./scratch-database";

/**
 * Issue 24: 100 signed-in readers at once on one server, each with a generated year of books, reading what the
 * busiest screens read (dashboard metrics, the transactions page, the invoices page): no errors, no answer
 * slower than 10 s, p99 under 1 s. Besides the latencies: requests/s (the table), errors and the server's peak
 * memory (figures). `npm run bench -- load` runs it on the embedded database, with --postgres on PostgreSQL.
 */
const READERS = 100;
const PASSWORD = "bench-wachtwoord";
const TIMEOUT_MS = 10_000;
const usernameOf = (reader: number) => `bench_reader_${reader}`;

/** The read mix, one request per iteration, in the proportions the screens ask them. */
const READS = [
  "/api/dashboard/metrics?period=6months",
  "/api/dashboard/metrics?period=quarter",
  "/api/transactions?limit=50&offset=0",
  "/api/transactions/summary",
  "/api/invoices?limit=51&offset=0",
  "/api/invoices/summary",
  "/api/user",
];

/**
 * GET /api/user as a signed-in user, one at a time: the fixed cost every signed-in request pays (session, user,
 * hooks), at most 3× a bare node:http answer in the same run.
 */
export const signedInFixedCost = defineBenchmark({
  name: "GET /api/user (signed in)",
  iterations: 3000,
  warmup: 300,
  compareTo: "node:http hello world",
  // The budget is for the embedded database; on PostgreSQL the figure is reported.
  budget: usePostgres ? {} : { ratio: 3 },
  seed: (db) => createUser(db, { username: "bench_current_user" }),
  async setup({ baseUrl }) {
    return { cookie: await signIn(baseUrl, "bench_current_user", FACTORY_PASSWORD) };
  },
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/user", cookie: fixture.cookie, expect: 200 });
  },
});

/** Each reader is a browser of its own: its own cookie and its own keep-alive connection. */
type Reader = { cookie: string; agent: http.Agent };
type Fixture = { readers: Reader[]; errors: string[]; serverPid: number };

export const hundredReaders = defineBenchmark<Fixture>({
  name: `${READERS} signed-in readers at once (dashboard, transactions, invoices)`,
  iterations: 20 * READS.length * READERS,
  warmup: READERS,
  concurrency: READERS,
  budget: { p99Ms: 1000 },
  async seed(db) {
    for (let reader = 0; reader < READERS; reader++) {
      await createGeneratedUser(db, {
        username: usernameOf(reader),
        password: PASSWORD,
        size: "small",
        seed: 2400 + reader,
      });
    }
    await db.execute(sql`analyze`);
  },
  async setup({ baseUrl, serverPid }) {
    const readers: Reader[] = [];
    for (let reader = 0; reader < READERS; reader++) {
      readers.push({
        cookie: await signIn(baseUrl, usernameOf(reader), PASSWORD),
        agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      });
    }
    return { readers, errors: [], serverPid };
  },
  async run({ baseUrl, fixture, iteration, worker }) {
    // Each caller in flight is one reader, one request after another, walking the mix.
    const { cookie, agent } = fixture.readers[worker % READERS]!;
    const path = READS[iteration % READS.length]!;
    try {
      await request(baseUrl, { path, cookie, agent, expect: 200, timeoutMs: TIMEOUT_MS });
    } catch (error) {
      fixture.errors.push((error as Error).message);
    }
  },
  async teardown({ readers }) {
    for (const { agent } of readers) agent.destroy();
  },
  figures({ errors, serverPid }): Figure[] {
    const distinct = [...new Set(errors)].slice(0, 3).join(" | ");
    return [
      {
        label: "errors and answers over 10 s",
        value: errors.length === 0 ? "0" : `${errors.length} (${distinct})`,
        budget: "0",
        passed: errors.length === 0,
      },
      {
        label: "server peak memory (VmHWM)",
        value: peakMemory(serverPid),
        budget: "reported",
        passed: true,
      },
    ];
  },
});

/** The server process's peak resident memory, from the kernel (Linux). */
function peakMemory(pid: number): string {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("VmHWM:"));
    const kilobytes = Number(line?.replace(/\D+/g, ""));
    return Number.isFinite(kilobytes) && kilobytes > 0 ? `${Math.round(kilobytes / 1024)} MB` : "unknown";
  } catch {
    return "unknown (no /proc)";
  }
}
