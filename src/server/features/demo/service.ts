/**
 * Demo accounts (spec §6, §9): a temporary, fully filled account for a visitor, without registering.
 * 1. createDemoUser: a user flagged as demo ('Demo Bedrijf', expiring two hours later) with a freshly generated
 *    year of data, written in one transaction.
 * 2. deleteExpiredDemoUsers: the scheduled clean-up; deleting the user cascades to every row it owns.
 */
import { randomBytes, randomInt } from "node:crypto";
import { and, eq, inArray, lte } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { generateAccount } from "../../generator/generate";
import { writeGeneratedAccount } from "../../generator/write";
import type { SessionUser } from "../auth/sessions";

/** Spec §9: a demo lasts two hours. */
export const DEMO_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** Spec §2.10: the company label of a demo user. */
export const DEMO_COMPANY_NAME = "Demo Bedrijf";
/**
 * A demo account has no password: this is no argon2 hash, so no password ever matches it (verifyPassword answers
 * false), and nobody can sign in to a demo except through the session it was started with.
 */
const NO_PASSWORD = "!demo-account-without-password";
/** Demo users delete in batches, so one clean-up run never holds a huge transaction. */
const DELETE_BATCH = 50;

export async function createDemoUser(db: Database, now: Date): Promise<SessionUser> {
  const account = generateAccount({ seed: randomInt(2 ** 31), size: "small", today: businessDate(now) });
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        username: `demo_${randomBytes(6).toString("hex")}`,
        passwordHash: NO_PASSWORD,
        firstName: account.owner.firstName,
        lastName: account.owner.lastName,
        companyName: DEMO_COMPANY_NAME,
        isDemo: true,
        demoExpiresAt: new Date(now.getTime() + DEMO_LIFETIME_MS),
      })
      .returning();
    await writeGeneratedAccount(tx, user!.id, account);
    return user!;
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
    await db.delete(users).where(
      inArray(
        users.id,
        expired.map((row) => row.id),
      ),
    );
    deleted += expired.length;
  }
}
