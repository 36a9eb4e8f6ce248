import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { addMonths, businessDate } from "@shared/dates";
import { formatDate } from "@shared/format";
import {
  GDPR_REQUEST_TYPE_LABELS,
  type GdprRequestAnswer,
  type GdprRequestInputSchema,
} from "@shared/schemas/consent";
import type { z } from "@shared/validation";
import type { Database } from "../../db/client";
import { gdprRequests, users } from "../../db/schema/index";
import { mailsToAddress, sendMail } from "../../mail/outbox";
import { hashToken, newToken } from "../../tokens";
import { publicRecordsOf } from "../public-site/personal-data";
import { listStatements } from "../bank/balances";
import { exportBankLines } from "../bank/lines";
import { listRules } from "../bank/rules";
import { exportInvoices } from "../invoices/records";
import { exportImportReports } from "../imports/service";
import { getCompanyProfile, getPreferences } from "../settings/service";
import { toUserAnswer } from "../auth/service";
import type { SessionUser } from "../auth/sessions";
import { listCategories } from "../categories/service";
import { listClients } from "../clients/service";
import { exportPurchaseInvoices } from "../purchase-invoices/records";
import { exportMemorialEntries } from "../memorial/service";
import { exportQuotes } from "../quotes/service";
import { exportReminders } from "../reminders/service";
import { exportInvoiceStyle } from "../invoice-styles/service";
import { exportBilling } from "../billing/service";
import { exportOnlinePayments } from "../payment-links/service";
import { listRecurringInvoices } from "../recurring-invoices/service";
import { listFixedAssets } from "../fixed-assets/service";
import { listUserConsents } from "../consent/service";
import { listProjects } from "../projects/service";
import { listTimeEntries } from "../time-tracking/service";
import { exportTransactions } from "../transactions/service";
import { listBankAccounts } from "../bank/accounts";
import { listAccountBalances } from "../ledger/queries";
import { eraseDataOf, type ErasureOutcome } from "./erasure";

type ParsedGdprRequest = z.output<typeof GdprRequestInputSchema>;

/** What an erasure removes and what the fiscal retention duty keeps (AWR art. 52, BW 2:10: seven years). */
const ERASURE_EXPLANATION = [
  "Wat we verwijderen: je account, profiel, relaties, projecten, urenregistraties en je voorkeuren.",
  "Wat we bewaren: facturen en de boekhouding (transacties en de gegevens die daarvoor nodig zijn) moeten we",
  "volgens de fiscale bewaarplicht (artikel 52 AWR) zeven jaar bewaren. Die gegevens schermen we af: ze worden",
  "alleen nog gebruikt als de wet dat vereist, en daarna verwijderd.",
].join("\n");

/** How long the link in a confirmation e-mail works. */
export const LINK_VALIDITY_HOURS = 24;

/**
 * A request to see or erase one's data (AVG art. 15 and 17): stored with its due date one month later
 * (AVG art. 12(3)) and confirmed by e-mail, in one transaction so there is never a request without its mail.
 * A signed-in user asking to see their own account's data counts as identified and receives it at once; anyone
 * else confirms through the link in the e-mail (only a hash of its token is stored), so nobody can act on another
 * person's address. Erasure cannot be undone, so it always waits for the link, even for the signed-in owner.
 * The request is bound to the account that holds the address now: the link acts on that account only, while it
 * still has the address, for 24 hours and once — never on someone who takes the address over later.
 */
