import http from "node:http";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../src/server/db/client";
import { transactions } from "../../src/server/db/schema/index";
import { parseTransactionsCsv } from "../../src/shared/csv-import";
import { addDays } from "../../src/shared/dates";
import { centsToDecimal } from "../../src/shared/money";
import { computeVat } from "../../src/shared/vat";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories";
import { defineBenchmark, request, signIn } from "./harness";
import { openScratchDatabase, usePostgres } from "./scratch-database";

/**
 * Issue 4, two figures:
 * 1. A 10,000-row CSV import end to end through the API (upload, parse, validate, duplicate check, categories,
 *    one database transaction) — under 3 s on the embedded database — side by side with a plain multi-row
 *    INSERT of the same 10,000 rows; the ratio is the cost of everything the import adds.
 * 2. GET /api/transactions, first page with a date filter, for a user with 50,000 transactions: p95 < 50 ms.
 */
const IMPORT_ROWS = 10_000;
const IMPORT_ITERATIONS = 5;
const IMPORT_WARMUP = 1;
const LIST_TRANSACTIONS = 50_000;
const CATEGORIES = [
  "Omzet",
  "Kantoorkosten",
  "Reiskosten",
  "Software en abonnementen",
  "Hosting",
  "Bankkosten",
];
const SHOPS = ["Albert Heijn", "NS Reizigers", "KPN", "Coolblue", "TransIP", "Bol.com", "Shell", "Klant BV"];

/** 10,000 rows as a Dutch bank-style CSV: semicolons, decimal commas, dates DD-MM-YYYY, a quoted field or two. */
function buildCsv(): string {
  const lines = ["Datum;Bedrag;Omschrijving;BTW;Categorie"];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const date = addDays("2025-01-01", i % 365);
    const cents = 100 + ((i * 7919) % 250_000);
    const sign = i % 4 === 0 ? "" : "-";
    const euros = `${Math.trunc(cents / 100).toLocaleString("nl-NL")},${String(cents % 100).padStart(2, "0")}`;
    const description = `${SHOPS[i % SHOPS.length]} ${i}${i % 50 === 0 ? "; betaling" : ""}`;
    lines.push(
      `${date.split("-").reverse().join("-")};"${sign}${euros}";"${description}";${[0, 9, 21][i % 3]};${CATEGORIES[i % CATEGORIES.length]}`,
    );
  }
  return lines.join("\r\n");
}

const CSV = buildCsv();

