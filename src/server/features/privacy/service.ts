import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { addMonths, businessDate } from "@shared/dates";
import {
  GDPR_REQUEST_TYPE_LABELS,
  type GdprRequestAnswer,
  type GdprRequestInputSchema,
} from "@shared/schemas/consent";
import type { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { gdprRequests } from "../../db/schema/index";
import { sendMail } from "../../mail/outbox";
import { exportInvoices } from "../invoices/service";
import { getCompanyProfile } from "../settings/service";
import { toUserAnswer } from "../auth/service";
import type { SessionUser } from "../auth/sessions";
import { listCategories } from "../categories/service";
import { listClients } from "../clients/service";
import { listUserConsents } from "../consent/service";
import { listProjects } from "../projects/service";
import { listTimeEntries } from "../time-tracking/service";

type ParsedGdprRequest = z.output<typeof GdprRequestInputSchema>;

/** What an erasure removes and what the fiscal retention duty keeps (AWR art. 52, BW 2:10: seven years). */
const ERASURE_EXPLANATION = [
  "Wat we verwijderen: je account, profiel, relaties, projecten, urenregistraties en je voorkeuren.",
  "Wat we bewaren: facturen en de boekhouding (transacties en de gegevens die daarvoor nodig zijn) moeten we",
  "volgens de fiscale bewaarplicht (artikel 52 AWR) zeven jaar bewaren. Die gegevens schermen we af: ze worden",
  "alleen nog gebruikt als de wet dat vereist, en daarna verwijderd.",
].join("\n");

/**
 * A request to see or erase one's data (AVG art. 15 and 17): stored with its due date one month later
 * (AVG art. 12(3)) and confirmed by e-mail, in one transaction so there is never a request without its mail.
 * A signed-in user asking for their own account's address counts as identified; anyone else confirms through
 * the link in the e-mail (only a hash of its token is stored), so nobody can act on another person's address.
 */
export async function createGdprRequest(
  db: Database,
  input: ParsedGdprRequest,
  context: { user: SessionUser | null; ipAddress: string | null; baseUrl: string },
  now: Date,
): Promise<GdprRequestAnswer> {
  const email = input.email.toLowerCase();
  const isOwnAccount = context.user?.email?.toLowerCase() === email;
  const token = isOwnAccount ? null : randomBytes(32).toString("base64url");
  const dueDate = addMonths(businessDate(now), 1);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gdprRequests)
      .values({
        email,
        requestType: input.requestType,
        requestDetails: {
          ...(input.details ? { details: input.details } : {}),
          ...(context.user ? { userId: context.user.id } : {}),
        },
        ipAddress: context.ipAddress,
        identityVerified: isOwnAccount,
        verificationMethod: isOwnAccount ? "session" : "email_link",
        verificationToken: token ? hashToken(token) : null,
        legalBasis: input.requestType === "access" ? "AVG art. 15" : "AVG art. 17",
        dueDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await sendMail(tx, {
      recipient: email,
      subject: `Je verzoek is ontvangen: ${GDPR_REQUEST_TYPE_LABELS[input.requestType].toLowerCase()}`,
      text: confirmationText(
        input.requestType,
        row!.id,
        dueDate,
        token ? `${context.baseUrl}/api/gdpr-requests/verify?token=${token}` : null,
      ),
    });
    return { id: row!.id, requestType: input.requestType, status: row!.status, dueDate };
  });
}

function confirmationText(
  type: ParsedGdprRequest["requestType"],
  id: string,
  dueDate: string,
  verificationLink: string | null,
): string {
  const [year, month, day] = dueDate.split("-");
  return [
    "Hallo,",
    "",
    `We hebben je verzoek ontvangen: ${GDPR_REQUEST_TYPE_LABELS[type].toLowerCase()}.`,
    `Kenmerk: ${id}`,
    `We reageren uiterlijk op ${day}-${month}-${year} (binnen een maand, AVG artikel 12 lid 3).`,
    "",
    ...(verificationLink
      ? [
          "Bevestig met deze link dat het verzoek van jou komt; pas daarna behandelen we het:",
          verificationLink,
          "Heb je dit verzoek niet gedaan? Dan kun je deze e-mail negeren.",
        ]
      : ["Je was ingelogd met dit e-mailadres, dus we weten dat het verzoek van jou komt."]),
    ...(type === "erasure" ? ["", ERASURE_EXPLANATION] : []),
    "",
    "Met vriendelijke groet,",
    "Balans",
  ].join("\n");
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The link in the confirmation e-mail: marks the request as coming from the address's owner. */
export async function verifyGdprRequest(db: Database, token: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(gdprRequests)
    .set({ identityVerified: true, verificationToken: null, updatedAt: now })
    .where(
      and(eq(gdprRequests.verificationToken, hashToken(token)), eq(gdprRequests.identityVerified, false)),
    )
    .returning({ id: gdprRequests.id });
  return updated.length > 0;
}

/** The requests made for one e-mail address (case-insensitive), for the data download. */
async function listGdprRequests(db: Database, email: string | null) {
  if (!email) return [];
  const rows = await db
    .select()
    .from(gdprRequests)
    .where(eq(sql`lower(${gdprRequests.email})`, email.toLowerCase()))
    .orderBy(desc(gdprRequests.createdAt));
  return rows.map((row) => ({
    id: row.id,
    requestType: row.requestType,
    status: row.status,
    dueDate: row.dueDate,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }));
}

/**
 * Everything Balans holds about one user, as JSON (AVG art. 15 and 20), gathered through each feature's
 * service so every part is filtered on the owner. New features add their part here.
 */
export async function exportUserData(db: Database, user: SessionUser, now: Date) {
  const [clients, categories, projects, timeEntries, consent, requests, company, invoices] =
    await Promise.all([
      listClients(db, user.id, { search: undefined, offset: 0, sort: "name", order: "asc" }),
      listCategories(db, user.id),
      listProjects(db, user.id),
      listTimeEntries(db, user.id, {}),
      listUserConsents(db, user.id),
      listGdprRequests(db, user.email),
      getCompanyProfile(db, user.id),
      exportInvoices(db, user.id),
    ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...toUserAnswer(user),
      demoExpiresAt: user.demoExpiresAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    companyProfile: company.isSaved ? company : null,
    clients,
    invoices,
    categories,
    projects,
    timeEntries,
    cookieConsents: consent.consents,
    cookieAuditLog: consent.auditLines,
    gdprRequests: requests,
  };
}