export async function createGdprRequest(
  db: Database,
  input: ParsedGdprRequest,
  context: { user: SessionUser | null; ipAddress: string | null; baseUrl: string },
  now: Date,
): Promise<GdprRequestAnswer> {
  const email = input.email.toLowerCase();
  const isOwnAccount = context.user?.email?.toLowerCase() === email;
  const isIdentified = isOwnAccount && input.requestType === "access";
  const token = isIdentified ? null : newToken();
  const dueDate = addMonths(businessDate(now), 1);
  return db.transaction(async (tx) => {
    const holderId = isOwnAccount ? context.user!.id : await accountHolding(tx, email);
    const [row] = await tx
      .insert(gdprRequests)
      .values({
        email,
        userId: holderId,
        requestType: input.requestType,
        requestDetails: {
          ...(input.details ? { details: input.details } : {}),
          ...(context.user ? { userId: context.user.id } : {}),
        },
        ipAddress: context.ipAddress,
        identityVerified: isIdentified,
        verificationMethod: isIdentified ? "session" : "email_link",
        verificationToken: token ? hashToken(token) : null,
        verificationExpiresAt: token ? new Date(now.getTime() + LINK_VALIDITY_HOURS * HOUR) : null,
        legalBasis: input.requestType === "access" ? "AVG art. 15" : "AVG art. 17",
        dueDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await sendMail(tx, {
      recipient: email,
      // The owner's own request also shows in their outbox (Settings), where the link can be followed without SMTP.
      userId: isOwnAccount ? context.user!.id : null,
      subject: `Je verzoek is ontvangen: ${GDPR_REQUEST_TYPE_LABELS[input.requestType].toLowerCase()}`,
      text: confirmationText(
        input.requestType,
        row!.id,
        dueDate,
        token ? `${context.baseUrl}/api/gdpr-requests/verify?token=${token}` : null,
      ),
    });
    const status = isIdentified ? await fulfilAccessRequest(tx, row!, now) : row!.status;
    return { id: row!.id, requestType: input.requestType, status, dueDate };
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
          type === "erasure"
            ? "Bevestig met deze link dat het verzoek van jou komt en dat je gegevens verwijderd mogen worden:"
            : "Bevestig met deze link dat het verzoek van jou komt; pas daarna behandelen we het:",
          verificationLink,
          `De link is ${LINK_VALIDITY_HOURS} uur geldig en werkt één keer.`,
          "Heb je dit verzoek niet gedaan? Dan kun je deze e-mail negeren.",
        ]
      : ["Je was ingelogd met dit e-mailadres, dus we weten dat het verzoek van jou komt."]),
    ...(type === "erasure" ? ["", ERASURE_EXPLANATION] : []),
    "",
    "Met vriendelijke groet,",
    "Balans",
  ].join("\n");
}

const HOUR = 60 * 60 * 1000;

/** The account that uses an address (case-insensitively), if any; closed accounts have none. */
async function accountHolding(db: Database, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.erasedAt)))
    .limit(1);
  return user?.id ?? null;
}

type GdprRequestRow = typeof gdprRequests.$inferSelect;

/**
 * Why a link does nothing: unknown or already used, past its 24 hours, or its account no longer has the address
 * the request was made for (the address was changed, or the account closed or deleted).
 */
export type LinkRefusal = "invalid" | "expired" | "superseded";

export type LinkCheck<T> = { ok: true; request: T } | { ok: false; refusal: LinkRefusal };

/** The unconfirmed request behind a link, checked but not confirmed (the erasure page asks first). */
export async function findUnconfirmedRequest(
  db: Database,
  token: string,
  now: Date,
): Promise<LinkCheck<Pick<GdprRequestRow, "id" | "requestType" | "email">>> {
  const checked = await checkLink(db, token, now);
  if (!checked.ok) return checked;
  const { id, requestType, email } = checked.request;
  return { ok: true, request: { id, requestType, email } };
}

async function checkLink(db: Database, token: string, now: Date): Promise<LinkCheck<GdprRequestRow>> {
  if (token === "") return { ok: false, refusal: "invalid" };
  const [row] = await db
    .select()
    .from(gdprRequests)
    .where(
      and(eq(gdprRequests.verificationToken, hashToken(token)), eq(gdprRequests.identityVerified, false)),
    );
  if (!row) return { ok: false, refusal: "invalid" };
  if (!row.verificationExpiresAt || row.verificationExpiresAt.getTime() <= now.getTime()) {
    return { ok: false, refusal: "expired" };
  }
  if (row.userId) {
    const [account] = await db
      .select({ email: users.email, erasedAt: users.erasedAt })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!account || account.erasedAt || account.email?.toLowerCase() !== row.email) {
      return { ok: false, refusal: "superseded" };
    }
  }
  return { ok: true, request: row };
}

