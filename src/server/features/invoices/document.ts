import QRCode from "qrcode";
import { epcPayload } from "../../../shared/invoices/epc-qr";
import { computeTotals, parseQuantity, type VatCategory } from "../../../shared/invoices/math";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import type { InvoiceClientSnapshot } from "../../db/schema/index";
import { AppError } from "../../errors";
import { getClient } from "../clients/service";
import type { StoredLogo } from "../settings/logo";
import { getCompanyProfile, getLogo } from "../settings/service";
import { clientSnapshotOf, findInvoiceWithItems, sellerSnapshotOf, toInvoices } from "./records";

/** Wet OB art. 25 (domain.md §1, KOR): the text an exempt small business puts on its invoices. */
export const KOR_TEXT = "Factuur vrijgesteld van OB o.g.v. artikel 25 Wet OB";
/**
 * Art. 12 Wet OB / domain.md §8: reverse charge names the client's VAT number. The words 'Btw verlegd' are the
 * VAT row of the totals right above it (VAT_BREAKDOWN_LABELS), so the text does not say them a second time.
 */
export const reverseChargeText = (clientVatNumber: string) => `Btw-nummer afnemer: ${clientVatNumber}`;
/** A draft has no number yet: it gets the next of the series when it is sent. */
export const DRAFT_NUMBER = "Concept";

/** How a line shows its VAT category, in the table's 'Btw' column. */
const VAT_LABELS: Readonly<Record<VatCategory, string>> = {
  "21": "21%",
  "9": "9%",
  "0": "0%",
  reverse_charge: "verlegd",
  exempt: "vrijgesteld",
};

/** The VAT row of the totals per category ('{label} over {base}'): the invoice says 'Btw verlegd' here, once. */
const VAT_BREAKDOWN_LABELS: Readonly<Record<VatCategory, string>> = {
  "21": "Btw 21%",
  "9": "Btw 9%",
  "0": "Btw 0%",
  reverse_charge: "Btw verlegd",
  exempt: "Vrijgesteld van btw",
};

/**
 * Everything an invoice shows, for the PDF and the on-screen view alike. An issued invoice is shown with the
 * seller and client as they were when it was sent; a draft with today's Settings and client.
 */
export async function buildInvoiceDocument(
  db: Database,
  userId: string,
  invoiceId: string,
  options: { withImages: boolean } = { withImages: true },
): Promise<{ document: InvoiceDocument; qrPayload: string | null; logo: StoredLogo | null }> {
  const { row, items } = await findInvoiceWithItems(db, userId, invoiceId);
  const seller = row.sellerSnapshot ?? sellerSnapshotOf(await getCompanyProfile(db, userId), row.issueDate);
  const client = row.clientSnapshot ?? (row.clientId ? await currentClient(db, userId, row.clientId) : null);

  const lines = items.map((item) => ({
    description: item.description ?? "",
    quantity: item.quantity,
    unitPrice: item.rate,
    vatLabel: VAT_LABELS[item.vatCategory],
    amount: item.amount,
  }));
  const totals = computeTotals(
    items.map((item) => ({
      quantityHundredths: parseQuantity(item.quantity)!,
      unitPriceCents: parseCents(item.rate)!,
      vatCategory: item.vatCategory,
    })),
  );
  const vatBreakdown = totals.breakdown.map((row) => ({
    label: VAT_BREAKDOWN_LABELS[row.vatCategory],
    base: centsToDecimal(row.base),
    vat: centsToDecimal(row.vat),
  }));

  const categories = new Set(items.map((item) => item.vatCategory));
  const legalTexts: string[] = [];
  if (categories.has("reverse_charge")) {
    legalTexts.push(reverseChargeText(client?.vatNumber ?? "onbekend"));
  }
  // Exempt lines already read 'Vrijgesteld van btw' in the totals; the KOR needs its own legal text.
  if (seller.isKorApplied) legalTexts.push(KOR_TEXT);

  // The document follows the state: it asks for what is still open (the whole total on a draft's preview),
  // and nothing once the invoice is paid or credited, or on a credit note.
  const [state] = await toInvoices(db, userId, [row]);
  const isCreditNote = row.creditNoteForNumber !== null;
  const isDraft = row.status === "draft";
  const dueCents = isCreditNote ? 0 : isDraft ? parseCents(row.total)! : parseCents(row.openAmount)!;
  const reference = row.invoiceNumber ?? DRAFT_NUMBER;
  // No payment code on a draft: it cannot be paid before it is issued with its number.
  const qrPayload =
    seller.iban && dueCents > 0 && !isDraft
      ? epcPayload({
          name: seller.name,
          iban: seller.iban,
          bic: seller.bic,
          amountCents: dueCents,
          text: reference,
        })
      : null;
  const payment =
    seller.iban && dueCents > 0
      ? {
          amount: centsToDecimal(dueCents),
          iban: seller.iban,
          bic: seller.bic,
          reference,
          qrDataUrl:
            qrPayload && options.withImages
              ? await QRCode.toDataURL(qrPayload, { errorCorrectionLevel: "M", margin: 1, width: 240 })
              : null,
        }
      : null;

  // The logo is branding, not one of the invoice's legal items, so even a sent invoice shows today's logo
  // rather than a copy frozen in its snapshot.
  const logo = await getLogo(db, userId);

  const document: InvoiceDocument = {
    id: row.id,
    title: `${isCreditNote ? "Creditnota" : "Factuur"}${isDraft ? " (concept)" : ""}`,
    isDraft,
    status: row.status,
    invoiceNumber: reference,
    issueDate: row.issueDate,
    supplyDate: row.supplyDate ?? row.issueDate,
    dueDate: row.dueDate,
    creditNoteForNumber: row.creditNoteForNumber,
    logoDataUrl:
      logo && options.withImages ? `data:${logo.contentType};base64,${logo.data.toString("base64")}` : null,
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
      invoiceFooter: seller.invoiceFooter,
    },
    client,
    lines,
    vatBreakdown,
    subtotal: row.subtotal,
    taxAmount: row.taxAmount,
    total: row.total,
    notes: row.notes,
    legalTexts,
    openAmount: isCreditNote || isDraft ? "0.00" : row.openAmount,
    paidAmount: state!.paidAmount,
    paidDate: row.paidDate,
    creditNotes: state!.creditNotes.map(({ invoiceNumber, issueDate, total }) => ({
      invoiceNumber,
      issueDate,
      total,
    })),
    payment,
  };
  return { document, qrPayload, logo };
}

async function currentClient(
  db: Database,
  userId: string,
  clientId: string,
): Promise<InvoiceClientSnapshot | null> {
  try {
    return clientSnapshotOf(await getClient(db, userId, clientId));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
