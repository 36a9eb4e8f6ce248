import http from "node:http";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../src/server/db/client";
import {
  bankAccounts,
  bankStatementLines,
  bankStatements,
  clients,
  invoices,
} from "../../src/server/db/schema/index";
import { proposalsFor, type LineRow } from "../../src/server/features/bank/lines";
import { addDays } from "../../src/shared/dates";
import { centsToDecimal } from "../../src/shared/money";
import { camt053, mt940, type CamtEntry } from "../../tests/bank-files";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories";
import { defineBenchmark, signIn } from "./harness";
import { openScratchDatabase } from "./scratch-database";
import { settleBenchInvoices } from "./paid-invoices";

/**
 * Issue 17, three figures on the embedded database (and with --postgres on PostgreSQL):
 * 1. A 10,000-line CAMT.053 import through the API (parse, account, duplicate check, one transaction, matching):
 *    p95 < 3 s.
 * 2. The same for a 10,000-line MT940 file: p95 < 3 s.
 * 3. Proposals for 10,000 open lines against 5,000 open invoices (the matcher with everything it reads): < 2 s.
 */
const LINES = 10_000;
const OPEN_INVOICES = 5_000;
const ITERATIONS = 3;
const WARMUP = 1;
const IBAN = "NL91ABNA0417164300";
const SHOPS = ["Albert Heijn", "NS Reizigers", "KPN", "Coolblue", "TransIP", "Bol.com", "Shell", "Klant BV"];

/** A year of a busy account: mostly card payments and transfers, one in four money in with an invoice number. */
function entries(): CamtEntry[] {
  return Array.from({ length: LINES }, (_, i) => {
    const cents = 100 + ((i * 7919) % 250_000);
    const incoming = i % 4 === 0;
    return {
      date: addDays("2025-01-01", Math.floor((i * 365) / LINES)),
      amount: centsToDecimal(incoming ? cents : -cents),
      name: `${SHOPS[i % SHOPS.length]} ${i % 97}`,
      iban:
        i % 3 === 0
          ? `NL${String(10 + (i % 89)).padStart(2, "0")}INGB000${String(1_000_000 + (i % 5000))}`
          : undefined,
      text: incoming ? `Factuur 2025-${String(i % OPEN_INVOICES).padStart(5, "0")}` : `Betaling ${i}`,
    };
  });
}

const ENTRIES = entries();
const CAMT = camt053({ iban: IBAN, opening: "1000.00", entries: ENTRIES, id: "BENCH" });
const MT940 = mt940({ iban: IBAN, opening: "1000.00", entries: ENTRIES, id: "BENCH" });

function postFile(baseUrl: string, cookie: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL("/api/bank-statements/import?fileName=bench", baseUrl),
      {
        method: "POST",
        headers: {
          "content-type": "application/octet-stream",
          "content-length": Buffer.byteLength(body),
          cookie,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          if (incoming.statusCode !== 200) reject(new Error(`${incoming.statusCode} ${text.slice(0, 300)}`));
          else resolve(text);
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Fresh users, each with the statement's account: every iteration imports 10,000 new lines. */
const importBenchmark = (format: "CAMT.053" | "MT940", file: string) => {
  const usernames = Array.from(
    { length: ITERATIONS + WARMUP },
    (_, i) => `bench_bank_${format.replace(".", "")}_${i}`,
  );
  return defineBenchmark<{ cookies: string[] }>({
    name: `POST /api/bank-statements/import (10,000-line ${format})`,
    iterations: ITERATIONS,
    warmup: WARMUP,
    budget: { p95Ms: 3000 },
    async seed(db: Database) {
      for (const username of usernames) {
        const user = await createUser(db, { username });
        await db
          .update(bankAccounts)
          .set({ iban: IBAN })
          .where(sql`${bankAccounts.userId} = ${user.id}`);
      }
    },
    async setup({ baseUrl }) {
      const cookies: string[] = [];
      for (const username of usernames) cookies.push(await signIn(baseUrl, username, FACTORY_PASSWORD));
      return { cookies };
    },
    async run({ baseUrl, fixture, iteration }) {
      const answer = JSON.parse(await postFile(baseUrl, fixture.cookies[iteration]!, file));
      if (answer.new !== LINES)
        throw new Error(`imported ${answer.new} of ${LINES}: ${JSON.stringify(answer).slice(0, 300)}`);
    },
  });
};

export const camtImport = importBenchmark("CAMT.053", CAMT);
export const mt940Import = importBenchmark("MT940", MT940);

/**
 * The matcher on a database of its own (the server holds the benchmark database): 5,000 open invoices, 10,000
 * open lines, and proposalsFor as the list, the bulk accept and the import call it.
 */
export const proposals = defineBenchmark<{
  handle: DatabaseHandle;
  cleanup(): Promise<void>;
  userId: string;
  rows: LineRow[];
}>({
  name: "bank proposals (10,000 lines × 5,000 open invoices)",
  iterations: 5,
  warmup: 1,
  budget: { p95Ms: 2000 },
  async setup() {
    const { handle, cleanup } = await openScratchDatabase("bench_bank_proposals");
    const db = handle.db;
    const user = await createUser(db, { username: "bench_bank_proposals" });
    const [account] = await db
      .select()
      .from(bankAccounts)
      .where(sql`${bankAccounts.userId} = ${user.id}`);
    const [client] = await db
      .insert(clients)
      .values({ userId: user.id, name: "Klant BV", iban: "NL44RABO0123456789" })
      .returning();
    for (let start = 0; start < OPEN_INVOICES; start += 1000) {
      await db.insert(invoices).values(
        Array.from({ length: 1000 }, (_, k) => {
          const i = start + k;
          const total = 10_000 + ((i * 7919) % 250_000);
          return {
            userId: user.id,
            clientId: client!.id,
            invoiceNumber: `2025-${String(i).padStart(5, "0")}`,
            issueDate: addDays("2025-01-01", i % 365),
            dueDate: addDays("2025-01-15", i % 365),
            status: "sent" as const,
            subtotal: centsToDecimal(total),
            taxAmount: "0",
            total: centsToDecimal(total),
          };
        }),
      );
    }
    await settleBenchInvoices(db, user.id, "2025-12-31");
    const [statement] = await db
      .insert(bankStatements)
      .values({ userId: user.id, bankAccountId: account!.id, format: "bench" })
      .returning();
    for (let start = 0; start < LINES; start += 1000) {
      await db.insert(bankStatementLines).values(
        ENTRIES.slice(start, start + 1000).map((entry, k) => ({
          userId: user.id,
          bankAccountId: account!.id,
          statementId: statement!.id,
          bookingDate: entry.date,
          amount: entry.amount,
          counterpartyName: entry.name ?? null,
          counterpartyIban: entry.iban ?? null,
          description: entry.text ?? "",
          contentKey: `bench-${start + k}`,
        })),
      );
    }
    const rows = await db
      .select()
      .from(bankStatementLines)
      .where(sql`${bankStatementLines.userId} = ${user.id}`);
    return { handle, cleanup, userId: user.id, rows };
  },
  async run({ fixture }) {
    const result = await proposalsFor(fixture.handle.db, fixture.userId, fixture.rows);
    if (result.size !== LINES) throw new Error(`${result.size} proposals for ${LINES} lines`);
  },
  async teardown(fixture) {
    await fixture.cleanup();
  },
});
