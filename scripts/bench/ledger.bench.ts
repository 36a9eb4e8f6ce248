import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import {
  invoiceItems,
  invoiceNumberCounters,
  invoices,
  transactions,
} from "../../src/server/db/schema/index";
import { rebuildLedger } from "../../src/server/features/ledger/posting";
import { addDays, businessDate } from "../../src/shared/dates";
import { centsToDecimal } from "../../src/shared/money";
import { formatSeriesNumber } from "../../src/shared/invoices/series";
import { settleBenchInvoices } from "./paid-invoices";
import { computeVat } from "../../src/shared/vat";
import {
  createClientRecord,
  createCompanyProfile,
  createUser,
  FACTORY_PASSWORD,
} from "../../tests/factories";
import { defineBenchmark, request, signIn } from "./harness";

/**
 * Issue 7: the books of a user with 50,000 transactions and 5,000 invoices (bulk insert, then rebuildLedger):
 * a year's profit and loss and a quarter's VAT return through the API, p95 under 100 ms each. The seed prints
 * how long the rebuild took.
 */
const USERNAME = "bench_ledger";
const TRANSACTION_COUNT = 50_000;
const INVOICE_COUNT = 5_000;
const STATUSES = ["paid", "paid", "paid", "sent", "overdue", "draft"] as const;

let seeding: Promise<void> | undefined;

