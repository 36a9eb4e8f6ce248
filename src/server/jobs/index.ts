import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import type { DocumentStore } from "../features/documents/store";
import { runBillingJob, type BillingDeps } from "../features/billing/service";
import { deleteExpiredSessions } from "../features/auth/sessions";
import { DEMO_POOL_SIZE, deleteExpiredDemoUsers, refillDemoPool } from "../features/demo/service";
import { postDueDepreciation } from "../features/fixed-assets/service";
import { markOverdueInvoices } from "../features/invoices/settlement";
import { deleteExpiredRetainedAccounts } from "../features/privacy/erasure";
import { sendDueReminders } from "../features/reminders/service";
import type { PaymentLinkSource } from "../features/invoices/sending";
import { makeDueRecurringInvoices } from "../features/recurring-invoices/service";
import { generateDueRecurringTransactions } from "../features/transactions/recurring";
import { deleteExpiredRateLimitHits } from "../plugins/rate-limit-store";
import type { Job } from "./scheduler";

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/**
 * Demo accounts kept ready by default. PostgreSQL prepares them beside other work; the embedded database runs one
 * statement at a time, so each preparation holds up every request for a moment: a small pool is enough there.
 */
const DEFAULT_DEMO_POOL_SIZE: Record<DatabaseHandle["kind"], number> = {
  postgres: DEMO_POOL_SIZE,
  pglite: 2,
};

/** Every scheduled job of Balans, for the kind of database it runs on. */
export function jobsFor(
  kind: DatabaseHandle["kind"],
  options: {
    demoPoolSize?: number;
    documentStore?: DocumentStore;
    paymentLinks?: PaymentLinkSource;
    billing?: BillingDeps;
  } = {},
): Job[] {
  const demoPoolSize = options.demoPoolSize ?? DEFAULT_DEMO_POOL_SIZE[kind];
  const jobs: Job[] = [
    { name: "delete-expired-sessions", intervalMs: HOUR, run: deleteExpiredSessions },
    // Spec §6: a demo ends after two hours; its account and all its data go within five minutes after that.
    { name: "delete-expired-demos", intervalMs: 5 * MINUTE, run: deleteExpiredDemoUsers },
    // Keeps demo accounts of today ready, so that starting a demo is one UPDATE (a few per run, every 10 s).
    {
      name: "refill-demo-pool",
      intervalMs: 10 * 1000,
      run: (db, now) => refillDemoPool(db, now, { size: demoPoolSize }),
    },
    // A sent invoice becomes Verlopen the day after its due date; hourly is soon enough for a calendar day.
    { name: "mark-overdue-invoices", intervalMs: HOUR, run: markOverdueInvoices },
    // Reminder steps fall due on a calendar day; checking hourly sends them early in that day even after a
    // restart, and each step of an invoice goes out once (its unique key), however often this runs.
    {
      name: "send-payment-reminders",
      intervalMs: HOUR,
      run: (db, now) => sendDueReminders(db, now, options.paymentLinks ?? null),
    },
    // Occurrences are due on their calendar day; checking every 15 minutes creates them soon after midnight.
    { name: "recurring-transactions", intervalMs: 15 * MINUTE, run: generateDueRecurringTransactions },
    // Abonnementen: each period's invoice on its first calendar day; hourly makes it soon after midnight.
    {
      name: "recurring-invoices",
      intervalMs: HOUR,
      run: (db, now) => makeDueRecurringInvoices(db, now, options.paymentLinks ?? null),
    },
    // Depreciation falls due at the end of a month (or year): the periods due since the last run are booked.
    { name: "post-depreciation", intervalMs: 24 * HOUR, run: postDueDepreciation },
    // Erased accounts keep their fiscal records until a calendar date; checking daily is exact enough.
    { name: "delete-expired-retained-accounts", intervalMs: 24 * HOUR, run: deleteExpiredRetainedAccounts },
  ];
  const billing = options.billing;
  if (billing?.provider) {
    // Trial reminders fall on a calendar day and go once each (billing_notices); invoices for paid subscription
    // payments that could not be made at once are made here.
    jobs.push({ name: "billing", intervalMs: HOUR, run: (db, now) => runBillingJob(db, now, billing) });
  }
  const store = options.documentStore;
  if (store) {
    // Originals outside the database whose record went with an erased account or a failed commit. Only files
    // older than an hour: one written a moment ago may belong to a transaction that has yet to commit.
    jobs.push({
      name: "remove-orphaned-documents",
      intervalMs: 24 * HOUR,
      run: (db, now) => store.removeOrphans(db, new Date(now.getTime() - HOUR)),
    });
  }
  if (kind === "postgres") {
    // Rate limits are counted in rate_limit_hits there (main.ts); ended windows are removed in one cheap delete.
    jobs.push({
      name: "delete-expired-rate-limits",
      intervalMs: 5 * MINUTE,
      run: deleteExpiredRateLimitHits,
    });
  }
  if (kind === "pglite") {
    // PGlite runs no autovacuum: without fresh statistics the planner ignores new indexes on growing tables.
    jobs.push({ name: "analyze", intervalMs: HOUR, run: (db) => db.execute(sql`analyze`) });
  }
  return jobs;
}
