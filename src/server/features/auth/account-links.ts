/**
 * The links Balans mails to an account's owner: 'Wachtwoord vergeten' and confirming the e-mail address.
 * - A link is bound to its account and to the address it went to: once the account's address changes, it does
 *   nothing. Only a SHA-256 of its token is stored, so a copy of the table opens nothing.
 * - It expires (a reset link after an hour, a confirmation link after a day) and works once; a new link of the
 *   same kind voids the earlier ones.
 * - Links point at PUBLIC_URL (or this server's own address), never at the Host header of the request that asked
 *   for them: a forged Host cannot send someone's reset token to another site.
 */
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { COMMON_PASSWORD_MESSAGE, PASSWORD_IS_USERNAME_MESSAGE } from "@shared/schemas/auth";
import type { Database } from "../../db/client";
import { accountLinks, sessions, users } from "../../db/schema/index";
import { invalidField } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { hashToken, newToken } from "../../tokens";
import { isCommonPassword } from "./common-passwords";
import { hashPassword } from "./passwords";
import type { SessionUser } from "./sessions";

type Purpose = (typeof accountLinks.$inferSelect)["purpose"];

const MINUTE = 60 * 1000;
const VALIDITY_MINUTES: Record<Purpose, number> = { password_reset: 60, email_verification: 24 * 60 };
/** Reset mails per account per hour: enough to retry, too few to flood someone's inbox. */
const RESETS_PER_HOUR = 3;

/** Why a link does nothing; each answer tells the user to ask for a new one, since nothing was changed. */
export type LinkRefusal = "invalid" | "expired" | "superseded";

export const LINK_REFUSALS: Record<LinkRefusal, { status: number; message: string }> = {
  invalid: { status: 404, message: "Deze link is ongeldig of al gebruikt." },
  expired: { status: 410, message: "Deze link is verlopen." },
  superseded: {
    status: 410,
    message: "Deze link geldt niet meer: het e-mailadres van het account is sindsdien gewijzigd.",
  },
};

type LinkCheck = { ok: true; link: typeof accountLinks.$inferSelect } | { ok: false; refusal: LinkRefusal };

/** A password the spec allows (6 to 200 characters) may still be refused: a common one, or the account's name. */
export function checkNewPassword(
  password: string,
  account: { username: string; email: string | null },
  field = "password",
): void {
  if (isCommonPassword(password)) throw invalidField(field, COMMON_PASSWORD_MESSAGE);
  const lower = password.toLowerCase();
  if (lower === account.username.toLowerCase() || lower === account.email?.toLowerCase()) {
    throw invalidField(field, PASSWORD_IS_USERNAME_MESSAGE);
  }
}

/** A new link of the purpose for the account's current address; earlier unused ones of that purpose are voided. */
async function createLink(
  tx: Database,
  user: { id: string; email: string },
  purpose: Purpose,
  now: Date,
): Promise<string> {
  await tx
    .update(accountLinks)
    .set({ usedAt: now })
    .where(
      and(eq(accountLinks.userId, user.id), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)),
    );
  const token = newToken();
  await tx.insert(accountLinks).values({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    email: user.email.toLowerCase(),
    expiresAt: new Date(now.getTime() + VALIDITY_MINUTES[purpose] * MINUTE),
    createdAt: now,
  });
  return token;
}

/** The link behind a token, if it still works: unused, in time, and its account still has the address. */
async function findLink(db: Database, token: string, purpose: Purpose, now: Date): Promise<LinkCheck> {
  const [link] = await db
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, hashToken(token)), eq(accountLinks.purpose, purpose)));
  if (!link || link.usedAt) return { ok: false, refusal: "invalid" };
  if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, refusal: "expired" };
  const [account] = await db
    .select({ email: users.email, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, link.userId));
  if (!account || account.erasedAt || account.email?.toLowerCase() !== link.email) {
    return { ok: false, refusal: "superseded" };
  }
  return { ok: true, link };
}

/** Marks the link used, once: of two requests with the same token only one gets true. */
async function spend(tx: Database, linkId: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(accountLinks)
    .set({ usedAt: now })
    .where(and(eq(accountLinks.id, linkId), isNull(accountLinks.usedAt)))
    .returning({ id: accountLinks.id });
  return spent.length === 1;
}

