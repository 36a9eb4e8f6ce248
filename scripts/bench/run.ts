/**
 * npm run bench [-- name-filter] [--postgres]
 * 1. Collects every benchmark exported by scripts/bench/*.bench.ts (optionally filtered by benchmark or file
 *    name: `npm run bench -- load` runs load.bench.ts).
 * 2. Opens a fresh database (embedded PGlite in a temp dir, or with --postgres a new database on
 *    BENCH_DATABASE_URL), migrates it and runs each benchmark's seed.
 * 3. Starts the real server (src/server/main.ts) on it, runs each benchmark, prints the table, stops the server.
 *    When every chosen benchmark runs without a server (`needsServer: false`), steps 2 and 3 open and start nothing.
 * Exits non-zero when a benchmark misses its budget.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, startServer, waitUntilListening } from "../../tests/server-process";
import type { Benchmark, Figure } from "./harness";
import { openScratchDatabase, usePostgres } from "./scratch-database";

type Result = {
  name: string;
  count: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  throughput: number;
  ratio?: string;
  budget?: string;
  passed: boolean;
};

const args = process.argv.slice(2);
const filters = args.filter((arg) => !arg.startsWith("--")).map((arg) => arg.toLowerCase());

async function loadBenchmarks(): Promise<Benchmark[]> {
  const folder = new URL(".", import.meta.url);
  const files = (await readdir(folder)).filter((file) => file.endsWith(".bench.ts")).sort();
  const found: Benchmark[] = [];
  const fileOf = new Map<Benchmark, string>();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(folder.pathname, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (value && typeof value === "object" && "run" in value && "name" in value) {
        found.push(value as Benchmark);
        fileOf.set(value as Benchmark, file.toLowerCase());
      }
    }
  }
  const matching = found.filter(
    (benchmark) =>
      filters.length === 0 ||
      filters.some(
        (filter) =>
          benchmark.name.toLowerCase().includes(filter) || fileOf.get(benchmark)!.startsWith(`${filter}.`),
      ),
  );
  // A benchmark that a chosen one compares to always runs, and first.
  const baselines = new Set(matching.map((benchmark) => benchmark.compareTo).filter(Boolean));
  const chosen = found.filter((benchmark) => matching.includes(benchmark) || baselines.has(benchmark.name));
  return chosen.sort((a, b) => Number(baselines.has(b.name)) - Number(baselines.has(a.name)));
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function measure(
  benchmark: Benchmark,
  baseUrl: string,
  fixture: unknown,
): Promise<Omit<Result, "ratio">> {
  const iterations = benchmark.iterations ?? 1000;
  const warmup = benchmark.warmup ?? Math.ceil(iterations / 10);
  const concurrency = benchmark.concurrency ?? 1;
  let iteration = 0;
  for (let i = 0; i < warmup; i++)
    await benchmark.run({ baseUrl, fixture, iteration: iteration++, worker: 0 });

  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async (_: unknown, index: number) => {
    while (next < iterations) {
      next++;
      const begin = performance.now();
      await benchmark.run({ baseUrl, fixture, iteration: iteration++, worker: index });
      durations.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const p95Ms = percentile(durations, 0.95);
  const p99Ms = percentile(durations, 0.99);
  const { p95Ms: p95Budget, p99Ms: p99Budget } = benchmark.budget ?? {};
  const budgets = [
    p95Budget === undefined ? null : `p95 < ${p95Budget} ms`,
    p99Budget === undefined ? null : `p99 < ${p99Budget} ms`,
  ].filter(Boolean);
  return {
    name: benchmark.name,
    count: durations.length,
    medianMs: percentile(durations, 0.5),
    p95Ms,
    p99Ms,
    throughput: durations.length / elapsedSeconds,
    budget: budgets.length > 0 ? budgets.join(", ") : undefined,
    passed: (p95Budget === undefined || p95Ms < p95Budget) && (p99Budget === undefined || p99Ms < p99Budget),
  };
}

/** The median as a multiple of the compared benchmark's, against the ratio budget when there is one. */
function compare(result: Result, baseline: Result, ratioBudget: number | undefined): void {
  const ratio = result.medianMs / baseline.medianMs;
  result.ratio = `${ratio.toFixed(1)}×`;
  if (ratioBudget === undefined) return;
  result.budget = [result.budget, `≤ ${ratioBudget}× baseline`].filter(Boolean).join(", ");
  result.passed &&= ratio <= ratioBudget;
}

