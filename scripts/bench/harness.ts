import http from "node:http";
import type { Database } from "../../src/server/db/client";

/**
 * A benchmark measures one unit of work against a real, started Balans server.
 * - seed: runs first, straight on the database, before the server starts (bulk data).
 * - setup: runs once the server listens (signing in, starting a baseline server).
 * - run: the timed unit of work; called `warmup` times untimed, then `iterations` times timed.
 * - budget: the target; the run fails when the measured p95 or p99, or the median as a multiple of the
 *   compared benchmark's, is above it.
 * - compareTo: another benchmark's name; the table shows this one's median as a multiple of that one's.
 * - figures: what a benchmark measures besides time (scores, sizes), each against its budget; read after the
 *   timed runs and printed in a second table. A figure over budget fails the run like a slow p95 does.
 * - needsServer: false for a benchmark of code run in the bench process itself (text recognition); when every
 *   chosen benchmark says so, no database is opened and no server started, and baseUrl is "".
 */
export type Benchmark<Fixture = unknown> = {
  name: string;
  iterations?: number;
  warmup?: number;
  /** Requests in flight at once (default 1: latency, not load). */
  concurrency?: number;
  budget?: { p95Ms?: number; p99Ms?: number; ratio?: number };
  compareTo?: string;
  needsServer?: boolean;
  seed?(db: Database): Promise<unknown>;
  /** `serverPid`: the server's process, or this one when no server was started. */
  setup?(context: { baseUrl: string; seeded: unknown; serverPid: number }): Promise<Fixture>;
  /** `worker`: which of the `concurrency` callers in flight runs this iteration (0 when timing one at a time). */
  run(context: { baseUrl: string; fixture: Fixture; iteration: number; worker: number }): Promise<void>;
  figures?(fixture: Fixture): Figure[];
  teardown?(fixture: Fixture): Promise<void>;
};

export type Figure = { label: string; value: string; budget: string; passed: boolean };

export function defineBenchmark<Fixture>(benchmark: Benchmark<Fixture>): Benchmark<Fixture> {
  return benchmark;
}

const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export type HttpAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A plain keep-alive HTTP request: little client overhead, so the server's time dominates what is measured. */
export function request(
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    body?: unknown;
    cookie?: string;
    expect?: number;
    /** Gives up (rejects) when the whole answer has not arrived in time. */
    timeoutMs?: number;
    /** The connection(s) to use, as one browser has its own; by default one pool shared by every caller. */
    agent?: http.Agent;
  },
): Promise<HttpAnswer> {
  const url = new URL(options.path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method: options.method ?? "GET",
        agent: options.agent ?? sharedAgent,
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const answer = {
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: incoming.headers,
          };
          if (options.expect !== undefined && answer.status !== options.expect) {
            reject(
              new Error(
                `${options.method ?? "GET"} ${options.path}: ${answer.status} ${answer.body.slice(0, 200)}`,
              ),
            );
          } else {
            resolve(answer);
          }
        });
      },
    );
    outgoing.on("error", reject);
    if (options.timeoutMs !== undefined) {
      outgoing.setTimeout(options.timeoutMs, () =>
        outgoing.destroy(new Error(`${options.path}: no answer in ${options.timeoutMs} ms`)),
      );
    }
    if (payload) outgoing.write(payload);
    outgoing.end();
  });
}

/** The session cookie from a sign-in answer, ready to send back. */
export function cookieFrom(answer: HttpAnswer): string {
  const setCookie = answer.headers["set-cookie"]?.find((line) => line.startsWith("balans_session="));
  if (!setCookie) throw new Error("no session cookie in the answer");
  return setCookie.split(";")[0]!;
}

/** Signs a seeded user in through the API. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  return cookieFrom(
    await request(baseUrl, { method: "POST", path: "/api/login", body: { username, password }, expect: 200 }),
  );
}
