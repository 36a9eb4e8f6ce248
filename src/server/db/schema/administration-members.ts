import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { users } from "./users";

export const memberRoleEnum = pgEnum("member_role", ["accountant", "read_only"]);

/**
 * People an owner let into their administration. An administration is identified by its owner's user id, so
 * every owner filter elsewhere stays as it is. The invitation link holds a token of which only the SHA-256 is
 * kept; it is bound to `email`, works once and expires. Revoking stamps `revoked_at`: the row stays as history.
 */
export const administrationMembers = pgTable(
  "administration_members",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: memberRoleEnum("role").notNull(),
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    memberId: uuid("member_id").references(() => users.id, { onDelete: "cascade" }),
    invitedAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    // Opening an invitation link: the token's hash to its invitation.
    uniqueIndex("administration_members_token_hash_key").on(table.tokenHash),
    // Settings → Toegang: an owner's members and invitations.
    index("administration_members_owner_id_idx").on(table.ownerId),
    // Every request in another administration checks the live membership; the switcher lists them.
    index("administration_members_member_id_owner_id_idx").on(table.memberId, table.ownerId),
  ],
);

/** Every request a member makes in another's administration, for the owner to read. */
export const administrationAccessLog = pgTable(
  "administration_access_log",
  {
    id: id(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    url: text("url").notNull(),
    statusCode: integer("status_code").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Settings → Toegang: the owner's log, newest first, paged.
    index("administration_access_log_owner_id_created_at_idx").on(table.ownerId, table.createdAt),
  ],
);
