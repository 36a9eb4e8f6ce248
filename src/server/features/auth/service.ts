import { and, eq, ne, sql } from "drizzle-orm";
import type { RegisterInputSchema, User } from "@shared/schemas/auth";
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type PasswordChangeInput,
  type ProfileInput,
} from "@shared/schemas/settings";
import type { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { sessions, users } from "../../db/schema/index";
import { AppError, invalidField, uniqueViolation } from "../../errors";
import { createDefaultBankAccount } from "../bank-accounts/service";
import { createStarterCategories } from "../categories/service";
import { ensureChartOfAccounts } from "../ledger/chart";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import type { SessionUser } from "./sessions";

type ParsedRegisterInput = z.output<typeof RegisterInputSchema>;

const USERNAME_TAKEN = "Deze gebruikersnaam is al in gebruik";
const EMAIL_TAKEN = "Dit e-mailadres is al in gebruik";

/** Creates the account with its default bank account, starter categories and chart of accounts, all or nothing. */
export async function registerUser(db: Database, input: ParsedRegisterInput): Promise<SessionUser> {
  await assertAvailable(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email ?? null,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          companyName: input.companyName ?? null,
        })
        .returning();
      await createDefaultBankAccount(tx, user!.id);
      await createStarterCategories(tx, user!.id);
      await ensureChartOfAccounts(tx, user!.id);
      return user!;
    });
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides.
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw constraint.includes("email") ? taken("email", EMAIL_TAKEN) : taken("username", USERNAME_TAKEN);
  }
}

/** Checked before hashing, so the common case answers quickly with the right field's message. */
async function assertAvailable(db: Database, input: ParsedRegisterInput): Promise<void> {
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
    .limit(1);
  if (byName) throw taken("username", USERNAME_TAKEN);
  if (!input.email) return;
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  if (byEmail) throw taken("email", EMAIL_TAKEN);
}

const taken = (field: string, message: string) =>
  new AppError(409, message, { fieldErrors: { [field]: message } });

/** The user for a username (case-insensitive) and password, or null; a miss costs the same time as a hit. */
export async function verifyCredentials(
  db: Database,
  username: string,
  password: string,
): Promise<SessionUser | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/** The current-user answer of spec §3; never the password hash. */
export function toUserAnswer(user: SessionUser): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    companyName: user.companyName,
    isDemo: user.isDemo,
  };
}

/** Settings, profile: name and e-mail address. The e-mail address stays unique (case-insensitively). */
export async function updateProfile(db: Database, userId: string, input: ProfileInput): Promise<SessionUser> {
  if (input.email) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email), ne(users.id, userId)))
      .limit(1);
    if (other) throw taken("email", EMAIL_TAKEN);
  }
  try {
    const [user] = await db
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, email: input.email })
      .where(eq(users.id, userId))
      .returning();
    return user!;
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw taken("email", EMAIL_TAKEN);
  }
}

/**
 * Settings, password: only with the current password. Every session of the user ends in the same transaction
 * (a stolen session dies with the old password); the route then starts a fresh one for this browser.
 */
export async function changePassword(
  db: Database,
  userId: string,
  input: PasswordChangeInput,
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidField("currentPassword", CURRENT_PASSWORD_WRONG_MESSAGE);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