export type ConfirmedRequest =
  { requestType: "access" } | { requestType: "erasure"; outcome: ErasureOutcome };

/**
 * The link in the confirmation e-mail: marks the request as coming from the address's owner and carries it out,
 * in one transaction (a failure leaves the request unconfirmed, so the link can be used again). A refused link
 * changes nothing.
 */
export async function confirmGdprRequest(
  db: Database,
  token: string,
  now: Date,
): Promise<LinkCheck<ConfirmedRequest>> {
  return db.transaction(async (tx) => {
    const checked = await checkLink(tx, token, now);
    if (!checked.ok) return checked;
    // Clearing the token claims the link: of two uses at once, the second finds it gone.
    const [row] = await tx
      .update(gdprRequests)
      .set({ identityVerified: true, verificationToken: null, updatedAt: now })
      .where(
        and(
          eq(gdprRequests.id, checked.request.id),
          eq(gdprRequests.verificationToken, hashToken(token)),
          eq(gdprRequests.identityVerified, false),
        ),
      )
      .returning();
    if (!row) return { ok: false, refusal: "invalid" };
    if (row.requestType !== "erasure") {
      await fulfilAccessRequest(tx, row, now);
      return { ok: true, request: { requestType: "access" } };
    }
    const outcome = await eraseDataOf(tx, { email: row.email, userId: row.userId }, now);
    await completeRequest(tx, row.id, { ...outcome }, now);
    await sendMail(tx, {
      recipient: row.email,
      subject: "Je gegevens zijn verwijderd",
      text: erasureText(row.id, outcome),
    });
    return { ok: true, request: { requestType: "erasure", outcome } };
  });
}

/**
 * AVG art. 15: the data of the account the request was made for as JSON by e-mail, or word that no account used
 * the address then.
 */
async function fulfilAccessRequest(tx: Database, request: GdprRequestRow, now: Date) {
  const [user] = request.userId
    ? await tx
        .select()
        .from(users)
        .where(and(eq(users.id, request.userId), isNull(users.erasedAt)))
    : [];
  const greeting = ["Hallo,", "", `Kenmerk: ${request.id}`, ""];
  const closing = ["", "Met vriendelijke groet,", "Balans"];
  if (user) {
    const data = await exportUserData(tx, user, now);
    await sendMail(tx, {
      recipient: request.email,
      userId: user.id,
      subject: "Je gegevens uit Balans",
      text: [
        ...greeting,
        "In de bijlage staan alle gegevens die Balans over je account bewaart, als JSON-bestand.",
        "Je kunt ze ook zelf downloaden via Instellingen in de app.",
        ...closing,
      ].join("\n"),
      attachments: [
        {
          filename: `balans-gegevens-${businessDate(now)}.json`,
          contentType: "application/json",
          content: Buffer.from(JSON.stringify(data, null, 2)),
        },
      ],
    });
  } else {
    // No account: what the public site and its mail keep about the address, if anything.
    const data = await exportAddressData(tx, request.email, now);
    const hasRecords =
      Object.values(data.publicSite).some((records) => records.length > 0) || data.mailsToYou.length > 0;
    await sendMail(tx, {
      recipient: request.email,
      subject: "Je gegevens uit Balans",
      text: [
        ...greeting,
        "Er is geen Balans-account met dit e-mailadres.",
        hasRecords
          ? "In de bijlage staat wat we wel over dit adres bewaren (contactformulieren, nieuwsbrief, aanmeldingen en e-mails die we je stuurden), als JSON-bestand."
          : "We bewaren ook verder niets over dit adres: geen contactformulieren, nieuwsbriefinschrijvingen of aanmeldingen.",
        ...closing,
      ].join("\n"),
      ...(hasRecords
        ? {
            attachments: [
              {
                filename: `balans-gegevens-${businessDate(now)}.json`,
                contentType: "application/json",
                content: Buffer.from(JSON.stringify(data, null, 2)),
              },
            ],
          }
        : {}),
    });
  }
  return completeRequest(tx, request.id, { accountFound: Boolean(user) }, now);
}

