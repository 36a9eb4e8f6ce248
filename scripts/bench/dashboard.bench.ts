import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import {
  invoiceItems,
  invoiceNumberCounters,
  invoices,
  timeEntries,
  transactions,
} from "../../src/server/db/schema/index";
import { findDefaultBankAccountId } from "../../src/server/features/bank/accounts";
import { rebuildLedger } from "../../src/server/features/ledger/posting";
import { addDays, businessDate } from "../../src/shared/dates";
import { centsToDecimal } from "../../src/shared/money";
import { formatSeriesNumber } from "../../src/shared/invoices/series";
import { settleBenchInvoices } from "./paid-invoices";
import { computeVat } from "../../src/shared/vat";
import {
  createClientRecord,
  createCompanyProfile,
  createProject,
  createUser,
  FACTORY_PASSWORD,
} from "../../tests/factories";
import { defineBenchmark, request, signIn } from "./harness";

/**
 * Issue 7: the dashboard of a busy freelancer — 50,000 transactions, 5,000 invoices and 20,000 time entries over
 * the last three years, booked in the ledger — answers GET /api/dashboard/metrics with p95 under 50 ms.
 */
const TRANSACTIONS = 50_000;
const INVOICES = 5_000;
const TIME_ENTRIES = 20_000;
const DAYS = 3 * 365;
const USERNAME = "bench_dashboard";
const BATCH = 1000;
const STATUSES = ["paid", "paid", "paid", "sent", "overdue", "draft"] as const;

async function seedDashboard(db: Database) {
  const today = businessDate(new Date());
  const first = addDays(today, -DAYS);
  const user = await createUser(db, { username: USERNAME });
  // Another user's records around them: the queries must not pay for those.
  const other = await createUser(db, { username: `${USERNAME}_other` });
  await createCompanyProfile(db, user.id);
  const clients: { id: string }[] = [];
  for (let i = 0; i < 20; i++) clients.push(await createClientRecord(db, user.id, { name: `Klant ${i}` }));
  const project = await createProject(db, user.id, { name: "Project", clientId: clients[0]!.id });
  const bankAccountIds = new Map([
    [user.id, await findDefaultBankAccountId(db, user.id)],
    [other.id, await findDefaultBankAccountId(db, other.id)],
  ]);

  const transactionRow = (userId: string, i: number) => {
    const cents = 100 + ((i * 7919) % 500_000);
    const rate = [0, 9, 21][i % 3]! * 100;
    const vat = computeVat(cents, rate);
    return {
      userId,
      bankAccountId: bankAccountIds.get(userId)!,
      date: addDays(first, Math.floor((i * DAYS) / TRANSACTIONS)),
      type: i % 4 === 0 ? ("income" as const) : ("expense" as const),
      description: `Boeking ${i}`,
      clientId: i % 4 === 0 && userId === user.id ? clients[i % clients.length]!.id : null,
      amount: centsToDecimal(cents),
      vatRate: centsToDecimal(rate),
      vatAmount: centsToDecimal(vat.vatAmount),
      amountIncludingVat: centsToDecimal(vat.amountIncludingVat),
    };
  };
  for (let start = 0; start < TRANSACTIONS; start += BATCH)
    await db
      .insert(transactions)
      .values(Array.from({ length: BATCH }, (_, k) => transactionRow(user.id, start + k)));
  for (let start = 0; start < 10_000; start += BATCH)
    await db
      .insert(transactions)
      .values(Array.from({ length: BATCH }, (_, k) => transactionRow(other.id, start + k)));

  for (let start = 0; start < INVOICES; start += 500) {
    const rows = Array.from({ length: 500 }, (_, offset) => {
      const i = start + offset;
      const issueDate = addDays(first, Math.floor((i * DAYS) / INVOICES));
      const status = STATUSES[i % STATUSES.length]!;
      return {
        userId: user.id,
        clientId: clients[i % clients.length]!.id,
        invoiceNumber: formatSeriesNumber(i + 1),
        issueDate,
        dueDate: addDays(issueDate, 14),
        subtotal: "170.00",
        taxAmount: "35.70",
        total: "205.70",
        status,
        sentAt: status === "draft" ? null : new Date(`${issueDate}T10:00:00Z`),
        paidDate: status === "paid" ? addDays(issueDate, 20) : null,
      };
    });
    const inserted = await db.insert(invoices).values(rows).returning({ id: invoices.id });
    await db.insert(invoiceItems).values(
      inserted.map(({ id }) => ({
        userId: user.id,
        invoiceId: id,
        description: "Ontwerp",
        quantity: "2.00",
        rate: "85.00",
        vatRate: "21.00",
        vatCategory: "21" as const,
        amount: "170.00",
        vatAmount: "35.70",
        totalAmount: "205.70",
      })),
    );
  }
  await db.insert(invoiceNumberCounters).values({ userId: user.id, lastNumber: INVOICES });
  await settleBenchInvoices(db, user.id, today);

  for (let start = 0; start < TIME_ENTRIES; start += BATCH) {
    await db.insert(timeEntries).values(
      Array.from({ length: BATCH }, (_, k) => {
        const i = start + k;
        const startTime = new Date(
          Date.now() - Math.floor((i * DAYS) / TIME_ENTRIES) * 86_400_000 - 3_600_000,
        );
        const duration = 30 + (i % 8) * 15;
        return {
          userId: user.id,
          projectId: project.id,
          clientId: clients[0]!.id,
          description: `Werk ${i}`,
          startTime,
          endTime: new Date(startTime.getTime() + duration * 60_000),
          duration,
          hourlyRate: "85.00",
          isBillable: i % 5 !== 0,
        };
      }),
    );
  }
  await rebuildLedger(db, user.id);
  // Fresh planner statistics, as a running server keeps them (autovacuum on PostgreSQL, the hourly 'analyze' job
  // on the embedded database): right after a bulk insert they are missing.
  await db.execute(sql`analyze`);
}

export const dashboardMetrics = defineBenchmark({
  name: "GET /api/dashboard/metrics (50,000 transactions, 5,000 invoices, 20,000 time entries)",
  iterations: 500,
  warmup: 50,
  budget: { p95Ms: 50 },
  seed: seedDashboard,
  setup: async ({ baseUrl }) => ({ cookie: await signIn(baseUrl, USERNAME, FACTORY_PASSWORD) }),
  async run({ baseUrl, fixture, iteration }) {
    const period = (["6months", "quarter", "year"] as const)[iteration % 3];
    await request(baseUrl, {
      path: `/api/dashboard/metrics?period=${period}`,
      cookie: fixture.cookie,
      expect: 200,
    });
  },
});