export function seedLedger(db: Database): Promise<void> {
  seeding ??= (async () => {
    const user = await createUser(db, { username: USERNAME });
    const other = await createUser(db, { username: `${USERNAME}_other` });
    await createCompanyProfile(db, user.id);
    const clients: Array<{ id: string }> = [];
    for (let i = 0; i < 20; i++) {
      clients.push(
        await createClientRecord(db, user.id, {
          name: `Klant ${i}`,
          ...(i % 5 === 0 ? { country: "BE", taxNumber: "BE0123456749" } : {}),
        }),
      );
    }
    const categoryRows = await db.execute<{ id: string; type: string }>(
      sql`select id, type from categories where user_id = ${user.id}::uuid order by name`,
    );
    const categories = (categoryRows as unknown as { rows: Array<{ id: string; type: string }> }).rows;
    const income = categories.filter((row) => row.type === "income");
    const expense = categories.filter((row) => row.type === "expense");

    // 50,000 transactions over four years (2023–2026), a quarter income; and 10,000 of another user.
    const rowFor = (userId: string, i: number, own: boolean) => {
      const cents = 100 + ((i * 7919) % 500_000);
      const rate = [0, 9, 21][i % 3]! * 100;
      const vat = computeVat(cents, rate);
      const type = i % 4 === 0 ? ("income" as const) : ("expense" as const);
      const pool = type === "income" ? income : expense;
      return {
        userId,
        date: addDays("2023-01-01", Math.floor((i * 1461) / TRANSACTION_COUNT)),
        type,
        description: `Boeking ${i}`,
        amount: centsToDecimal(cents),
        vatRate: centsToDecimal(rate),
        vatAmount: centsToDecimal(vat.vatAmount),
        amountIncludingVat: centsToDecimal(vat.amountIncludingVat),
        categoryId: own && i % 7 !== 0 ? pool[i % pool.length]!.id : null,
      };
    };
    for (let start = 0; start < TRANSACTION_COUNT; start += 1000) {
      await db
        .insert(transactions)
        .values(Array.from({ length: 1000 }, (_, k) => rowFor(user.id, start + k, true)));
    }
    for (let start = 0; start < 10_000; start += 1000) {
      await db
        .insert(transactions)
        .values(Array.from({ length: 1000 }, (_, k) => rowFor(other.id, start + k, false)));
    }

    // 5,000 invoices of two lines (21% and 9%, or reverse charge for the Belgian clients) over 2025–2026.
    for (let start = 0; start < INVOICE_COUNT; start += 500) {
      const rows = Array.from({ length: Math.min(500, INVOICE_COUNT - start) }, (_, offset) => {
        const i = start + offset;
        const issueDate = addDays("2025-01-01", Math.floor((i * 700) / INVOICE_COUNT));
        const status = STATUSES[i % STATUSES.length]!;
        const foreign = i % 20 < 4;
        return {
          userId: user.id,
          clientId: clients[i % clients.length]!.id,
          invoiceNumber: formatSeriesNumber(i + 1),
          issueDate,
          dueDate: addDays(issueDate, 30),
          subtotal: "185.75",
          taxAmount: foreign ? "0.00" : "37.12",
          total: foreign ? "185.75" : "222.87",
          status,
          sentAt: status === "draft" ? null : new Date(`${issueDate}T10:00:00Z`),
          paidDate: status === "paid" ? addDays(issueDate, 20) : null,
          clientSnapshot: {
            name: `Klant ${i % clients.length}`,
            address: null,
            postalCode: null,
            city: null,
            country: foreign ? "BE" : "NL",
            vatNumber: null,
            kvkNumber: null,
            email: null,
          },
        };
      });
      const inserted = await db.insert(invoices).values(rows).returning({ id: invoices.id });
      await db.insert(invoiceItems).values(
        inserted.flatMap(({ id }, index) => {
          const foreign = rows[index]!.clientSnapshot.country === "BE";
          return [
            {
              userId: user.id,
              invoiceId: id,
              position: 0,
              description: "Ontwerp homepage",
              quantity: "2.00",
              rate: "85.00",
              vatRate: foreign ? "0.00" : "21.00",
              vatCategory: foreign ? ("reverse_charge" as const) : ("21" as const),
              amount: "170.00",
              vatAmount: foreign ? "0.00" : "35.70",
              totalAmount: foreign ? "170.00" : "205.70",
            },
            {
              userId: user.id,
              invoiceId: id,
              position: 1,
              description: "Drukwerk",
              quantity: "1.50",
              rate: "10.50",
              vatRate: foreign ? "0.00" : "9.00",
              vatCategory: foreign ? ("reverse_charge" as const) : ("9" as const),
              amount: "15.75",
              vatAmount: foreign ? "0.00" : "1.42",
              totalAmount: foreign ? "15.75" : "17.17",
            },
          ];
        }),
      );
    }
    await db.insert(invoiceNumberCounters).values({ userId: user.id, lastNumber: INVOICE_COUNT });
    await settleBenchInvoices(db, user.id, businessDate(new Date()));

    const started = performance.now();
    await db.transaction((tx) => rebuildLedger(tx, user.id));
    await rebuildLedger(db, other.id);
    const lines = await db.execute(
      sql`select count(*)::int as count from journal_lines where user_id = ${user.id}::uuid`,
    );
    console.log(
      `rebuildLedger: ${TRANSACTION_COUNT} transactions + ${INVOICE_COUNT} invoices → ${
        (lines as unknown as { rows: Array<{ count: number }> }).rows[0]!.count
      } journal lines in ${((performance.now() - started) / 1000).toFixed(1)} s (incl. the other user)`,
    );
    // Fresh statistics for the planner after the bulk load, as autovacuum would give them on a running server.
    await db.execute(sql`analyze journal_lines`);
    await db.execute(sql`analyze ledger_accounts`);
  })();
  return seeding;
}

const signInLedgerUser = async ({ baseUrl }: { baseUrl: string }) => ({
  cookie: await signIn(baseUrl, USERNAME, FACTORY_PASSWORD),
});

export const ledgerProfitAndLoss = defineBenchmark({
  name: "GET /api/ledger/profit-and-loss (a year; 50,000 transactions, 5,000 invoices)",
  iterations: 300,
  warmup: 30,
  budget: { p95Ms: 100 },
  seed: seedLedger,
  setup: signInLedgerUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, {
      path: "/api/ledger/profit-and-loss?from=2025-01-01&to=2025-12-31",
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});

export const ledgerVatReturn = defineBenchmark({
  name: "GET /api/vat-returns/2025-Q2 (ledger of 50,000 transactions, 5,000 invoices)",
  iterations: 300,
  warmup: 30,
  budget: { p95Ms: 100 },
  seed: seedLedger,
  setup: signInLedgerUser,
  async run({ baseUrl, fixture }) {
    await request(baseUrl, { path: "/api/vat-returns/2025-Q2", cookie: fixture.cookie, expect: 200 });
  },
});
