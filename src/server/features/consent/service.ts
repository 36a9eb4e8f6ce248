import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import {
  COOKIE_CATEGORIES,
  COOKIE_CATEGORY_INFO,
  COOKIE_INVENTORY,
  CONSENT_POLICY_VERSION,
  retentionPeriodOf,
  sharesWithThirdParty,
  type CookieCategory,
  type CookieDescriptor,
} from "@shared/consent";
import type {
  ConsentAnswer,
  ConsentAuditLine,
  ConsentInputSchema,
  CookiePolicy,
} from "@shared/schemas/consent";
import type { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { cookieAuditLogs, cookieConsents, cookiePolicyVersions } from "../../db/schema/index";
import { notFound } from "../../errors";
import { COOKIE_POLICY_CONTENT } from "./policy-content";

type ConsentRow = typeof cookieConsents.$inferSelect;
type ParsedConsentInput = z.output<typeof ConsentInputSchema>;

/**
 * Who asks: the browser's session id, the hash of its consent key cookie, the signed-in user (or null) and what
 * the request tells about itself.
 */
export type ConsentRequester = {
  sessionId: string;
  browserKeyHash: string;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  referrer: string | null;
};

const NO_CONSENT = "Geen toestemming gevonden";
const AUDIT_LINES_SHOWN = 5;

/**
 * The active consent of a session in this browser: a record bound to another browser's key is not this
 * requester's, even with the same session id (one that is not yet bound is). A record that belongs to a
 * signed-in user is shown only to that user, so neither another browser nor another user can read it
 * (AVG art. 5(1)(f)).
 */
function activeConsentOf(requester: ConsentRequester) {
  return and(
    eq(cookieConsents.sessionId, requester.sessionId),
    eq(cookieConsents.isActive, true),
    isThisBrowsers(requester),
  );
}

const isThisBrowsers = (requester: ConsentRequester) =>
  or(eq(cookieConsents.browserKeyHash, requester.browserKeyHash), isNull(cookieConsents.browserKeyHash));

async function findActiveConsent(db: Database, requester: ConsentRequester): Promise<ConsentRow | null> {
  const [row] = await db.select().from(cookieConsents).where(activeConsentOf(requester));
  if (!row) return null;
  if (row.userId !== null && row.userId !== requester.userId) return null;
  return row;
}

export function toConsentAnswer(row: ConsentRow): ConsentAnswer {
  return {
    essential: row.essential,
    functional: row.functional,
    analytics: row.analytics,
    marketing: row.marketing,
    consentGivenAt: row.consentGivenAt.toISOString(),
    consentWithdrawnAt: row.consentWithdrawnAt?.toISOString() ?? null,
    policyVersion: row.policyVersion,
    consentMethod: row.consentMethod,
    userAgent: row.userAgent,
  };
}

/** Spec §7 GET /api/consent?sessionId=. */
export async function getConsent(db: Database, requester: ConsentRequester): Promise<ConsentAnswer> {
  const row = await findActiveConsent(db, requester);
  if (!row) throw notFound(NO_CONSENT);
  return toConsentAnswer(row);
}

/**
 * Spec §7 POST /api/consent. A change keeps the old record as proof (AVG art. 7(1)): it is deactivated and a new
 * active record is inserted, with one audit line per category that changed (per category for a first consent).
 * A withdrawn category stamps consentWithdrawnAt. Sending the same choice again only updates consentUpdatedAt.
 */
export async function saveConsent(
  db: Database,
  requester: ConsentRequester,
  input: ParsedConsentInput,
  now: Date,
): Promise<ConsentAnswer> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(cookieConsents).where(activeConsentOf(requester)).for("update");

    const changed = COOKIE_CATEGORIES.filter(
      (category) => !previous || previous[category] !== input[category],
    );
    const sameOwner = previous && previous.userId === requester.userId;
    if (previous && sameOwner && changed.length === 0 && previous.policyVersion === input.policyVersion) {
      const [row] = await tx
        .update(cookieConsents)
        .set({ consentUpdatedAt: now, browserKeyHash: requester.browserKeyHash })
        .where(eq(cookieConsents.id, previous.id))
        .returning();
      return toConsentAnswer(row!);
    }

    const isWithdrawal = changed.some((category) => previous?.[category] === true && !input[category]);
    if (previous) {
      await tx
        .update(cookieConsents)
        .set({ isActive: false, consentUpdatedAt: now })
        .where(eq(cookieConsents.id, previous.id));
    }
    const [row] = await tx
      .insert(cookieConsents)
      .values({
        sessionId: requester.sessionId,
        browserKeyHash: requester.browserKeyHash,
        userId: requester.userId,
        ipAddress: requester.ipAddress,
        userAgent: requester.userAgent,
        essential: true,
        functional: input.functional,
        analytics: input.analytics,
        marketing: input.marketing,
        consentMethod: input.consentMethod,
        policyVersion: input.policyVersion,
        pageUrl: input.pageUrl ?? null,
        consentGivenAt: now,
        consentUpdatedAt: previous ? now : null,
        consentWithdrawnAt: isWithdrawal ? now : null,
      })
      .returning();

    if (changed.length > 0) {
      await tx.insert(cookieAuditLogs).values(
        changed.map((category) => ({
          consentId: row!.id,
          sessionId: requester.sessionId,
          userId: requester.userId,
          ipAddress: requester.ipAddress,
          action: auditAction(previous?.[category], input[category]),
          categoryChanged: category,
          previousValue: previous ? previous[category] : null,
          newValue: input[category],
          userAgent: requester.userAgent,
          referrer: requester.referrer,
          pageUrl: input.pageUrl ?? null,
          consentInterface: input.consentMethod,
          legalBasis: COOKIE_CATEGORY_INFO[category].legalBasis,
          processingPurpose: COOKIE_CATEGORY_INFO[category].purpose,
          dataRetentionPeriod: retentionPeriodOf(category),
          thirdPartySharing: sharesWithThirdParty(category),
          createdAt: now,
        })),
      );
    }
    return toConsentAnswer(row!);
  });
}