/** POST with a raw body (the harness's `request` sends JSON). */
function postCsv(baseUrl: string, path: string, cookie: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(path, baseUrl),
      {
        method: "POST",
        headers: { "content-type": "text/csv", "content-length": Buffer.byteLength(body), cookie },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          if (incoming.statusCode !== 200) reject(new Error(`${incoming.statusCode} ${text.slice(0, 200)}`));
          else resolve(text);
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const IMPORT_USERS = Array.from({ length: IMPORT_ITERATIONS + IMPORT_WARMUP }, (_, i) => `bench_import_${i}`);

/**
 * The baseline: the same 10,000 rows, already parsed, as ONE plain multi-row `INSERT … VALUES (…), (…), …`
 * statement (literals, no parameters), on a migrated database of its own of the same kind (PGlite on disk, or
 * PostgreSQL with --postgres) — the server holds the benchmark database.
 */
export const plainInsert = defineBenchmark<{
  handle: DatabaseHandle;
  cleanup(): Promise<void>;
  statement: string;
}>({
  name: `plain multi-row INSERT of the same 10,000 rows (${usePostgres ? "PostgreSQL" : "PGlite on disk"})`,
  iterations: IMPORT_ITERATIONS,
  warmup: IMPORT_WARMUP,
  async setup() {
    const { handle, cleanup } = await openScratchDatabase("bench_insert");
    const user = await createUser(handle.db, { username: "bench_plain_insert" });
    const parsed = parseTransactionsCsv(CSV);
    if (!parsed.ok) throw new Error(parsed.error);
    const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
    const values = parsed.rows.flatMap((row) =>
      row.ok
        ? [
            `(${[
              literal(user.id),
              literal(row.value.date),
              literal(row.value.type),
              literal(row.value.description),
              centsToDecimal(row.value.amount),
              centsToDecimal(row.value.vatRateHundredths),
              centsToDecimal(row.value.vatAmount),
              centsToDecimal(row.value.amountIncludingVat),
              "'completed'",
            ].join(", ")})`,
          ]
        : [],
    );
    const statement =
      "insert into transactions (user_id, date, type, description, amount, vat_rate, vat_amount, " +
      `amount_including_vat, status) values ${values.join(",\n")}`;
    return { handle, cleanup, statement };
  },
  async run({ fixture }) {
    await fixture.handle.db.execute(sql.raw(fixture.statement));
  },
  async teardown(fixture) {
    await fixture.cleanup();
  },
});

/** Each iteration imports into a fresh user, so no row is skipped as a duplicate of an earlier iteration. */
export const csvImport = defineBenchmark<{ cookies: string[] }>({
  name: "POST /api/transactions/import (10,000-row CSV)",
  iterations: IMPORT_ITERATIONS,
  warmup: IMPORT_WARMUP,
  budget: { p95Ms: 3000 },
  compareTo: plainInsert.name,
  async seed(db: Database) {
    for (const username of IMPORT_USERS) await createUser(db, { username });
  },
  async setup({ baseUrl }) {
    const cookies: string[] = [];
    for (const username of IMPORT_USERS) cookies.push(await signIn(baseUrl, username, FACTORY_PASSWORD));
    return { cookies };
  },
  async run({ baseUrl, fixture, iteration }) {
    const answer = JSON.parse(
      await postCsv(baseUrl, "/api/transactions/import", fixture.cookies[iteration]!, CSV),
    );
    if (answer.imported !== IMPORT_ROWS) throw new Error(`imported ${answer.imported} of ${IMPORT_ROWS}`);
  },
});

const LIST_USERNAME = "bench_transactions_list";

/** 50,000 transactions over about four years for one user, plus another user's rows around them. */
async function seedList(db: Database) {
  const user = await createUser(db, { username: LIST_USERNAME });
  const other = await createUser(db, { username: `${LIST_USERNAME}_other` });
  const rowFor = (userId: string, i: number) => {
    const cents = 100 + ((i * 7919) % 500_000);
    const rate = [0, 9, 21][i % 3]! * 100;
    const vat = computeVat(cents, rate);
    return {
      userId,
      date: addDays("2023-01-01", Math.floor((i * 1461) / LIST_TRANSACTIONS)),
      type: i % 4 === 0 ? ("income" as const) : ("expense" as const),
      description: `${SHOPS[i % SHOPS.length]} ${i}`,
      amount: centsToDecimal(cents),
      vatRate: centsToDecimal(rate),
      vatAmount: centsToDecimal(vat.vatAmount),
      amountIncludingVat: centsToDecimal(vat.amountIncludingVat),
    };
  };
  for (let start = 0; start < LIST_TRANSACTIONS; start += 1000) {
    await db.insert(transactions).values(Array.from({ length: 1000 }, (_, k) => rowFor(user.id, start + k)));
  }
  for (let start = 0; start < 10_000; start += 1000) {
    await db.insert(transactions).values(Array.from({ length: 1000 }, (_, k) => rowFor(other.id, start + k)));
  }
}

const signInListUser = async ({ baseUrl }: { baseUrl: string }) => ({
  cookie: await signIn(baseUrl, LIST_USERNAME, FACTORY_PASSWORD),
});

/** What the screen asks with a quarter selected: the first page of 50 plus the totals of the ~3,400 rows. */
export const listWithDateFilter = defineBenchmark({
  name: "GET /api/transactions + /summary (page 1, one quarter, of 50,000)",
  iterations: 1000,
  warmup: 100,
  budget: { p95Ms: 50 },
  seed: seedList,
  setup: signInListUser,
  async run({ baseUrl, fixture }) {
    const filter = "startDate=2025-01-01&endDate=2025-03-31";
    await Promise.all([
      request(baseUrl, {
        path: `/api/transactions?${filter}&limit=50&offset=0`,
        cookie: fixture.cookie,
        expect: 200,
      }),
      request(baseUrl, { path: `/api/transactions/summary?${filter}`, cookie: fixture.cookie, expect: 200 }),
    ]);
  },
});

/** For comparison: the unfiltered first page, whose totals cover all 50,000 rows. */
export const listUnfiltered = defineBenchmark({
  name: "GET /api/transactions + /summary (page 1, no filter, 50,000; no budget)",
  iterations: 200,
  warmup: 20,
  seed: async () => {},
  setup: signInListUser,
  async run({ baseUrl, fixture }) {
    await Promise.all([
      request(baseUrl, { path: "/api/transactions?limit=50", cookie: fixture.cookie, expect: 200 }),
      request(baseUrl, { path: "/api/transactions/summary", cookie: fixture.cookie, expect: 200 }),
    ]);
  },
});