/**
 * 'Wachtwoord vergeten': mails a reset link when an open, non-demo account has the address; otherwise, or after
 * three links in the past hour, nothing. The caller answers the same in every case.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  linkBase: string,
  now: Date,
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.erasedAt), eq(users.isDemo, false)))
    .limit(1);
  if (!user?.email) return;
  const [recent] = await db
    .select({ count: count() })
    .from(accountLinks)
    .where(
      and(
        eq(accountLinks.userId, user.id),
        eq(accountLinks.purpose, "password_reset"),
        gt(accountLinks.createdAt, new Date(now.getTime() - 60 * MINUTE)),
      ),
    );
  if ((recent?.count ?? 0) >= RESETS_PER_HOUR) return;
  await db.transaction(async (tx) => {
    const token = await createLink(tx, { id: user.id, email: user.email! }, "password_reset", now);
    await sendMail(tx, {
      recipient: user.email!,
      userId: user.id,
      subject: "Nieuw wachtwoord instellen voor Balans",
      text: [
        "Hallo,",
        "",
        `Iemand (hopelijk jij) heeft gevraagd om een nieuw wachtwoord voor je Balans-account ${user.username}.`,
        "Met deze link stel je een nieuw wachtwoord in:",
        `${linkBase}/wachtwoord-herstellen?token=${token}`,
        "",
        "De link is een uur geldig en werkt één keer. Daarna word je overal uitgelogd, behalve in de browser waarin je het nieuwe wachtwoord instelt.",
        "Heb je dit niet gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft zoals het is.",
        "",
        "Met vriendelijke groet,",
        "Balans",
      ].join("\n"),
    });
  });
}

/** Whether a reset link still works, before the new password is typed. */
export async function checkPasswordResetLink(db: Database, token: string, now: Date): Promise<LinkCheck> {
  return findLink(db, token, "password_reset", now);
}

/**
 * Sets the new password from a reset link: once, in one transaction with ending every session of the account
 * (the route then signs this browser in). Following the link proves the address, so it counts as confirmed.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  now: Date,
): Promise<{ ok: true; user: SessionUser } | { ok: false; refusal: LinkRefusal }> {
  const checked = await findLink(db, input.token, "password_reset", now);
  if (!checked.ok) return checked;
  const [account] = await db.select().from(users).where(eq(users.id, checked.link.userId));
  checkNewPassword(input.password, account!);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await spend(tx, checked.link.id, now))) return { ok: false, refusal: "invalid" } as const;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, checked.link.userId))
      .returning();
    await tx.delete(sessions).where(eq(sessions.userId, checked.link.userId));
    return { ok: true, user: user! } as const;
  });
}

/** Mails a link that confirms the account's current address (at sign-up, after a change, or on request). */
export async function sendEmailConfirmation(
  db: Database,
  user: { id: string; email: string },
  linkBase: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const token = await createLink(tx, user, "email_verification", now);
    await sendMail(tx, {
      recipient: user.email,
      userId: user.id,
      subject: "Bevestig je e-mailadres voor Balans",
      text: [
        "Hallo,",
        "",
        "Bevestig met deze link dat dit e-mailadres bij je Balans-account hoort:",
        `${linkBase}/e-mail-bevestigen?token=${token}`,
        "",
        "Zo kun je altijd een nieuw wachtwoord aanvragen als je het vergeet. De link is 24 uur geldig en werkt één keer.",
        "Heb je geen account bij Balans aangemaakt? Dan kun je deze e-mail negeren.",
        "",
        "Met vriendelijke groet,",
        "Balans",
      ].join("\n"),
    });
  });
}

/** The confirmation link: the account's address counts as confirmed from now on. */
export async function confirmEmail(
  db: Database,
  token: string,
  now: Date,
): Promise<{ ok: true; email: string } | { ok: false; refusal: LinkRefusal }> {
  const checked = await findLink(db, token, "email_verification", now);
  if (!checked.ok) return checked;
  return db.transaction(async (tx) => {
    if (!(await spend(tx, checked.link.id, now))) return { ok: false, refusal: "invalid" } as const;
    await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, checked.link.userId));
    return { ok: true, email: checked.link.email } as const;
  });
}

/** Erasure (AVG art. 17) of an account whose fiscal records are kept: its mailed links go with the rest. */
export async function forgetAccountLinks(tx: Database, userId: string): Promise<void> {
  await tx.delete(accountLinks).where(eq(accountLinks.userId, userId));
}
