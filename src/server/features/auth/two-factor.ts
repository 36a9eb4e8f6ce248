/**
 * Two-factor sign-in with any authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds, SHA-1, as every app
 * reads them), and ten one-time recovery codes for a lost phone.
 * - Set-up: the password again → a new secret (QR code and text) → the first code from the app switches it on and
 *   hands out the recovery codes, once.
 * - Sign-in: after the password, a signed challenge cookie of five minutes names the account; a code (or a
 *   recovery code) then starts the session. A code works once: the step it was accepted for is kept.
 * - A code is asked again to switch it off, for new recovery codes, a new password and a new e-mail address.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { TWO_FACTOR_CODE_REQUIRED_MESSAGE, TWO_FACTOR_CODE_WRONG_MESSAGE } from "@shared/schemas/auth";
import type { Database } from "../../db/client";
import { recoveryCodes, users } from "../../db/schema/index";
import { AppError, invalidField } from "../../errors";
import { hashToken } from "../../tokens";
import type { SessionUser } from "./sessions";

const ISSUER = "Balans";
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** How long the code step of a sign-in stays open after the password was right. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const TWO_FACTOR_COOKIE = "balans_2fa";

export const DEMO_TWO_FACTOR_MESSAGE = "Een demo-account kan geen tweestapsverificatie instellen.";
export const NOT_ENABLED_MESSAGE = "Tweestapsverificatie staat niet aan.";
export const ALREADY_ENABLED_MESSAGE = "Tweestapsverificatie staat al aan.";
export const NO_SETUP_MESSAGE = "Begin opnieuw met het instellen van tweestapsverificatie.";

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** Recovery codes as printed: "ABCDE-FGHJK"; compared without dashes, spaces or case. */
const normalise = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** Starts set-up: a new secret (replacing an unfinished one), shown as a QR code and as text. */
export async function startTwoFactorSetup(
  db: Database,
  user: SessionUser,
): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  if (user.isDemo) throw new AppError(403, DEMO_TWO_FACTOR_MESSAGE);
  if (user.totpEnabledAt) throw new AppError(409, ALREADY_ENABLED_MESSAGE);
  const secret = new Secret({ size: 20 }).base32;
  await db.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.id, user.id));
  const otpauthUrl = totpOf(secret, user.email ?? user.username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * Whether a 6-digit code from the app is right now (one step either side for a clock that is a little off) and
 * not used before; the accepted step is stored in the same statement, so two requests cannot both use it.
 */
async function acceptAppCode(db: Database, user: SessionUser, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return false;
  const totp = totpOf(user.totpSecret, user.username);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, user.id),
        // Only a later step than the last one accepted: a code seen over someone's shoulder is already spent.
        sql`coalesce(${users.totpLastStep}, -1) < ${step}`,
      ),
    )
    .returning({ id: users.id });
  return accepted.length === 1;
}

/** A recovery code, spent once. */
async function acceptRecoveryCode(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(normalise(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/** A code from the app or a recovery code for an account with two-factor sign-in on; else a 400 on `field`. */
export async function checkTwoFactorCode(
  db: Database,
  user: SessionUser,
  code: string | undefined,
  now: Date,
  field = "code",
): Promise<void> {
  const given = code?.trim() ?? "";
  if (given === "") throw invalidField(field, TWO_FACTOR_CODE_REQUIRED_MESSAGE);
  const compact = given.replace(/\s/g, "");
  const accepted =
    (await acceptAppCode(db, user, compact, now)) || (await acceptRecoveryCode(db, user.id, compact, now));
  if (!accepted) throw invalidField(field, TWO_FACTOR_CODE_WRONG_MESSAGE);
}

/** Ten new recovery codes; the old ones stop working. Only hashes are kept, so they are shown this once. */
async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join("");
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normalise(code)) })));
  return codes;
}

/** The first code from the app switches two-factor sign-in on and hands out the recovery codes. */
export async function enableTwoFactor(
  db: Database,
  user: SessionUser,
  code: string,
  now: Date,
): Promise<string[]> {
  if (user.totpEnabledAt) throw new AppError(409, ALREADY_ENABLED_MESSAGE);
  if (!user.totpSecret) throw new AppError(409, NO_SETUP_MESSAGE);
  return db.transaction(async (tx) => {
    if (!(await acceptAppCode(tx, user, code.replace(/\s/g, ""), now))) {
      throw invalidField("code", TWO_FACTOR_CODE_WRONG_MESSAGE);
    }
    await tx.update(users).set({ totpEnabledAt: now }).where(eq(users.id, user.id));
    return replaceRecoveryCodes(tx, user.id);
  });
}

export async function disableTwoFactor(
  db: Database,
  user: SessionUser,
  code: string,
  now: Date,
): Promise<void> {
  if (!user.totpEnabledAt) throw new AppError(409, NOT_ENABLED_MESSAGE);
  await checkTwoFactorCode(db, user, code, now);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

export async function renewRecoveryCodes(
  db: Database,
  user: SessionUser,
  code: string,
  now: Date,
): Promise<string[]> {
  if (!user.totpEnabledAt) throw new AppError(409, NOT_ENABLED_MESSAGE);
  await checkTwoFactorCode(db, user, code, now);
  return db.transaction((tx) => replaceRecoveryCodes(tx, user.id));
}

/** Erasure of an account whose fiscal records are kept: the second factor goes with the rest. */
export async function forgetTwoFactor(tx: Database, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/**
 * The code step's challenge: the account and when it ends, signed with the session secret, so only this server
 * can have issued it and it names no one else. It carries no password and works only with a right code.
 */
export function challengeStore(secret: string) {
  const sign = (payload: string) =>
    createHmac("sha256", `${secret}:two-factor`).update(payload).digest("base64url");
  return {
    issue(userId: string, now: Date): string {
      const payload = `${userId}.${now.getTime() + CHALLENGE_LIFETIME_MS}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The account of a challenge that is genuine and still open, else null. */
    read(challenge: string | undefined, now: Date): string | null {
      const [userId, expires, signature] = challenge?.split(".") ?? [];
      if (!userId || !expires || !signature) return null;
      const expected = Buffer.from(sign(`${userId}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Number(expires) > now.getTime() ? userId : null;
    },
  };
}
