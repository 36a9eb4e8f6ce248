import { and, count, desc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import {
  ADMINISTRATION_MESSAGES,
  INVITATION_DAYS,
  MEMBER_ROLE_LABELS,
  type AccessLogPage,
  type Administration,
  type ChangeMemberRoleInput,
  type InvitationInfo,
  type InviteMemberInput,
  type Member,
  type MemberRole,
} from "../../../shared/schemas/administrations";
import { INVITATION_PATH } from "../../../shared/routes";
import type { Database } from "../../db/client";
import { administrationAccessLog, administrationMembers, users } from "../../db/schema/index";
import { AppError, invalidField, notFound } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { hashToken, newToken } from "../../tokens";
import type { SessionUser } from "../auth/sessions";
import { isUuid } from "../../../shared/validation";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How an administration is named to its members: the company, else the person, else the username. */
export function administrationName(
  user: Pick<SessionUser, "companyName" | "firstName" | "lastName" | "username">,
) {
  const person = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return user.companyName || person || user.username;
}

/** A membership that is not revoked and not yet accepted, or accepted: what still counts as having access. */
const isCurrent = (now: Date) =>
  and(
    isNull(administrationMembers.revokedAt),
    or(isNotNull(administrationMembers.acceptedAt), gt(administrationMembers.tokenExpiresAt, now)),
  );

/** Invites `input.email` with a role and mails the single-use link, in one transaction. */
export async function inviteMember(
  db: Database,
  owner: SessionUser,
  input: InviteMemberInput,
  now: Date,
  linkBase: string,
): Promise<Member> {
  if (owner.email?.toLowerCase() === input.email) {
    throw invalidField("email", ADMINISTRATION_MESSAGES.inviteSelf);
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: administrationMembers.id })
      .from(administrationMembers)
      .where(
        and(
          eq(administrationMembers.ownerId, owner.id),
          eq(administrationMembers.email, input.email),
          isCurrent(now),
        ),
      )
      .limit(1);
    if (existing) throw invalidField("email", ADMINISTRATION_MESSAGES.alreadyMember);
    const token = newToken();
    const [row] = await tx
      .insert(administrationMembers)
      .values({
        ownerId: owner.id,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        tokenExpiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        invitedAt: now,
      })
      .returning();
    const name = administrationName(owner);
    await sendMail(tx, {
      recipient: input.email,
      userId: owner.id,
      reference: `administration-member:${row!.id}`,
      subject: `Uitnodiging voor de administratie van ${name} in Balans`,
      text: [
        "Hallo,",
        "",
        `${name} nodigt je uit om mee te kijken in hun administratie in Balans, met de rol ${MEMBER_ROLE_LABELS[input.role]}.`,
        "Met deze link neem je de uitnodiging aan (log in of maak een account met dit e-mailadres):",
        `${linkBase}${INVITATION_PATH}?token=${token}`,
        "",
        `De link is ${INVITATION_DAYS} dagen geldig en werkt één keer.`,
        "",
        "Met vriendelijke groet,",
        "Balans",
      ].join("\n"),
    });
    return toMember(row!);
  });
}

/** The owner's members and open invitations, oldest first. */
export async function listMembers(db: Database, ownerId: string, now: Date): Promise<Member[]> {
  const rows = await db
    .select()
    .from(administrationMembers)
    .where(and(eq(administrationMembers.ownerId, ownerId), isCurrent(now)))
    .orderBy(administrationMembers.invitedAt, administrationMembers.id);
  return rows.map(toMember);
}

export async function changeMemberRole(
  db: Database,
  ownerId: string,
  memberId: string,
  input: ChangeMemberRoleInput,
): Promise<Member> {
  if (!isUuid(memberId)) throw notFound();
  const [row] = await db
    .update(administrationMembers)
    .set({ role: input.role })
    .where(
      and(
        eq(administrationMembers.id, memberId),
        eq(administrationMembers.ownerId, ownerId),
        isNull(administrationMembers.revokedAt),
      ),
    )
    .returning();
  if (!row) throw notFound();
  return toMember(row);
}

/** Revokes a membership or an open invitation; the member's very next request is back in their own administration. */
export async function revokeMember(
  db: Database,
  ownerId: string,
  memberId: string,
  now: Date,
): Promise<void> {
  if (!isUuid(memberId)) throw notFound();
  const [row] = await db
    .update(administrationMembers)
    .set({ revokedAt: now, tokenHash: null })
    .where(
      and(
        eq(administrationMembers.id, memberId),
        eq(administrationMembers.ownerId, ownerId),
        isNull(administrationMembers.revokedAt),
      ),
    )
    .returning({ id: administrationMembers.id });
  if (!row) throw notFound();
}