function printTable(results: Result[], databaseLabel: string) {
  const header = ["benchmark", "count", "median ms", "p95 ms", "p99 ms", "req/s", "× baseline", "budget"];
  const rows = results.map((result) => [
    result.name,
    String(result.count),
    result.medianMs.toFixed(2),
    result.p95Ms.toFixed(2),
    result.p99Ms.toFixed(2),
    result.throughput.toFixed(0),
    result.ratio ?? "",
    result.budget ? `${result.budget} ${result.passed ? "✓" : "✗"}` : "",
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(`\nBalans benchmarks on ${databaseLabel} (${new Date().toISOString()})\n`);
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

function printFigures(figures: (Figure & { benchmark: string })[]) {
  const header = ["benchmark", "figure", "value", "budget"];
  const rows = figures.map((figure) => [
    figure.benchmark,
    figure.label,
    figure.value,
    `${figure.budget} ${figure.passed ? "✓" : "✗"}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log("");
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

async function main() {
  const benchmarks = await loadBenchmarks();
  const needsServer = benchmarks.some((benchmark) => benchmark.needsServer !== false);
  const database = needsServer ? await openScratchDatabase("bench") : null;
  const seeded = new Map<Benchmark, unknown>();
  let server: ReturnType<typeof startServer> | undefined;
  try {
    if (database) {
      for (const benchmark of benchmarks) {
        if (!benchmark.seed) continue;
        const started = performance.now();
        seeded.set(benchmark, await benchmark.seed(database.handle.db));
        console.log(`seeded "${benchmark.name}" in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      await database.handle.checkpoint();
      await database.handle.close();

      // No demo accounts prepared in the background while measuring (on PostgreSQL the job fills a pool of 24,
      // each a generated year of books); the demo benchmark seeds the pool it needs itself.
      server = startServer(
        { ...database.env, RATE_LIMITS: "off", LOG_LEVEL: "warn", DEMO_POOL_SIZE: "0" },
        await freePort(),
      );
      await waitUntilListening(server);
    }
    const baseUrl = server?.baseUrl ?? "";

    const results: Result[] = [];
    const figures: (Figure & { benchmark: string })[] = [];
    for (const benchmark of benchmarks) {
      const fixture = benchmark.setup
        ? await benchmark.setup({
            baseUrl,
            seeded: seeded.get(benchmark),
            serverPid: server?.child.pid ?? process.pid,
          })
        : undefined;
      try {
        const result: Result = await measure(benchmark, baseUrl, fixture);
        const baseline = results.find((other) => other.name === benchmark.compareTo);
        if (baseline) compare(result, baseline, benchmark.budget?.ratio);
        results.push(result);
        for (const figure of benchmark.figures?.(fixture) ?? [])
          figures.push({ ...figure, benchmark: benchmark.name });
        console.log(`measured "${benchmark.name}"`);
      } finally {
        await benchmark.teardown?.(fixture);
      }
    }
    printTable(results, !database ? "no database" : usePostgres ? "PostgreSQL" : "embedded PGlite");
    if (figures.length > 0) printFigures(figures);
    const missed = [
      ...results.filter((result) => !result.passed),
      ...figures
        .filter((figure) => !figure.passed)
        .map((figure) => ({ name: `${figure.benchmark}: ${figure.label}` })),
    ];
    if (missed.length > 0) {
      console.error(`\nOver budget: ${missed.map((result) => result.name).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await database?.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