function auditAction(previous: boolean | undefined, next: boolean): string {
  if (previous === undefined) return next ? "consent_given" : "consent_refused";
  return next ? "consent_granted" : "consent_withdrawn";
}

/** The last audit lines of a session (the privacy dialog's history tab), newest first, with the same isolation. */
export async function listConsentAuditLines(
  db: Database,
  requester: ConsentRequester,
): Promise<ConsentAuditLine[]> {
  const rows = await db
    .select({ line: cookieAuditLogs })
    .from(cookieAuditLogs)
    .innerJoin(cookieConsents, eq(cookieConsents.id, cookieAuditLogs.consentId))
    .where(and(eq(cookieAuditLogs.sessionId, requester.sessionId), isThisBrowsers(requester)))
    .orderBy(desc(cookieAuditLogs.createdAt), asc(cookieAuditLogs.categoryChanged))
    .limit(50);
  return rows
    .filter(({ line }) => line.userId === null || line.userId === requester.userId)
    .slice(0, AUDIT_LINES_SHOWN)
    .map(({ line }) => ({
      action: line.action,
      categoryChanged: line.categoryChanged,
      previousValue: line.previousValue,
      newValue: line.newValue,
      legalBasis: line.legalBasis,
      processingPurpose: line.processingPurpose,
      dataRetentionPeriod: line.dataRetentionPeriod,
      consentInterface: line.consentInterface,
      createdAt: line.createdAt.toISOString(),
    }));
}

/** Every consent record and audit line of one user, for the data download (AVG art. 15 and 20). */
export async function listUserConsents(db: Database, userId: string) {
  const consents = await db
    .select()
    .from(cookieConsents)
    .where(eq(cookieConsents.userId, userId))
    .orderBy(desc(cookieConsents.consentGivenAt));
  const auditLines = await db
    .select()
    .from(cookieAuditLogs)
    .where(eq(cookieAuditLogs.userId, userId))
    .orderBy(desc(cookieAuditLogs.createdAt));
  return {
    consents: consents.map((row) => ({
      ...toConsentAnswer(row),
      sessionId: row.sessionId,
      pageUrl: row.pageUrl,
      ipAddress: row.ipAddress,
      isActive: row.isActive,
    })),
    auditLines: auditLines.map((line) => ({
      action: line.action,
      categoryChanged: line.categoryChanged,
      previousValue: line.previousValue,
      newValue: line.newValue,
      legalBasis: line.legalBasis,
      pageUrl: line.pageUrl,
      createdAt: line.createdAt.toISOString(),
    })),
  };
}

