import { readFileSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { transactions } from "../../src/server/db/schema/index";
import { rebuildLedger } from "../../src/server/features/ledger/posting";
import { addDays } from "../../src/shared/dates";
import { centsToDecimal } from "../../src/shared/money";
import { computeVat } from "../../src/shared/vat";
import {
  createClientRecord,
  createCompanyProfile,
  createUser,
  FACTORY_PASSWORD,
} from "../../tests/factories";
import { defineBenchmark, request, signIn, type Figure } from "./harness";

/**
 * Issue 20: the XAF audit file of a year with 50,000 transactions (150,000 journal lines), downloaded through
 * the API: under 5 s, and the server's peak memory while writing it under 300 MB. Another user's 10,000
 * transactions share the tables. The peak is the kernel's high-water mark, reset just before the first download.
 */
const USERNAME = "bench_xaf";
const TRANSACTION_COUNT = 50_000;
const MEMORY_BUDGET_MB = 300;

async function seedYear(db: Database): Promise<void> {
  const user = await createUser(db, { username: USERNAME });
  const other = await createUser(db, { username: `${USERNAME}_other` });
  await createCompanyProfile(db, user.id);
  const clients: Array<{ id: string }> = [];
  for (let i = 0; i < 20; i++) clients.push(await createClientRecord(db, user.id, { name: `Klant ${i}` }));
  const categoryRows = await db.execute<{ id: string; type: string }>(
    sql`select id, type from categories where user_id = ${user.id}::uuid order by name`,
  );
  const categories = (categoryRows as unknown as { rows: Array<{ id: string; type: string }> }).rows;
  const rowFor = (userId: string, i: number, own: boolean) => {
    const cents = 100 + ((i * 7919) % 500_000);
    const rate = [0, 9, 21][i % 3]! * 100;
    const vat = computeVat(cents, rate);
    const type = i % 4 === 0 ? ("income" as const) : ("expense" as const);
    const pool = categories.filter((row) => row.type === type);
    return {
      userId,
      date: addDays("2026-01-01", Math.floor((i * 365) / TRANSACTION_COUNT)),
      type,
      description: `Boeking ${i} & co <${i % 10}>`,
      amount: centsToDecimal(cents),
      vatRate: centsToDecimal(rate),
      vatAmount: centsToDecimal(vat.vatAmount),
      amountIncludingVat: centsToDecimal(vat.amountIncludingVat),
      categoryId: own && i % 7 !== 0 ? pool[i % pool.length]!.id : null,
      clientId: own && type === "income" ? clients[i % clients.length]!.id : null,
    };
  };
  for (let start = 0; start < TRANSACTION_COUNT; start += 1000)
    await db
      .insert(transactions)
      .values(Array.from({ length: 1000 }, (_, k) => rowFor(user.id, start + k, true)));
  for (let start = 0; start < 10_000; start += 1000)
    await db
      .insert(transactions)
      .values(Array.from({ length: 1000 }, (_, k) => rowFor(other.id, start + k, false)));
  await db.transaction((tx) => rebuildLedger(tx, user.id, { refreshStatistics: true }));
  await rebuildLedger(db, other.id);
}

/** The server's resident memory in MB: its current size or its peak since the last reset. */
function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith(`${field}:`));
    const kilobytes = Number(line?.replace(/\D+/g, ""));
    return Number.isFinite(kilobytes) && kilobytes > 0 ? Math.round(kilobytes / 1024) : null;
  } catch {
    return null;
  }
}

export const xafYearBenchmark = defineBenchmark<{ cookie: string; serverPid: number; sizes: number[] }>({
  name: "XAF audit file, year of 50,000 transactions",
  iterations: 3,
  warmup: 0,
  budget: { p95Ms: 5000 },
  seed: seedYear,
  async setup({ baseUrl, serverPid }) {
    const cookie = await signIn(baseUrl, USERNAME, FACTORY_PASSWORD);
    // Linux: writing 5 to clear_refs resets the peak resident size, so VmHWM then measures the downloads.
    try {
      writeFileSync(`/proc/${serverPid}/clear_refs`, "5");
    } catch {
      // Without it the peak includes start-up; still reported.
    }
    return { cookie, serverPid, sizes: [] };
  },
  async run({ baseUrl, fixture }) {
    const answer = await request(baseUrl, {
      path: "/api/exports/xaf?year=2026",
      cookie: fixture.cookie,
      expect: 200,
    });
    if (!answer.body.trimEnd().endsWith("</auditfile>")) throw new Error("The audit file ended early");
    fixture.sizes.push(answer.body.length);
  },
  figures({ serverPid, sizes }): Figure[] {
    const peak = memoryMb(serverPid, "VmHWM");
    return [
      {
        label: "audit file size",
        value: `${Math.round(Math.max(0, ...sizes) / 1024 / 1024)} MB`,
        budget: "reported",
        passed: true,
      },
      {
        label: "server peak memory while exporting (VmHWM)",
        value: peak === null ? "unknown" : `${peak} MB`,
        budget: `< ${MEMORY_BUDGET_MB} MB`,
        passed: peak === null || peak < MEMORY_BUDGET_MB,
      },
    ];
  },
});
