/**
 * Demo accounts (spec §6, §9): a temporary, fully filled account for a visitor, without registering.
 * 1. createDemoUser: a user flagged as demo ('Demo Bedrijf', expiring two hours later) with a freshly generated
 *    year of data, written in one transaction.
 * 2. A pool of accounts prepared ahead (refillDemoPool, a scheduled job): starting a demo claims one, so a visitor
 *    waits for one UPDATE instead of a year of inserts, also when many start at once. The pool holds only
 *    accounts generated today (the data are relative to today); an empty pool falls back to creating one.
 * 3. deleteExpiredDemoUsers: the scheduled clean-up; deleting the user cascades to every row it owns.
 */
import { randomInt } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { businessDate, businessMoment } from "../../../shared/dates";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { generateAccount } from "../../generator/generate";
import { writeGeneratedAccount } from "../../generator/write";
import {
  claimPreparedDemoAccount,
  countPreparedDemoAccounts,
  createDemoAccount,
  deleteDemoAccounts,
  deletePreparedDemoAccounts,
} from "../auth/accounts";
import type { SessionUser } from "../auth/sessions";

/** Spec §9: a demo lasts two hours. */
export const DEMO_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** Spec §2.10: the company label of a demo user. */
export const DEMO_COMPANY_NAME = "Demo Bedrijf";
/** Demo users delete in batches, so one clean-up run never holds a huge transaction. */
const DELETE_BATCH = 50;

/** Prepared accounts kept ready; more than the 20 demos that may start at the same moment. */
export const DEMO_POOL_SIZE = 24;
/** Accounts the refill job prepares per run, so one run holds the database only briefly. */
const POOL_REFILL_PER_RUN = 2;

/** A demo for a visitor: a prepared account of today when there is one, else a new one. */
export async function startDemo(db: Database, now: Date): Promise<SessionUser> {
  return (await claimPreparedDemo(db, now)) ?? createDemoUser(db, now);
}

/** Takes one prepared account of today and starts its two hours; null when the pool is empty. */
export function claimPreparedDemo(db: Database, now: Date): Promise<SessionUser | null> {
  return claimPreparedDemoAccount(db, startOfToday(now), new Date(now.getTime() + DEMO_LIFETIME_MS), now);
}

/**
 * Scheduled: drops prepared accounts of an earlier day (their data would look a day old) and prepares new ones
 * until the pool is full, a few per run.
 */
export async function refillDemoPool(
  db: Database,
  now: Date,
  options: { size?: number; perRun?: number } = {},
): Promise<number> {
  const { size = DEMO_POOL_SIZE, perRun = POOL_REFILL_PER_RUN } = options;
  await deletePreparedDemoAccounts(db, startOfToday(now));
  const ready = await countPreparedDemoAccounts(db);
  const missing = Math.min(size - ready, perRun);
  for (let i = 0; i < missing; i++) await createDemoUser(db, now, { prepared: true });
  return Math.max(missing, 0);
}

const startOfToday = (now: Date) => businessMoment(businessDate(now));

/**
 * A new demo account with a generated year of data. A prepared one has no expiry until it is claimed (and is
 * never signed in before that).
 */
export async function createDemoUser(
  db: Database,
  now: Date,
  options: { prepared?: boolean } = {},
): Promise<SessionUser> {
  const account = generateAccount({ seed: randomInt(2 ** 31), size: "small", today: businessDate(now) });
  return db.transaction(async (tx) => {
    const user = await createDemoAccount(tx, {
      firstName: account.owner.firstName,
      lastName: account.owner.lastName,
      companyName: DEMO_COMPANY_NAME,
      demoExpiresAt: options.prepared ? null : new Date(now.getTime() + DEMO_LIFETIME_MS),
      now,
    });
    await writeGeneratedAccount(tx, user.id, account);
    return user;
  });
}

/** Scheduled: removes demo accounts whose two hours are over, with all their data (ON DELETE CASCADE). */
export async function deleteExpiredDemoUsers(db: Database, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isDemo, true), lte(users.demoExpiresAt, now)))
      .limit(DELETE_BATCH);
    if (expired.length === 0) return deleted;
    await deleteDemoAccounts(
      db,
      expired.map((row) => row.id),
    );
    deleted += expired.length;
  }
}