/** The first policy version, as stored at start-up (and prerendered into /legal/cookiebeleid at build time). */
export const INITIAL_COOKIE_POLICY = {
  version: CONSENT_POLICY_VERSION,
  effectiveDate: "2026-01-01",
  description: "Eerste versie van het cookiebeleid van Balans.",
  policyContent: COOKIE_POLICY_CONTENT,
  cookieInventory: [...COOKIE_INVENTORY],
} satisfies CookiePolicy;

/**
 * Policy version 1.0.0 with the shared inventory, stored once (idempotent, safe when several instances start
 * at once). A new version is a new row, approved and activated deliberately; this never overwrites one, except
 * to list essential cookies added since: those need no consent (Telecommunicatiewet art. 11.7a lid 3), so the
 * version and the consents given for it stay valid, but the policy must name them.
 */
export async function ensureCookiePolicy(db: Database, now: Date): Promise<void> {
  await db
    .insert(cookiePolicyVersions)
    .values({
      ...INITIAL_COOKIE_POLICY,
      isActive: true,
      createdBy: "system",
      approvedBy: "system",
      approvedAt: now,
    })
    .onConflictDoNothing();
  const stored = await storedInventory(db);
  if (
    stored &&
    !hasConsentedInventoryChanged(stored) &&
    canonicalJson(stored) !== canonicalJson(COOKIE_INVENTORY)
  ) {
    await db
      .update(cookiePolicyVersions)
      .set({ cookieInventory: [...COOKIE_INVENTORY] })
      .where(eq(cookiePolicyVersions.version, CONSENT_POLICY_VERSION));
  }
}

async function storedInventory(db: Database): Promise<CookieDescriptor[] | null> {
  const [row] = await db
    .select({ inventory: cookiePolicyVersions.cookieInventory })
    .from(cookiePolicyVersions)
    .where(eq(cookiePolicyVersions.version, CONSENT_POLICY_VERSION));
  return row ? (row.inventory ?? []) : null;
}

/** True when the cookies visitors consent to (every category but essential) differ from the stored ones. */
function hasConsentedInventoryChanged(stored: readonly CookieDescriptor[]): boolean {
  const consented = (inventory: readonly CookieDescriptor[]) =>
    canonicalJson(inventory.filter((cookie) => cookie.category !== "essential"));
  return consented(stored) !== consented(COOKIE_INVENTORY);
}

/**
 * True when the stored policy of the current version lists other cookies than the code does: the inventory was
 * changed without a new policy version, so visitors consented to a list that is no longer true.
 */
export async function hasInventoryDrifted(db: Database): Promise<boolean> {
  return canonicalJson((await storedInventory(db)) ?? []) !== canonicalJson(COOKIE_INVENTORY);
}

/** JSON with object keys sorted: jsonb does not keep the key order it was given. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** The policy in force, for the cookie policy page. */
export async function getActiveCookiePolicy(db: Database): Promise<CookiePolicy> {
  const [row] = await db.select().from(cookiePolicyVersions).where(eq(cookiePolicyVersions.isActive, true));
  if (!row) throw notFound("Er is geen cookiebeleid actief");
  return {
    version: row.version,
    effectiveDate: row.effectiveDate,
    description: row.description,
    policyContent: row.policyContent ?? "",
    cookieInventory: row.cookieInventory ?? [],
  };
}

export type { CookieCategory };

/** Erasure (AVG art. 17): the proof of consent (AVG art. 7(1)) stays, no longer linked to the person. */
export async function unlinkConsentsOf(tx: Database, userId: string): Promise<void> {
  await tx.update(cookieConsents).set({ userId: null }).where(eq(cookieConsents.userId, userId));
  await tx.update(cookieAuditLogs).set({ userId: null }).where(eq(cookieAuditLogs.userId, userId));
}
