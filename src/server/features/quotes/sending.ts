/**
 * 'Versturen': the one operation that turns a concept into a sent quote. In one transaction it checks that the
 * quote can go out, freezes client and seller, gives the next number of the quote series, makes the public
 * link (only its hash is kept) and puts the e-mail with the PDF and the link in the outbox.
 * 'Opnieuw versturen': the same mail again for a sent quote still open for an answer (e.g. the client lost it),
 * to the address it was sent to. Only the link's hash is kept, so it carries a new link and the old one stops
 * working: a mail that went astray opens nothing.
 */
import { eq } from "drizzle-orm";
import { businessDate } from "../../../shared/dates";
import { PUBLIC_QUOTE_PATH } from "../../../shared/routes";
import { formatDate } from "../../../shared/format";
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  formatDocumentDate,
  formatDocumentEuro,
} from "../../../shared/invoices/document-texts";
import { parseCents } from "../../../shared/money";
import type { SentQuote } from "../../../shared/schemas/quotes";
import type { MailDelivery } from "../../../shared/schemas/invoices";
import { missingInvoiceCompanyFields } from "../../../shared/schemas/settings";
import type { Database } from "../../db/client";
import { quotes } from "../../db/schema/index";
import { AppError } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { hashToken, newToken } from "../../tokens";
import { getClient } from "../clients/service";
import { renderMailTemplate } from "../invoice-styles/service";
import { clientSnapshotOf, sellerSnapshotOf } from "../invoices/records";
import { getCompanyProfile } from "../settings/service";
import { renderQuotePdf } from "./document";
import { takeNextQuoteNumber } from "./numbering";
import { findOwnQuote, getQuote, quoteItemsOf, quoteMailReference, type QuoteRow } from "./service";

export const SEND_MESSAGES = {
  alreadySent: "Deze offerte is al verstuurd.",
  notSentYet: "Deze offerte is nog niet verstuurd. Verstuur haar eerst.",
  alreadyAnswered: (accepted: boolean) =>
    `De klant heeft deze offerte al ${accepted ? "geaccepteerd" : "afgewezen"}; opnieuw versturen kan niet meer.`,
  expiredResend: (validUntil: string) =>
    `Deze offerte was geldig tot en met ${formatDate(validUntil)} en kan niet meer worden geaccepteerd. Maak een nieuwe offerte.`,
  noLines: "Een offerte heeft minstens één regel nodig. Bewerk het concept en voeg een regel toe.",
  noClient: "Deze offerte heeft geen klant meer. Kies een klant in het concept.",
  noEmail:
    "Deze klant heeft geen e-mailadres. Vul het e-mailadres in bij de klant en verstuur de offerte opnieuw.",
  expired: (validUntil: string) =>
    `De geldigheidsdatum (${formatDate(validUntil)}) is al voorbij. Kies in het concept een latere datum.`,
  companyIncomplete: (missing: string[]) =>
    `Vul eerst je bedrijfsgegevens aan bij Instellingen → Bedrijfsgegevens. Dit ontbreekt nog: ${missing.join(", ")}.`,
} as const;

const COMPANY_FIELD_NAMES: Readonly<Record<string, string>> = {
  tradeName: "handelsnaam",
  address: "adres",
  postalCode: "postcode",
  city: "plaats",
  kvkNumber: "KvK-nummer",
  vatNumber: "btw-id",
};

