/**
 * The account rows that other features make, change and remove, as named operations of the feature that owns
 * `users` and `sessions`:
 * 1. demo accounts (features/demo): made with generated data, prepared in a pool, claimed, cleaned up;
 * 2. operator accounts (features/operator): made or given a new password from the command line;
 * 3. erased accounts (features/privacy): deleted outright, or closed and kept for the fiscal retention period.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema/index";
import type { SessionUser } from "./sessions";

/**
 * A demo account has no password: this is no argon2 hash, so no password ever matches it (verifyPassword answers
 * false), and nobody can sign in to a demo except through the session it was started with.
 */
const NO_PASSWORD = "!demo-account-without-password";

export type DemoAccountInput = {
  firstName: string;
  lastName: string;
  companyName: string;
  /** Null for an account prepared ahead, which starts its time when it is claimed. */
  demoExpiresAt: Date | null;
  now: Date;
};

export async function createDemoAccount(db: Database, input: DemoAccountInput): Promise<SessionUser> {
  const [user] = await db
    .insert(users)
    .values({
      username: `demo_${randomBytes(6).toString("hex")}`,
      passwordHash: NO_PASSWORD,
      firstName: input.firstName,
      lastName: input.lastName,
      companyName: input.companyName,
      isDemo: true,
      demoExpiresAt: input.demoExpiresAt,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return user!;
}

const unclaimedDemo = () => and(eq(users.isDemo, true), isNull(users.demoExpiresAt));

/**
 * Takes the oldest prepared demo account made since `preparedSince` and starts its time, up to `expiresAt`;
 * null when there is none. Accounts others are claiming at the same moment are skipped, not waited for.
 */
export async function claimPreparedDemoAccount(
  db: Database,
  preparedSince: Date,
  expiresAt: Date,
  now: Date,
): Promise<SessionUser | null> {
  const oldest = db
    .select({ id: users.id })
    .from(users)
    .where(and(unclaimedDemo(), gte(users.createdAt, preparedSince)))
    .orderBy(asc(users.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [claimed] = await db
    .update(users)
    .set({ demoExpiresAt: expiresAt, updatedAt: now })
    .where(inArray(users.id, oldest))
    .returning();
  return claimed ?? null;
}

/** How many prepared demo accounts wait to be claimed. */
export function countPreparedDemoAccounts(db: Database): Promise<number> {
  return db.$count(users, unclaimedDemo());
}

/** Removes the prepared demo accounts made before `preparedBefore`, with their data (ON DELETE CASCADE). */
export async function deletePreparedDemoAccounts(db: Database, preparedBefore: Date): Promise<void> {
  await db.delete(users).where(and(unclaimedDemo(), lt(users.createdAt, preparedBefore)));
}

/** Removes these demo accounts with their data (ON DELETE CASCADE); other accounts among the ids stay. */
export async function deleteDemoAccounts(db: Database, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(users).where(and(inArray(users.id, [...userIds]), eq(users.isDemo, true)));
}

/** An operator account for this address, which is its username too. */
export async function createOperatorAccount(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<void> {
  await db.insert(users).values({ username: email, email, passwordHash, isOperator: true });
}

/** Gives an operator a new password and signs it out everywhere. */
export async function resetOperatorPassword(
  db: Database,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.isOperator, true)));
  await deleteSessionsOf(db, userId);
}

/** Signs the user out everywhere. */
export async function deleteSessionsOf(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes the account with everything it holds (ON DELETE CASCADE). */
export async function deleteAccount(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Closes an erased account that still holds fiscal records: its personal details go, it can no longer be signed
 * in to, and it is kept until `retainedUntil` (a calendar day).
 */
export async function closeErasedAccount(
  db: Database,
  userId: string,
  retainedUntil: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      username: `verwijderd-${userId}`,
      email: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      companyName: null,
      // Not a hash of any password: the account cannot be signed in to (sign-in also skips erased accounts).
      passwordHash: "erased",
      erasedAt: now,
      retainedUntil,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Deletes the closed accounts kept until a day before `today`, with all they held; answers how many. */
export async function deleteRetainedAccountsBefore(db: Database, today: string): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(and(isNotNull(users.erasedAt), lt(users.retainedUntil, today)))
    .returning({ id: users.id });
  return deleted.length;
}