async function completeRequest(tx: Database, id: string, responseData: Record<string, unknown>, now: Date) {
  await tx
    .update(gdprRequests)
    .set({ status: "completed", completedAt: now, responseData, updatedAt: now })
    .where(eq(gdprRequests.id, id));
  return "completed" as const;
}

function erasureText(id: string, outcome: ErasureOutcome): string {
  return [
    "Hallo,",
    "",
    `Je verzoek om verwijdering is uitgevoerd (kenmerk: ${id}).`,
    "",
    "Verwijderd:",
    ...outcome.deleted.map((line) => `- ${line}`),
    ...(outcome.retained
      ? [
          "",
          `Bewaard tot en met ${formatDate(outcome.retained.until)} vanwege de fiscale bewaarplicht (artikel 52 AWR),`,
          "afgeschermd en alleen te gebruiken als de wet dat vereist:",
          ...outcome.retained.what.map((line) => `- ${line}`),
        ]
      : []),
    "",
    "Met vriendelijke groet,",
    "Balans",
  ].join("\n");
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
/** What Balans keeps about an address outside any account: the public site's records and mail sent to it. */
export async function exportAddressData(db: Database, address: string, now: Date) {
  const [publicSite, mailsToYou] = await Promise.all([
    publicRecordsOf(db, address),
    mailsToAddress(db, address),
  ]);
  return { exportedAt: now.toISOString(), email: address, publicSite, mailsToYou };
}

export async function exportUserData(db: Database, user: SessionUser, now: Date) {
  const [
    clients,
    categories,
    projects,
    timeEntries,
    consent,
    requests,
    company,
    invoices,
    transactions,
    bankAccounts,
    ledgerAccounts,
    bankStatements,
    bankStatementLines,
    bankRules,
    preferences,
    importReports,
    purchaseInvoices,
    memorialEntries,
    fixedAssets,
    recurringInvoices,
    quotes,
    onlinePayments,
    reminders,
    invoiceStyle,
    subscription,
  ] = await Promise.all([
    listClients(db, user.id, { search: undefined, offset: 0, sort: "name", order: "asc" }),
    listCategories(db, user.id),
    listProjects(db, user.id),
    listTimeEntries(db, user.id, {}),
    listUserConsents(db, user.id),
    listGdprRequests(db, user.email),
    getCompanyProfile(db, user.id),
    exportInvoices(db, user.id),
    exportTransactions(db, user.id),
    listBankAccounts(db, user.id),
    listAccountBalances(db, user.id, { date: businessDate(now) }),
    listStatements(db, user.id, null),
    exportBankLines(db, user.id),
    listRules(db, user.id),
    getPreferences(db, user.id),
    exportImportReports(db, user.id),
    exportPurchaseInvoices(db, user.id, businessDate(now)),
    exportMemorialEntries(db, user.id),
    listFixedAssets(db, user.id, businessDate(now)),
    listRecurringInvoices(db, user.id),
    exportQuotes(db, user.id, now),
    exportOnlinePayments(db, user.id),
    exportReminders(db, user.id),
    exportInvoiceStyle(db, user.id),
    exportBilling(db, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      ...toUserAnswer(user),
      demoExpiresAt: user.demoExpiresAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      termsAccepted: user.termsAcceptedAt
        ? {
            at: user.termsAcceptedAt.toISOString(),
            termsVersion: user.termsVersion,
            privacyVersion: user.privacyVersion,
          }
        : null,
    },
    companyProfile: company.isSaved ? company : null,
    preferences,
    invoiceStyle,
    clients,
    invoices,
    purchaseInvoices,
    memorialEntries,
    fixedAssets,
    recurringInvoices,
    quotes,
    onlinePayments,
    reminders,
    subscription,
    transactions,
    bankAccounts,
    bankStatements,
    bankStatementLines,
    bankRules,
    importReports,
    ledgerAccounts,
    categories,
    projects,
    timeEntries,
    cookieConsents: consent.consents,
    cookieAuditLog: consent.auditLines,
    gdprRequests: requests,
    // What the public site keeps under the account's address (a contact message sent before signing up).
    publicSite: user.email ? await publicRecordsOf(db, user.email) : null,
  };
}
