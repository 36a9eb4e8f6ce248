/**
 * The protections of the public forms, in the order a visitor meets them:
 * 1. the honeypot (a field people never see, bots fill in);
 * 2. the too-fast check (the signed moment the form was shown must be a few seconds old);
 * 3. a per-address limit on attempts, counted in the security log itself, so it holds across instances;
 * 4. the content rules of suspicious-patterns.ts.
 * Every attempt, passed or refused, is one row in form_security_logs with the outcome of each check.
 */
import { and, count, eq, gte } from "drizzle-orm";
import { MARKETING } from "@shared/content/marketing";
import type { Database } from "../../db/client";
import { formSecurityLogs } from "../../db/schema/index";
import { AppError } from "../../errors";
import { readFormToken } from "./form-token";
import { checkSuspiciousPatterns } from "./suspicious-patterns";

const HOUR = 60 * 60 * 1000;
/** A person needs longer than this to fill in the contact form. */
export const MIN_FILL_TIME_MS = 3000;
/** A form left open longer than a day is reloaded first, so old tokens cannot be replayed forever. */
export const MAX_FORM_AGE_MS = 24 * HOUR;

export const FORM_REFUSED = {
  honeypot: `Je bericht kon niet worden verzonden. Probeer het opnieuw of mail ons op ${MARKETING.support.email}.`,
  tooFast: "Je hebt het formulier wel heel snel verzonden. Wacht een paar seconden en probeer het opnieuw.",
  expired: "Dit formulier is verlopen. Laad de pagina opnieuw en probeer het nog eens.",
  rateLimit: "Je hebt de afgelopen tijd te vaak dit formulier verzonden. Probeer het over een uur opnieuw.",
  patterns:
    "Je bericht lijkt op spam en is daarom niet verzonden. Haal links en opmaak weg en probeer het opnieuw.",
} as const;

export type FormAttempt = {
  formType: "contact" | "newsletter";
  ipAddress: string;
  userAgent: string | null;
  /** The visitor's input, as checked by the content rules and kept (shortened) in the log. */
  fields: Record<string, string | undefined>;
  honeypot: string | undefined;
};

export type FormPolicy = {
  /** Attempts allowed per address per hour, this one included; null when rate limits are off. */
  maxPerHour: number | null;
  /** Check the signed form token's age (forms that fetch a token when shown). */
  checkTiming: boolean;
  formToken?: string | undefined;
  secret: string;
  now: Date;
};

/** Runs every check, logs the outcome, and throws the refusal of the first failed check. */
export async function screenFormSubmission(db: Database, attempt: FormAttempt, policy: FormPolicy) {
  const honeypotTriggered = Boolean(attempt.honeypot?.trim());

  let timing: "ok" | "too-fast" | "expired" = "ok";
  if (policy.checkTiming) {
    const shownAt = readFormToken(policy.secret, policy.formToken);
    const age = shownAt ? policy.now.getTime() - shownAt.getTime() : null;
    // No valid token means the form was never shown: treated as too fast.
    if (age === null || age < MIN_FILL_TIME_MS) timing = "too-fast";
    else if (age > MAX_FORM_AGE_MS) timing = "expired";
  }

  let rateLimitHit = false;
  if (policy.maxPerHour !== null) {
    const [row] = await db
      .select({ attempts: count() })
      .from(formSecurityLogs)
      .where(
        and(
          eq(formSecurityLogs.ipAddress, attempt.ipAddress),
          eq(formSecurityLogs.formType, attempt.formType),
          gte(formSecurityLogs.createdAt, new Date(policy.now.getTime() - HOUR)),
        ),
      );
    rateLimitHit = (row?.attempts ?? 0) >= policy.maxPerHour;
  }

  const verdict = checkSuspiciousPatterns(attempt.fields);
  const patterns = timing === "expired" ? [...verdict.patterns, "form-expired"] : verdict.patterns;
  const refusal = honeypotTriggered
    ? new AppError(400, FORM_REFUSED.honeypot)
    : rateLimitHit
      ? new AppError(429, FORM_REFUSED.rateLimit)
      : timing === "too-fast"
        ? new AppError(400, FORM_REFUSED.tooFast)
        : timing === "expired"
          ? new AppError(400, FORM_REFUSED.expired)
          : verdict.blocked
            ? new AppError(400, FORM_REFUSED.patterns)
            : null;

  await db.insert(formSecurityLogs).values({
    formType: attempt.formType,
    ipAddress: attempt.ipAddress,
    userAgent: attempt.userAgent,
    honeypotTriggered,
    submissionTooFast: timing === "too-fast",
    rateLimitHit,
    suspiciousPatterns: patterns,
    blocked: refusal !== null,
    submittedData: shorten({ ...attempt.fields, honeypot: attempt.honeypot }),
    createdAt: policy.now,
  });
  if (refusal) throw refusal;
}

/** Enough of each field to judge an attempt later, not a second copy of every message. */
function shorten(fields: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value) kept[key] = value.length > 500 ? `${value.slice(0, 500)}…` : value;
  }
  return kept;
}
