import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oldestRequestFirst, requestArrival } from "./query-order";

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
});
afterAll(() => client.close());

describe("statements on the embedded database", () => {
  it("run for the request that arrived first, whatever order they were asked in", async () => {
    const ordered = oldestRequestFirst(client);
    const finished: string[] = [];
    const ask = (label: string, arrival: number) =>
      requestArrival.run({ arrival, spentMs: 0 }, () =>
        ordered.query("select 1").then(() => finished.push(label)),
      );
    await Promise.all([ask("first asked", 50), ask("latest", 30), ask("oldest", 10), ask("middle", 20)]);
    // The first was already running when the others asked; then the oldest request goes first.
    expect(finished).toEqual(["first asked", "oldest", "middle", "latest"]);
  });

  it("put a request that has run long behind a short one that arrived a little later", async () => {
    const ordered = oldestRequestFirst(client);
    const finished: string[] = [];
    const ask = (label: string, turn: { arrival: number; spentMs: number }) =>
      requestArrival.run(turn, () => ordered.query("select 1").then(() => finished.push(label)));
    await Promise.all([
      ask("first asked", { arrival: 0, spentMs: 0 }),
      ask("long import", { arrival: 10, spentMs: 2000 }),
      ask("short read", { arrival: 500, spentMs: 2 }),
    ]);
    expect(finished).toEqual(["first asked", "short read", "long import"]);
  });

  it("let the event loop read new requests between statements", async () => {
    const ordered = oldestRequestFirst(client);
    let statements = 0;
    let turns = 0;
    const queries = Array.from({ length: 20 }, () => ordered.query("select 1").then(() => statements++));
    const tick = () => {
      turns++;
      if (statements < 20) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(queries);
    expect(turns).toBeGreaterThanOrEqual(19);
  });

  it("answer a failing statement with its error and go on with the next", async () => {
    const ordered = oldestRequestFirst(client);
    await expect(ordered.query("select * from does_not_exist")).rejects.toThrow(/does_not_exist/);
    expect((await ordered.query<{ one: number }>("select 1 as one")).rows[0]!.one).toBe(1);
  });
});
