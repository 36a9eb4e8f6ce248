import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens, users } from "../../db/schema/index";
import { AppError, notFound } from "../../errors";
import { hashToken, newToken } from "../../tokens";
import {
  API_TOKEN_MESSAGES,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from "../../../shared/schemas/api-tokens";
import { isUuid } from "../../../shared/validation";
import type { SessionUser } from "../auth/sessions";

const NOT_FOUND_MESSAGE = "API-sleutel niet gevonden";

/** Recognisable in a script or a leaked paste (secret scanners look for such prefixes). */
const TOKEN_PREFIX = "bal_";
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;
/** "Last used" is shown to the minute; writing it on every request would cost a write per read. */
const LAST_USED_PRECISION_MS = 60 * 1000;

type ApiTokenRow = typeof apiTokens.$inferSelect;

const toAnswer = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listApiTokens(db: Database, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toAnswer);
}

/** A new token; the answer is the only place the full token ever appears. */
export async function createApiToken(
  db: Database,
  userId: string,
  input: CreateApiTokenInput,
  now: Date,
): Promise<CreatedApiToken> {
  return db.transaction(async (tx) => {
    // The owner's row serialises concurrent creations, so the limit holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [counted] = await tx.select({ total: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
    if ((counted?.total ?? 0) >= MAX_API_TOKENS) throw new AppError(400, API_TOKEN_MESSAGES.tooMany);
    const token = TOKEN_PREFIX + newToken();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        scope: input.scope,
        tokenHash: hashToken(token),
        prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
        createdAt: now,
      })
      .returning();
    return { ...toAnswer(row!), token };
  });
}

/** Revoking deletes the row: the next request with the token is refused. */
export async function revokeApiToken(db: Database, userId: string, tokenId: string): Promise<void> {
  if (!isUuid(tokenId)) throw notFound(NOT_FOUND_MESSAGE);
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND_MESSAGE);
}

export type ApiTokenUse = { user: SessionUser; token: { id: string; scope: ApiTokenScope } };

/** The owner of a presented token (null when unknown, revoked or the account is gone); records its use. */
export async function authenticateApiToken(
  db: Database,
  token: string,
  now: Date,
): Promise<ApiTokenUse | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({ user: users, id: apiTokens.id, scope: apiTokens.scope })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(users.erasedAt)))
    .limit(1);
  if (!row || row.user.isOperator) return null;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, row.id),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
        ),
      ),
    );
  return { user: row.user, token: { id: row.id, scope: row.scope } };
}

/** Erasure: the account's API tokens go with its sessions, so none can sign in to what is kept. */
export async function forgetApiTokens(db: Database, userId: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}
