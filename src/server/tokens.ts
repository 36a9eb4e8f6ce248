/**
 * The secrets Balans mails or hands to a browser (links, cookies) and what it keeps of them: 32 random bytes,
 * URL-safe, and their SHA-256, so a copy of the database opens nothing.
 */
import { createHash, randomBytes } from "node:crypto";

export const newToken = (): string => randomBytes(32).toString("base64url");

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
