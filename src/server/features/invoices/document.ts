import QRCode from "qrcode";
import { documentTexts } from "../../../shared/invoices/document-texts";
import { epcPayload } from "../../../shared/invoices/epc-qr";
import { computeTotals, parseQuantity } from "../../../shared/invoices/math";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import type { Database } from "../../db/client";
import type { InvoiceClientSnapshot } from "../../db/schema/index";
import { AppError } from "../../errors";
import { getClient } from "../clients/service";
import { getInvoiceStyle } from "../invoice-styles/service";
import type { StoredLogo } from "../settings/logo";
import { getCompanyProfile, getLogo } from "../settings/service";
import { clientSnapshotOf, findInvoiceWithItems, sellerSnapshotOf, toInvoices } from "./records";

/** The Dutch legal texts, also the reasons the e-invoice (UBL) gives; the PDF takes them in the client's language. */
export { KOR_TEXT } from "../../../shared/invoices/document-texts";
export const INTRA_EU_SUPPLY_TEXT = documentTexts("nl").intraEuSupply;
export const EXPORT_TEXT = documentTexts("nl").export;

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
  // The language the invoice was issued in (its snapshot), or the client's current one on a draft.
  const language = client?.language ?? "nl";
  const texts = documentTexts(language);

  const lines = items.map((item) => ({
    description: item.description ?? "",
    quantity: item.quantity,
    unitPrice: item.rate,
    vatLabel: texts.vatLines[item.vatCategory],
    vatCategory: item.vatCategory,
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
    label: texts.vatTotals[row.vatCategory],
    vatCategory: row.vatCategory,
    base: centsToDecimal(row.base),
    vat: centsToDecimal(row.vat),
  }));

  const categories = new Set(items.map((item) => item.vatCategory));
  const legalTexts: string[] = [];
  if (categories.has("intra_eu_goods")) legalTexts.push(texts.intraEuSupply);
  if (categories.has("reverse_charge") || categories.has("intra_eu_goods")) {
    legalTexts.push(texts.reverseCharge(client?.vatNumber ?? null));
  }
  if (categories.has("export")) legalTexts.push(texts.export);
  // Exempt lines already read 'Vrijgesteld van btw' in the totals; the KOR needs its own legal text.
  if (seller.isKorApplied) legalTexts.push(texts.kor);

  // The document follows the state: it asks for what is still open (the whole total on a draft's preview),
  // and nothing once the invoice is paid or credited, or on a credit note.
  const [state] = await toInvoices(db, userId, [row]);
  const isCreditNote = row.creditNoteForNumber !== null;
  const isDraft = row.status === "draft";
  const dueCents = isCreditNote ? 0 : isDraft ? parseCents(row.total)! : parseCents(row.openAmount)!;
  const reference = row.invoiceNumber ?? texts.draftNumber;
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
  // The colour and page footer are branding too (Settings → Factuuropmaak): today's, like the logo.
  const style = await getInvoiceStyle(db, userId);

  const document: InvoiceDocument = {
    id: row.id,
    language,
    title: `${isCreditNote ? texts.creditNote : texts.invoice}${isDraft ? texts.draftSuffix : ""}`,
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
    style,
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
