/**
 * 'Versturen per e-mail': the preview of the message (recipient, subject, text, the PDF's name) before anything
 * happens, then the send itself: a draft is issued through issueInvoice, the PDF and the e-invoice rendered and the message put in
 * the outbox (SMTP when SMTP_URL is set), all in one transaction. An issued invoice is sent again as it is.
 */
import {
  documentTexts,
  formatDocumentDate,
  formatDocumentEuro,
  type DocumentLanguage,
} from "../../../shared/invoices/document-texts";
import { parseCents } from "../../../shared/money";
import type { MailTemplateValues } from "../../../shared/schemas/mail-templates";
import type {
  InvoiceDocument,
  MailDelivery,
  SendInput,
  SendPreview,
  SentInvoice,
} from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { sendMail } from "../../mail/outbox";
import { renderMailTemplate } from "../invoice-styles/service";
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

/**
 * The checkout URL for the invoice's open amount when the user takes online payments (payment-links), made in
 * the send's transaction; null otherwise.
 */
export type PaymentLinkSource = (tx: Database, userId: string, invoiceId: string) => Promise<string | null>;

/** Where the confirmed text of the preview asks for the payment link; the send fills it in. */
const PAYMENT_LINK_PLACEHOLDER = "{betaallink}";

/**
 * The confirmed text with its payment link: in place of {betaallink} (that line left out without a link), or
 * as 'Betaal online' under the text when the user removed the placeholder, so an edited text still carries it.
 */
function withPaymentLink(text: string, paymentUrl: string | null, language: DocumentLanguage): string {
  if (text.includes(PAYMENT_LINK_PLACEHOLDER)) {
    const lines = text.split("\n");
    const kept = paymentUrl
      ? lines.map((line) => line.replaceAll(PAYMENT_LINK_PLACEHOLDER, paymentUrl))
      : lines.filter((line) => !line.includes(PAYMENT_LINK_PLACEHOLDER));
    return kept.join("\n").replace(/\n{3,}/g, "\n\n");
  }
  return paymentUrl ? `${text.trimEnd()}\n\n${documentTexts(language).payOnline}: ${paymentUrl}\n` : text;
}

/** The template's values from the invoice document, in the document's language. */
function mailValues(
  document: InvoiceDocument,
  invoiceNumber: string,
  sellerName: string,
  paymentUrl: string | null,
): MailTemplateValues {
  const { language } = document;
  const payment = document.payment;
  const euro = (decimal: string) => formatDocumentEuro(parseCents(decimal) ?? 0, language);
  return {
    klantnaam: document.client?.contactPerson || document.client?.name || CLIENT_FALLBACK[language],
    bedrijfsnaam: sellerName,
    factuurnummer: invoiceNumber,
    factuurdatum: formatDocumentDate(document.issueDate, language),
    vervaldatum: formatDocumentDate(document.dueDate, language),
    bedrag: euro(document.total),
    openstaand_bedrag: euro(payment?.amount ?? "0"),
    betaalinstructie: payment
      ? PAYMENT_INSTRUCTION[language]({
          amount: euro(payment.amount),
          dueDate: formatDocumentDate(document.dueDate, language),
          iban: payment.iban,
          name: sellerName,
          reference: invoiceNumber,
        })
      : null,
    betaallink: paymentUrl,
  };
}

const CLIENT_FALLBACK: Readonly<Record<DocumentLanguage, string>> = { nl: "klant", en: "customer" };

const PAYMENT_INSTRUCTION: Readonly<
  Record<
    DocumentLanguage,
    (parts: { amount: string; dueDate: string; iban: string; name: string; reference: string }) => string
  >
> = {
  nl: ({ amount, dueDate, iban, name, reference }) =>
    `Wil je ${amount} vóór ${dueDate} overmaken naar ${iban} t.n.v. ${name}, onder vermelding van ${reference}? ` +
    `In de PDF staat ook een QR-code waarmee je met je bankapp betaalt.`,
  en: ({ amount, dueDate, iban, name, reference }) =>
    `Please transfer ${amount} by ${dueDate} to ${iban} in the name of ${name}, quoting ${reference}. ` +
    `The PDF also has a QR code you can scan with your banking app to pay.`,
};

const templateKindOf = (document: InvoiceDocument) =>
  document.creditNoteForNumber !== null ? "credit_note" : "invoice";

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
  /** Whether the user takes online payments: the text then keeps {betaallink}, which the send fills in. */
  hasPaymentLinks = false,
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
  const sellerName = document.seller.name || company?.tradeName || "";
  const mail = await renderMailTemplate(
    db,
    userId,
    templateKindOf(document),
    document.language,
    mailValues(
      document,
      invoiceNumber,
      sellerName,
      hasPaymentLinks && document.payment ? PAYMENT_LINK_PLACEHOLDER : null,
    ),
  );
  return {
    recipient,
    subject: mail.subject,
    message: mail.body,
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
    // Without a confirmed text (a send by the API), the user's template for the client's language.
    const mail = await renderMailTemplate(
      tx,
      userId,
      templateKindOf(document),
      document.language,
      mailValues(document, document.invoiceNumber, document.seller.name, paymentUrl),
    );
    await sendMail(tx, {
      userId,
      reference: invoiceMailReference(invoiceId),
      recipient,
      subject: input.subject ?? mail.subject,
      text:
        input.message === null ? mail.body : withPaymentLink(input.message, paymentUrl, document.language),
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
