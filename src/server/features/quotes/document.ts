/**
 * A quote as a document in the invoice's own layout (invoices/pdf.ts): the same seller block, lines, VAT per
 * rate and totals, with the quote's title, facts (number, date, valid until) and no payment request.
 */
import {
  documentTexts,
  formatDocumentDate,
  type DocumentLanguage,
} from "../../../shared/invoices/document-texts";
import { computeTotals, parseQuantity, type VatCategory } from "../../../shared/invoices/math";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import type { PublicQuote } from "../../../shared/schemas/quotes";
import type { Database } from "../../db/client";
import type { InvoiceClientSnapshot, InvoiceSellerSnapshot } from "../../db/schema/index";
import { AppError } from "../../errors";
import { getClient } from "../clients/service";
import { getInvoiceStyle } from "../invoice-styles/service";
import { clientSnapshotOf, sellerSnapshotOf } from "../invoices/records";
import { renderInvoicePdf } from "../invoices/pdf";
import { pdfFilename } from "../invoices/pdf-filename";
import { getCompanyProfile, getLogo } from "../settings/service";
import { effectiveStatus, quoteItemsOf, type QuoteItemRow, type QuoteRow } from "./service";

/** A concept has no number yet: it is numbered when it is sent. */
export const CONCEPT_NUMBER = "Concept";

/** Quotes take no export or intra-EU lines; the labels are the invoice's, in the client's language. */
const vatLabel = (category: VatCategory, language: DocumentLanguage) =>
  documentTexts(language).vatLines[category];

/** The seller and client as the quote was sent, or as they are now for a concept. */
async function partiesOf(
  db: Database,
  userId: string,
  row: QuoteRow,
): Promise<{ seller: InvoiceSellerSnapshot; client: InvoiceClientSnapshot | null }> {
  const seller = row.sellerSnapshot ?? sellerSnapshotOf(await getCompanyProfile(db, userId), row.issueDate);
  let client = row.clientSnapshot ?? null;
  if (!client && row.clientId) {
    try {
      client = clientSnapshotOf(await getClient(db, userId, row.clientId));
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }
  return { seller, client };
}

function figures(items: readonly QuoteItemRow[], language: DocumentLanguage) {
  const totals = computeTotals(
    items.map((item) => ({
      quantityHundredths: parseQuantity(item.quantity)!,
      unitPriceCents: parseCents(item.rate)!,
      vatCategory: item.vatCategory,
    })),
  );
  return {
    lines: items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.rate,
      vatLabel: vatLabel(item.vatCategory, language),
      vatCategory: item.vatCategory,
      amount: item.amount,
    })),
    vatBreakdown: totals.breakdown.map((row) => ({
      label: documentTexts(language).vatTotals[row.vatCategory],
      vatCategory: row.vatCategory,
      base: centsToDecimal(row.base),
      vat: centsToDecimal(row.vat),
    })),
  };
}

export async function buildQuoteDocument(
  db: Database,
  userId: string,
  row: QuoteRow,
): Promise<InvoiceDocument> {
  const { seller, client } = await partiesOf(db, userId, row);
  const items = await quoteItemsOf(db, row.id);
  const isDraft = row.status === "draft";
  // Quotes follow their client's language like invoices: as sent (the snapshot), or the client's current one.
  const language = client?.language ?? "nl";
  const texts = documentTexts(language);
  const formatDate = (date: string) => formatDocumentDate(date, language);
  const number = row.quoteNumber ?? (language === "nl" ? CONCEPT_NUMBER : texts.draftNumber);
  const legalTexts: string[] = [];
  if (items.some((item) => item.vatCategory === "reverse_charge")) {
    legalTexts.push(texts.reverseCharge(client?.vatNumber ?? null));
  }
  legalTexts.push(texts.quoteValidity(formatDate(row.validUntil)));
  const title = `${texts.quote}${isDraft ? texts.draftSuffix : ""}`;
  return {
    id: row.id,
    language,
    title,
    isDraft,
    status: "draft",
    invoiceNumber: number,
    issueDate: row.issueDate,
    supplyDate: row.issueDate,
    dueDate: row.validUntil,
    creditNoteForNumber: null,
    logoDataUrl: null,
    seller: {
      name: seller.name,
      address: seller.address,
      postalCode: seller.postalCode,
      city: seller.city,
      country: seller.country,
      vatNumber: seller.vatNumber,
      kvkNumber: seller.kvkNumber,
      email: seller.email,
      phone: seller.phone,
      website: seller.website,
      iban: seller.iban,
      bic: seller.bic,
      // The invoice footer usually holds payment terms, which a quote does not ask for yet.
      invoiceFooter: null,
    },
    client,
    ...figures(items, language),
    subtotal: row.subtotal,
    taxAmount: row.taxAmount,
    total: row.total,
    notes: row.notes,
    legalTexts,
    openAmount: "0.00",
    paidAmount: "0.00",
    paidDate: null,
    creditNotes: [],
    payment: null,
    variant: {
      recipientLabel: texts.quoteTo,
      facts: [
        [texts.quoteNumber, number],
        [texts.quoteDate, formatDate(row.issueDate)],
        [texts.validUntil, formatDate(row.validUntil)],
      ],
      runningName: isDraft ? title : `${texts.quote} ${number}`,
    },
    style: await getInvoiceStyle(db, userId),
  };
}

/** The quote as PDF, with its file name. */
export async function renderQuotePdf(
  db: Database,
  userId: string,
  row: QuoteRow,
): Promise<{ pdf: Buffer; filename: string }> {
  const document = await buildQuoteDocument(db, userId, row);
  const pdf = await renderInvoicePdf(document, null, await getLogo(db, userId));
  return { pdf, filename: pdfFilename(row.quoteNumber ?? "offerte-concept") };
}

/** What the client sees on the public page: the quote as sent, and its answer. */
export async function publicQuoteOf(db: Database, row: QuoteRow, today: string): Promise<PublicQuote> {
  const items = await quoteItemsOf(db, row.id);
  const { seller, client } = await partiesOf(db, row.userId, row);
  return {
    quoteNumber: row.quoteNumber ?? CONCEPT_NUMBER,
    status: effectiveStatus(row, today),
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    sellerName: seller.name,
    clientName: client?.name ?? null,
    notes: row.notes,
    // The public page is in Dutch, like the rest of the product's screens.
    ...figures(items, "nl"),
    subtotal: row.subtotal,
    taxAmount: row.taxAmount,
    total: row.total,
    answer:
      row.answeredAt && (row.status === "accepted" || row.status === "declined")
        ? { status: row.status, name: row.answeredName, answeredAt: row.answeredAt.toISOString() }
        : null,
  };
}
