import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { PRIVACY_VERSION, TERMS_VERSION } from "@shared/content/legal-versions";
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
import { sendMail } from "../../mail/outbox";
import { createDefaultBankAccount } from "../bank/accounts";
import { createStarterCategories } from "../categories/service";
import { ensureChartOfAccounts } from "../ledger/chart";
import { checkNewPassword, sendEmailConfirmation } from "./account-links";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords";
import type { SessionUser } from "./sessions";
import { checkTwoFactorCode } from "./two-factor";

type ParsedRegisterInput = z.output<typeof RegisterInputSchema>;

const USERNAME_TAKEN = "Deze gebruikersnaam is al in gebruik";
const EMAIL_TAKEN = "Dit e-mailadres is al in gebruik";

/** Where links in account mails point, and the time they are made. */
export type LinkContext = { linkBase: string; now: Date };

/**
 * Creates the account with its default bank account, starter categories and chart of accounts, all or nothing,
 * and mails the link that confirms its address.
 */
/**
 * What every new administration starts with: its default bank account, the starter categories and the chart of
 * accounts. Registration calls it, and so does the test factory that makes a user as registration leaves one.
 */
export async function setUpNewUser(db: Database, userId: string): Promise<void> {
  await createDefaultBankAccount(db, userId);
  await createStarterCategories(db, userId);
  await ensureChartOfAccounts(db, userId);
}

export async function registerUser(
  db: Database,
  input: ParsedRegisterInput,
  links: LinkContext,
): Promise<SessionUser> {
  await assertAvailable(db, input);
  checkNewPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          companyName: input.companyName ?? null,
          termsAcceptedAt: links.now,
          termsVersion: TERMS_VERSION,
          privacyVersion: PRIVACY_VERSION,
        })
        .returning();
      await setUpNewUser(tx, user!.id);
      await sendEmailConfirmation(tx, { id: user!.id, email: input.email }, links.linkBase, links.now);
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
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  if (byEmail) throw taken("email", EMAIL_TAKEN);
}

const taken = (field: string, message: string) =>
  new AppError(409, message, { fieldErrors: { [field]: message } });

/**
 * The user for a username or e-mail address (case-insensitive) and password, or null; a miss costs the same time
 * as a hit. A username wins over another account's e-mail address that reads the same.
 */
export async function verifyCredentials(
  db: Database,
  usernameOrEmail: string,
  password: string,
): Promise<SessionUser | null> {
  const name = usernameOrEmail.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    // An erased account (AVG art. 17) keeps only restricted fiscal records and can never be signed in to.
    .where(
      and(
        or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)),
        isNull(users.erasedAt),
      ),
    )
    .orderBy(sql`lower(${users.username}) = ${name} desc`)
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
    isEmailVerified: user.email !== null && user.emailVerifiedAt !== null,
    isTwoFactorEnabled: user.totpEnabledAt !== null,
    isDemo: user.isDemo,
  };
}

/**
 * Settings, profile: name and e-mail address. The e-mail address stays unique (case-insensitively). A new address
 * is unconfirmed until its link is followed; the old address hears of the change, so a taken-over session
 * cannot move the account's recovery address unnoticed.
 */
export async function updateProfile(
  db: Database,
  current: SessionUser,
  input: ProfileInput,
  links: LinkContext,
): Promise<SessionUser> {
  const isNewEmail = Boolean(input.email) && input.email !== current.email?.toLowerCase();
  if (isNewEmail) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, input.email!), ne(users.id, current.id)))
      .limit(1);
    if (other) throw taken("email", EMAIL_TAKEN);
    // The recovery address is where a password reset goes: moving it asks for the second factor too.
    if (current.totpEnabledAt) {
      await checkTwoFactorCode(db, current, input.twoFactorCode, links.now, "twoFactorCode");
    }
  }
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          ...(input.email === current.email?.toLowerCase() ? {} : { emailVerifiedAt: null }),
        })
        .where(eq(users.id, current.id))
        .returning();
      if (isNewEmail) {
        await sendEmailConfirmation(tx, { id: current.id, email: input.email! }, links.linkBase, links.now);
        if (current.email) await sendEmailChangedNotice(tx, current, input.email!);
      }
      return user!;
    });
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw taken("email", EMAIL_TAKEN);
  }
}

async function sendEmailChangedNotice(db: Database, user: SessionUser, newEmail: string): Promise<void> {
  await sendMail(db, {
    recipient: user.email!,
    userId: user.id,
    subject: "Het e-mailadres van je Balans-account is gewijzigd",
    text: [
      "Hallo,",
      "",
      `Het e-mailadres van je Balans-account ${user.username} is gewijzigd in ${newEmail}.`,
      "Heb je dit zelf gedaan? Dan hoef je niets te doen.",
      "Zo niet, neem dan direct contact met ons op via de contactpagina en wijzig je wachtwoord.",
      "",
      "Met vriendelijke groet,",
      "Balans",
    ].join("\n"),
  });
}

/**
 * Settings, password: only with the current password. Every session of the user ends in the same transaction
 * (a stolen session dies with the old password); the route then starts a fresh one for this browser.
 */
export async function changePassword(
  db: Database,
  current: SessionUser,
  input: PasswordChangeInput,
  now: Date,
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, current.id));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw invalidField("currentPassword", CURRENT_PASSWORD_WRONG_MESSAGE);
  }
  checkNewPassword(input.newPassword, user, "newPassword");
  if (current.totpEnabledAt) await checkTwoFactorCode(db, current, input.twoFactorCode, now, "twoFactorCode");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, current.id));
    await tx.delete(sessions).where(eq(sessions.userId, current.id));
  });
}