/** POST /api/quotes/{id}/send. `linkBase` is the public address the link in the mail points at. */
export async function sendQuote(
  db: Database,
  userId: string,
  quoteId: string,
  { now, linkBase, delivery }: { now: Date; linkBase: string; delivery: MailDelivery },
): Promise<SentQuote> {
  const today = businessDate(now);
  const recipient = await db.transaction(async (tx) => {
    const row = await findOwnQuote(tx, userId, quoteId, true);
    if (row.status !== "draft") throw new AppError(409, SEND_MESSAGES.alreadySent);
    if ((await quoteItemsOf(tx, quoteId)).length === 0) throw new AppError(409, SEND_MESSAGES.noLines);
    if (row.validUntil < today) throw new AppError(409, SEND_MESSAGES.expired(row.validUntil));
    if (!row.clientId) throw new AppError(409, SEND_MESSAGES.noClient);
    const client = await getClient(tx, userId, row.clientId).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 404)
        throw new AppError(409, SEND_MESSAGES.noClient);
      throw error;
    });
    if (!client.email) throw new AppError(409, SEND_MESSAGES.noEmail);
    // The Handelsregisterwet asks the KvK number on quotes too; the seller block is the invoice's.
    const company = await getCompanyProfile(tx, userId, today);
    const missing = missingInvoiceCompanyFields(company, row.issueDate).map(
      (field) => COMPANY_FIELD_NAMES[field] ?? field,
    );
    if (!company.isSaved || missing.length > 0) {
      const message = SEND_MESSAGES.companyIncomplete(missing.length > 0 ? missing : ["bedrijfsgegevens"]);
      throw new AppError(409, message, { fieldErrors: { companyProfile: message } });
    }

    const token = newToken();
    const quoteNumber = await takeNextQuoteNumber(tx, userId, row.issueDate);
    const [sent] = await tx
      .update(quotes)
      .set({
        status: "sent",
        sentAt: now,
        quoteNumber,
        publicTokenHash: hashToken(token),
        clientSnapshot: clientSnapshotOf(client),
        sellerSnapshot: sellerSnapshotOf(company, row.issueDate),
      })
      .where(eq(quotes.id, quoteId))
      .returning();
    await mailQuote(tx, sent!, client.email, `${linkBase}${PUBLIC_QUOTE_PATH}?token=${token}`);
    return client.email;
  });
  return { quote: await getQuote(db, userId, quoteId, now), recipient, delivery };
}

/** The quote's e-mail with its PDF and public link, put in the outbox in the caller's transaction. */
async function mailQuote(tx: Database, sent: QuoteRow, recipient: string, link: string): Promise<void> {
  const { pdf, filename } = await renderQuotePdf(tx, sent.userId, sent);
  const sellerName = sent.sellerSnapshot!.name;
  const client = sent.clientSnapshot!;
  // The mail speaks the client's language, as the quote's PDF does.
  const language = client.language ?? DEFAULT_DOCUMENT_LANGUAGE;
  const mail = await renderMailTemplate(tx, sent.userId, "quote", language, {
    klantnaam: client.contactPerson || client.name,
    bedrijfsnaam: sellerName,
    offertenummer: sent.quoteNumber ?? "",
    offertedatum: formatDocumentDate(sent.issueDate, language),
    bedrag: formatDocumentEuro(parseCents(sent.total) ?? 0, language),
    geldig_tot: formatDocumentDate(sent.validUntil, language),
    offertelink: link,
  });
  await sendMail(tx, {
    userId: sent.userId,
    reference: quoteMailReference(sent.id),
    recipient,
    subject: mail.subject,
    text: mail.body,
    attachments: [{ filename, contentType: "application/pdf", content: pdf }],
  });
}

/** POST /api/quotes/{id}/resend: a sent quote that awaits its answer, mailed again with a new link. */
export async function resendQuote(
  db: Database,
  userId: string,
  quoteId: string,
  { now, linkBase, delivery }: { now: Date; linkBase: string; delivery: MailDelivery },
): Promise<SentQuote> {
  const recipient = await db.transaction(async (tx) => {
    // The lock keeps a resend and the client's answer from crossing.
    const row = await findOwnQuote(tx, userId, quoteId, true);
    if (row.status === "draft") throw new AppError(409, SEND_MESSAGES.notSentYet);
    if (row.status !== "sent")
      throw new AppError(409, SEND_MESSAGES.alreadyAnswered(row.status === "accepted"));
    if (row.validUntil < businessDate(now))
      throw new AppError(409, SEND_MESSAGES.expiredResend(row.validUntil));
    const email = row.clientSnapshot?.email;
    if (!email) throw new AppError(409, SEND_MESSAGES.noEmail);
    const token = newToken();
    const [sent] = await tx
      .update(quotes)
      .set({ publicTokenHash: hashToken(token) })
      .where(eq(quotes.id, quoteId))
      .returning();
    await mailQuote(tx, sent!, email, `${linkBase}${PUBLIC_QUOTE_PATH}?token=${token}`);
    return email;
  });
  return { quote: await getQuote(db, userId, quoteId, now), recipient, delivery };
}
