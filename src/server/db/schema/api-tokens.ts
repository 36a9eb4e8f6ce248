import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

export const apiTokenScopeEnum = pgEnum("api_token_scope", ["read", "read_write"]);

/**
 * Personal API tokens: a script signs in as its owner with `Authorization: Bearer <token>`. Only the SHA-256 of
 * the token is kept (tokens.ts), so neither the table nor a backup opens anything; revoking deletes the row.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: apiTokenScopeEnum("scope").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, shown in the list to tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    // Every API request: the token's hash to its owner.
    uniqueIndex("api_tokens_token_hash_key").on(table.tokenHash),
    // Settings → API-sleutels: a user's tokens, newest first.
    index("api_tokens_user_id_created_at_idx").on(table.userId, table.createdAt),
  ],
);
