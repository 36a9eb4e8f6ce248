import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The moment a public form was shown, signed with the server secret: `{milliseconds}.{signature}`. A bot that
 * posts without loading the form has none, and one that posts the instant it loads is caught by its age.
 * Stateless, so it works across instances without storing anything.
 */
export function issueFormToken(secret: string, now: Date): string {
  const issuedAt = String(now.getTime());
  return `${issuedAt}.${sign(secret, issuedAt)}`;
}

/** When the token was issued, or null when it is missing, malformed or not signed by us. */
export function readFormToken(secret: string, token: string | undefined): Date | null {
  if (!token) return null;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return new Date(Number(match[1]));
}

function sign(secret: string, value: string): string {
  return createHmac("sha256", secret).update(`balans:form:${value}`).digest("base64url");
}
