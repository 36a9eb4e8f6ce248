import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a statement serves: when it arrived (performance.now()) and how long its statements have run so far.
 * Set for each request in app.ts.
 */
export type RequestTurn = { arrival: number; spentMs: number };
export const requestArrival = new AsyncLocalStorage<RequestTurn>();

/**
 * Every millisecond a request's statements have run counts as this many milliseconds of later arrival, so a long
 * request (an import, a demo account, a large export) steps back behind the short ones that arrived meanwhile and
 * never holds up everyone, while still moving on as time passes.
 */
const LATER_PER_MS_SPENT = 10;

type Waiting = { turn: RequestTurn; order: number; run: () => Promise<void> };

const priorityOf = (turn: RequestTurn) => turn.arrival + turn.spentMs * LATER_PER_MS_SPENT;

/**
 * The database answers a limited number of statements at once: PGlite one, synchronously on this thread;
 * PostgreSQL one per pooled connection. Left to itself each takes statements in the order they were asked for,
 * so under load every request's statements interleave with everyone else's and a request of ten sequential
 * statements waits its turn ten times over. On PGlite it is worse: statement after statement resolves as a
 * microtask, and the event loop never gets to read new requests until the whole queue is empty.
 *
 * This queue gives a free slot to the statement of the request that arrived first (jobs and start-up count from
 * when they ask; long requests count as later, see above), so requests finish in arrival order, and lets the event
 * loop take a turn after each statement, so new requests and connections are read as they come. Transactions keep
 * their own connection and order.
 */
export function oldestRequestFirst<Client extends { query: (...args: never[]) => Promise<unknown> }>(
  client: Client,
  slots = 1,
): Client {
  const waiting: Waiting[] = [];
  let order = 0;
  let running = 0;

  const takeOldest = (): Waiting => {
    let next = 0;
    for (let index = 1; index < waiting.length; index++) {
      const candidate = waiting[index]!;
      const best = waiting[next]!;
      const [candidatePriority, bestPriority] = [priorityOf(candidate.turn), priorityOf(best.turn)];
      if (
        candidatePriority < bestPriority ||
        (candidatePriority === bestPriority && candidate.order < best.order)
      )
        next = index;
    }
    return waiting.splice(next, 1)[0]!;
  };

  const serve = async () => {
    running++;
    while (waiting.length > 0) {
      await takeOldest().run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    running--;
  };

  const query = (...args: Parameters<Client["query"]>) =>
    new Promise((resolve, reject) => {
      const turn = requestArrival.getStore() ?? { arrival: performance.now(), spentMs: 0 };
      waiting.push({
        turn,
        order: order++,
        run: () => {
          const started = performance.now();
          return client
            .query(...args)
            .then(resolve, reject)
            .finally(() => (turn.spentMs += performance.now() - started));
        },
      });
      if (running < slots) void serve();
    });

  return new Proxy(client, {
    get: (target, property) => {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