async function openInvitation(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: administrationMembers, owner: users })
    .from(administrationMembers)
    .innerJoin(users, eq(users.id, administrationMembers.ownerId))
    .where(
      and(
        eq(administrationMembers.tokenHash, hashToken(token)),
        isNull(administrationMembers.revokedAt),
        isNull(administrationMembers.acceptedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound(ADMINISTRATION_MESSAGES.invitationInvalid);
  if (!row.invitation.tokenExpiresAt || row.invitation.tokenExpiresAt <= now) {
    throw new AppError(410, ADMINISTRATION_MESSAGES.invitationExpired);
  }
  return row;
}

/** What an invitation link is for, shown before it is accepted. */
export async function getInvitation(db: Database, token: string, now: Date): Promise<InvitationInfo> {
  const { invitation, owner } = await openInvitation(db, token, now);
  return { ownerName: administrationName(owner), email: invitation.email, role: invitation.role };
}

/**
 * Accepts an invitation for the signed-in account: the link works once, within its term, and only for an account
 * whose confirmed e-mail address is the invited one.
 */
export async function acceptInvitation(
  db: Database,
  user: SessionUser,
  token: string,
  now: Date,
): Promise<Administration> {
  const { invitation, owner } = await openInvitation(db, token, now);
  if (owner.id === user.id) throw new AppError(400, ADMINISTRATION_MESSAGES.invitationOwn);
  if (!user.emailVerifiedAt || user.email?.toLowerCase() !== invitation.email) {
    throw new AppError(403, ADMINISTRATION_MESSAGES.invitationWrongAddress);
  }
  return db.transaction(async (tx) => {
    // An earlier membership of the same person in the same administration gives way to the new one.
    await tx
      .update(administrationMembers)
      .set({ revokedAt: now })
      .where(
        and(
          eq(administrationMembers.ownerId, owner.id),
          eq(administrationMembers.memberId, user.id),
          isNull(administrationMembers.revokedAt),
        ),
      );
    const [accepted] = await tx
      .update(administrationMembers)
      .set({ memberId: user.id, acceptedAt: now, tokenHash: null, tokenExpiresAt: null })
      .where(and(eq(administrationMembers.id, invitation.id), isNull(administrationMembers.acceptedAt)))
      .returning({ id: administrationMembers.id });
    if (!accepted) throw notFound(ADMINISTRATION_MESSAGES.invitationInvalid);
    return { ownerId: owner.id, name: administrationName(owner), role: invitation.role, isActive: false };
  });
}

/** The live membership of `memberId` in `ownerId`'s administration with the owner's account, or null. */
export async function findMembership(
  db: Database,
  memberId: string,
  ownerId: string,
): Promise<{ role: MemberRole; owner: SessionUser } | null> {
  if (!isUuid(ownerId)) return null;
  const [row] = await db
    .select({ role: administrationMembers.role, owner: users })
    .from(administrationMembers)
    .innerJoin(users, eq(users.id, administrationMembers.ownerId))
    .where(
      and(
        eq(administrationMembers.memberId, memberId),
        eq(administrationMembers.ownerId, ownerId),
        isNotNull(administrationMembers.acceptedAt),
        isNull(administrationMembers.revokedAt),
        isNull(users.erasedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One's own administration first, then those one is a member of, by name. */
export async function listAdministrations(
  db: Database,
  actor: SessionUser,
  activeOwnerId: string,
): Promise<Administration[]> {
  const rows = await db
    .select({ role: administrationMembers.role, owner: users })
    .from(administrationMembers)
    .innerJoin(users, eq(users.id, administrationMembers.ownerId))
    .where(
      and(
        eq(administrationMembers.memberId, actor.id),
        isNotNull(administrationMembers.acceptedAt),
        isNull(administrationMembers.revokedAt),
        isNull(users.erasedAt),
        ne(users.id, actor.id),
      ),
    );
  const others = rows
    .map(({ role, owner }) => ({
      ownerId: owner.id,
      name: administrationName(owner),
      role,
      isActive: owner.id === activeOwnerId,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "nl"));
  return [
    { ownerId: actor.id, name: administrationName(actor), role: null, isActive: actor.id === activeOwnerId },
    ...others,
  ];
}

export async function logAccess(
  db: Database,
  entry: { ownerId: string; memberId: string; method: string; url: string; statusCode: number; at: Date },
): Promise<void> {
  await db.insert(administrationAccessLog).values({
    ownerId: entry.ownerId,
    memberId: entry.memberId,
    method: entry.method,
    url: entry.url.slice(0, 2000),
    statusCode: entry.statusCode,
    createdAt: entry.at,
  });
}

/** The owner's access log, newest first. */
export async function listAccessLog(
  db: Database,
  ownerId: string,
  page: { limit: number; offset: number },
): Promise<AccessLogPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: administrationAccessLog,
        memberEmail: sql<string>`coalesce(${users.email}, ${users.username})`,
      })
      .from(administrationAccessLog)
      .innerJoin(users, eq(users.id, administrationAccessLog.memberId))
      .where(eq(administrationAccessLog.ownerId, ownerId))
      .orderBy(desc(administrationAccessLog.createdAt), desc(administrationAccessLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ count: count() })
      .from(administrationAccessLog)
      .where(eq(administrationAccessLog.ownerId, ownerId)),
  ]);
  return {
    total: total?.count ?? 0,
    entries: rows.map(({ entry, memberEmail }) => ({
      id: entry.id,
      memberEmail,
      method: entry.method,
      url: entry.url,
      statusCode: entry.statusCode,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

function toMember(row: typeof administrationMembers.$inferSelect): Member {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.acceptedAt ? "active" : "pending",
    invitedAt: row.invitedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    expiresAt: row.acceptedAt ? null : (row.tokenExpiresAt?.toISOString() ?? null),
  };
}

/**
 * Erasure (AVG art. 17): invitations to the address, the account's memberships on either side and the access
 * log entries that name it. Who had access to someone's books is not a fiscal record.
 */
export async function forgetAdministrationAccess(
  db: Database,
  address: string,
  userId: string | null,
): Promise<void> {
  await db
    .delete(administrationMembers)
    .where(sql`lower(${administrationMembers.email}) = ${address.toLowerCase()}`);
  if (userId === null) return;
  await db
    .delete(administrationMembers)
    .where(or(eq(administrationMembers.ownerId, userId), eq(administrationMembers.memberId, userId)));
  await db
    .delete(administrationAccessLog)
    .where(or(eq(administrationAccessLog.ownerId, userId), eq(administrationAccessLog.memberId, userId)));
}
