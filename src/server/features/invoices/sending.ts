/**
 * 'Versturen per e-mail': the preview of the message (recipient, subject, text, the PDF's name) before anything
 * happens, then the send itself: a draft is issued through issueInvoice, the PDF and the e-invoice rendered and the message put in
 * the outbox (SMTP when SMTP_URL is set), all in one transaction. An issued invoice is sent again as it is.
 */
import { formatDate, formatEuro } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import type { MailDelivery, SendInput, SendPreview, SentInvoice } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { getCompanyProfile } from "../settings/service";
import { buildInvoiceDocument } from "./document";
import { eInvoiceFilename, eInvoiceProblem, renderEInvoice } from "./e-invoice";
import { issueInvoice } from "./issuing";
import { peekNextInvoiceNumber } from "./numbering";
import { renderInvoicePdf } from "./pdf";
import { pdfFilename } from "./pdf-filename";
import { clientForInvoice, findOwnRow, getInvoice, invoiceMailReference, type InvoiceRow } from "./records";

export const NO_CLIENT_EMAIL_MESSAGE =
  "Deze klant heeft geen e-mailadres. Vul het e-mailadres in bij de klant en verstuur de factuur opnieuw.";
export const NO_CLIENT_MESSAGE = "Deze factuur heeft geen klant meer en kan niet worden verstuurd.";

type MailFacts = {
  isCreditNote: boolean;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  total: string;
  sellerName: string;
  clientName: string | null;
  /** The client's contact person, whom the mail greets by name when there is one. */
  contactPerson: string | null;
  payment: { amount: string; iban: string } | null;
};

/**
 * The checkout URL for the invoice's open amount when the user takes online payments (payment-links), made in
 * the send's transaction; null otherwise.
 */
export type PaymentLinkSource = (tx: Database, userId: string, invoiceId: string) => Promise<string | null>;

/** 'Betaal online' under the message as confirmed, so an edited text still carries the link. */
const withPaymentLink = (text: string, paymentUrl: string | null) =>
  paymentUrl ? `${text.trimEnd()}\n\nBetaal online: ${paymentUrl}\n` : text;

function defaultSubject(facts: MailFacts): string {
  return `${facts.isCreditNote ? "Creditnota" : "Factuur"} ${facts.invoiceNumber} van ${facts.sellerName}`;
}

function defaultMessage(facts: MailFacts): string {
  const kind = facts.isCreditNote ? "creditnota" : "factuur";
  const amount = formatEuro(parseCents(facts.total) ?? 0);
  const payment = facts.payment
    ? `Wil je ${formatEuro(parseCents(facts.payment.amount) ?? 0)} vóór ${formatDate(facts.dueDate)} overmaken naar ${facts.payment.iban} t.n.v. ${facts.sellerName}, onder vermelding van ${facts.invoiceNumber}? In de PDF staat ook een QR-code waarmee je met je bankapp betaalt.\n\n`
    : "";
  return (
    `Beste ${facts.contactPerson || facts.clientName || "klant"},\n\n` +
    `In de bijlage vind je ${kind} ${facts.invoiceNumber} van ${formatDate(facts.issueDate)} voor ${amount}.\n\n` +
    payment +
    `Met vriendelijke groet,\n${facts.sellerName}\n`
  );
}

/** Who gets it: the client's current address for a draft, the address it was issued to otherwise. */
async function recipientOf(db: Database, userId: string, row: InvoiceRow): Promise<string> {
  if (row.status !== "draft") {
    if (!row.clientSnapshot?.email) throw new AppError(409, NO_CLIENT_EMAIL_MESSAGE);
    return row.clientSnapshot.email;
  }
  if (!row.clientId) throw new AppError(409, NO_CLIENT_MESSAGE);
  const client = await clientForInvoice(db, userId, row.clientId, NO_CLIENT_MESSAGE);
  if (!client.email) throw new AppError(409, NO_CLIENT_EMAIL_MESSAGE);
  return client.email;
}

/** GET /api/invoices/{id}/send-preview. A draft is shown with the number it will get when sent now. */
export async function previewInvoiceMail(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<SendPreview> {
  const row = await findOwnRow(db, userId, invoiceId);
  const recipient = await recipientOf(db, userId, row).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 409) return null;
    throw error;
  });
  const { document } = await buildInvoiceDocument(db, userId, invoiceId, { withImages: false });
  const isDraft = row.status === "draft";
  const invoiceNumber = isDraft
    ? await peekNextInvoiceNumber(db, userId, row.issueDate)
    : document.invoiceNumber;
  const company = isDraft ? await getCompanyProfile(db, userId) : null;
  const facts: MailFacts = {
    isCreditNote: document.creditNoteForNumber !== null,
    invoiceNumber,
    issueDate: document.issueDate,
    dueDate: document.dueDate,
    total: document.total,
    sellerName: document.seller.name || company?.tradeName || "",
    clientName: document.client?.name ?? null,
    contactPerson: document.client?.contactPerson ?? null,
    payment: document.payment,
  };
  return {
    recipient,
    subject: defaultSubject(facts),
    message: defaultMessage(facts),
    attachmentName: pdfFilename(invoiceNumber),
    eInvoiceName: eInvoiceProblem(document) ? null : eInvoiceFilename(invoiceNumber),
    invoiceNumber,
    isDraft,
  };
}

/** POST /api/invoices/{id}/send, with the subject and text as confirmed in the preview (defaults otherwise). */
export async function sendInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
  input: SendInput,
  now: Date,
  delivery: MailDelivery,
  paymentLinks: PaymentLinkSource | null,
): Promise<SentInvoice> {
  const recipient = await recipientOf(db, userId, await findOwnRow(db, userId, invoiceId));
  await db.transaction(async (tx) => {
    const row = await findOwnRow(tx, userId, invoiceId, true);
    if (row.status === "draft") await issueInvoice(tx, userId, invoiceId, { now, via: "list" });
    const paymentUrl = paymentLinks ? await paymentLinks(tx, userId, invoiceId) : null;
    const { document, qrPayload, logo } = await buildInvoiceDocument(tx, userId, invoiceId, {
      withImages: false,
    });
    const pdf = await renderInvoicePdf(document, qrPayload, logo, paymentUrl);
    // The e-invoice goes beside the PDF whenever the invoice has what one needs (e-invoice.ts says what).
    const eInvoice = eInvoiceProblem(document) ? null : renderEInvoice(document);
    const facts: MailFacts = {
      isCreditNote: document.creditNoteForNumber !== null,
      invoiceNumber: document.invoiceNumber,
      issueDate: document.issueDate,
      dueDate: document.dueDate,
      total: document.total,
      sellerName: document.seller.name,
      clientName: document.client?.name ?? null,
      contactPerson: document.client?.contactPerson ?? null,
      payment: document.payment,
    };
    await sendMail(tx, {
      userId,
      reference: invoiceMailReference(invoiceId),
      recipient,
      subject: input.subject ?? defaultSubject(facts),
      text: withPaymentLink(input.message ?? defaultMessage(facts), paymentUrl),
      attachments: [
        { filename: pdfFilename(document.invoiceNumber), contentType: "application/pdf", content: pdf },
        ...(eInvoice
          ? [
              {
                filename: eInvoiceFilename(document.invoiceNumber),
                contentType: "application/xml",
                content: Buffer.from(eInvoice, "utf8"),
              },
            ]
          : []),
      ],
    });
  });
  return { invoice: await getInvoice(db, userId, invoiceId), recipient, delivery };
}
