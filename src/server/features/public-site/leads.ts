/**
 * Sign-up leads: a visit to /aanmelden that came from a campaign (utm parameters) or from another website is
 * recorded, and registering converts it, linking the new account.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { LeadVisitInput } from "@shared/schemas/public-site";
import type { Database } from "../../db/client";
import { signupLeads } from "../../db/schema/index";

export type LeadVisit = {
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
  referrer?: string | undefined;
};

/** The host of an external referrer, or null for none, an unreadable one, or one of our own origins. */
export function externalReferrerHost(
  referrer: string | undefined,
  ownOrigins: readonly string[],
): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const own = ownOrigins.map((origin) => new URL(origin).host);
    return own.includes(url.host) ? null : url.hostname;
  } catch {
    return null;
  }
}

/** Records the visit as a lead when it has a campaign or an external referrer; returns its id, else null. */
export async function recordLeadVisit(
  db: Database,
  visit: LeadVisitInput & LeadVisit,
  ownOrigins: readonly string[],
): Promise<string | null> {
  const referrerHost = externalReferrerHost(visit.referrer, ownOrigins);
  const hasCampaign = Boolean(visit.utmSource || visit.utmMedium || visit.utmCampaign);
  if (!hasCampaign && !referrerHost) return null;
  const [row] = await db
    .insert(signupLeads)
    .values({
      source: visit.utmSource ?? referrerHost,
      // Only an external referrer is worth keeping; our own pages say nothing about where the visitor came from.
      referrer: referrerHost ? visit.referrer!.slice(0, 2000) : null,
      utmSource: visit.utmSource ?? null,
      utmMedium: visit.utmMedium ?? null,
      utmCampaign: visit.utmCampaign ?? null,
      status: "lead",
    })
    .returning({ id: signupLeads.id });
  return row!.id;
}

export type NewAccount = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
};

/**
 * Registration converts the lead of this visit (by id) and any open lead with the account's e-mail address.
 * Returns how many leads were converted. A lead converts once; an already converted id is left alone.
 */
export async function convertSignupLeads(
  db: Database,
  account: NewAccount,
  leadId: string | undefined,
  now: Date,
): Promise<number> {
  const matches = [
    ...(leadId ? [eq(signupLeads.id, leadId)] : []),
    ...(account.email ? [sql`lower(${signupLeads.email}) = ${account.email.toLowerCase()}`] : []),
  ];
  if (matches.length === 0) return 0;
  const converted = await db
    .update(signupLeads)
    .set({
      status: "converted",
      convertedUserId: account.id,
      convertedAt: now,
      email: sql`coalesce(${signupLeads.email}, ${account.email})`,
      firstName: sql`coalesce(${signupLeads.firstName}, ${account.firstName})`,
      lastName: sql`coalesce(${signupLeads.lastName}, ${account.lastName})`,
      companyName: sql`coalesce(${signupLeads.companyName}, ${account.companyName})`,
    })
    .where(and(or(...matches), isNull(signupLeads.convertedUserId)))
    .returning({ id: signupLeads.id });
  return converted.length;
}
