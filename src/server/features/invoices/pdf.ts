/**
 * The invoice as PDF (A4), drawn with pdfkit's built-in Helvetica: no font or image is fetched while rendering
 * (the logo comes from the database as PNG or JPEG bytes).
 * 1. The seller's logo when set, seller (name, address, KvK, btw-id, contact) and the document title.
 * 2. Client block and the dates and numbers (invoice or credit note date, supply date, due date or the invoice a
 *    credit note belongs to).
 * 3. Lines: description, quantity, unit price, VAT, amount excl. VAT; a row that does not fit goes to the next
 *    page under the table header again.
 * 4. Totals with the VAT per rate, then what credit notes and payments settled and what is still open; the legal
 *    texts (reverse charge, KOR) and the notes.
 * 5. The state: the payment request with the EPC QR code for the open amount, or 'Betaald op …', or that a
 *    credit note settled it.
 * 6. Page numbers, the running header of later pages and the user's page footer (pdf-layout.ts); the user's
 *    accent colour (Settings → Factuuropmaak) colours the title and the table's heading and lines.
 * Every block measures its text (heightOfString) before drawing, so long names wrap in their column and push
 * what follows down instead of overprinting it. Everything typed by users is drawn as text, never interpreted.
 */
import QRCode from "qrcode";
import { parseCents } from "../../../shared/money";
import { addressLines } from "../../../shared/invoices/address";
import {
  documentFacts,
  paymentRequestText,
  settledText,
  settlementRows,
  type SettlementRow,
} from "../../../shared/invoices/document-state";
import {
  documentTexts,
  formatDocumentEuro,
  formatDocumentQuantity,
  type DocumentLanguage,
} from "../../../shared/invoices/document-texts";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import { logoSize, type StoredLogo } from "../settings/logo";
import {
  CONTENT_WIDTH,
  createInvoicePdf,
  documentColors,
  ensureSpace,
  finishPages,
  BAND_HEIGHT,
  bandColor,
  layoutOf,
  MARGIN,
  PAGE_WIDTH,
  MUTED,
  rule,
  type Pdf,
} from "./pdf-layout";

/** The box the logo is scaled into, keeping its proportions. */
const LOGO_BOX = { width: 160, height: 60 };
const QR_SIZE = 110;
const PAID_COLOR = "#1a7f37";
const LINK_COLOR = "#1d4ed8";

const cents = (decimal: string) => parseCents(decimal) ?? 0;
const euro = (decimal: string, language: DocumentLanguage) => formatDocumentEuro(cents(decimal), language);
export async function renderInvoicePdf(
  document: InvoiceDocument,
  qrPayload: string | null,
  logo: StoredLogo | null = null,
  /** The 'Betaal online' checkout address for the open amount (payment-links), when the user takes them. */
  paymentUrl: string | null = null,
): Promise<Buffer> {
  // The QR code asks for the same amount as the text: only drawn with a payment request.
  const qrImage =
    qrPayload && document.payment
      ? await QRCode.toBuffer(qrPayload, { errorCorrectionLevel: "M", margin: 1, width: 300, type: "png" })
      : null;
  const pdf = createInvoicePdf(document);
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  drawHeader(pdf, document, logo);
  drawParties(pdf, document);
  drawLines(pdf, document);
  drawTotals(pdf, document);
  drawTexts(pdf, document);
  drawState(pdf, document, qrImage, paymentUrl);
  finishPages(pdf, document);
  pdf.end();
  return done;
}

/** Draws the logo top left and returns the height it takes; 0 without one or when pdfkit cannot read it. */
function drawLogo(pdf: Pdf, logo: StoredLogo | null, top: number): number {
  if (!logo) return 0;
  try {
    const size = logoSize(pdf, logo.data);
    const scale = Math.min(LOGO_BOX.width / size.width, LOGO_BOX.height / size.height);
    const height = size.height * scale;
    pdf.image(logo.data, MARGIN, top, { width: size.width * scale, height });
    return height + 12;
  } catch {
    // Uploads are checked, but an invoice must never fail to render because of its decoration.
    return 0;
  }
}

/** Seller on the left, title on the right; the seller's column ends where the title begins. */
function drawHeader(pdf: Pdf, document: InvoiceDocument, logo: StoredLogo | null) {
  const { seller } = document;
  const texts = documentTexts(document.language);
  const title = document.title.toUpperCase();
  pdf.font("Helvetica-Bold").fontSize(22);
  let titleWidth: number;
  let titleBottom: number;
  let headerTop = MARGIN;
  if (layoutOf(document) === "modern") {
    // Modern: the title in white on a band across the top; the seller's block takes the width below it.
    pdf.rect(0, 0, PAGE_WIDTH, MARGIN + BAND_HEIGHT).fill(bandColor(document));
    pdf.fillColor("white").text(title, MARGIN, MARGIN - 4, { width: CONTENT_WIDTH, lineBreak: false });
    titleWidth = -24;
    headerTop = MARGIN + BAND_HEIGHT + 18;
    titleBottom = headerTop;
  } else {
    titleWidth = Math.min(pdf.widthOfString(title) + 2, CONTENT_WIDTH / 2);
    pdf.fillColor(documentColors(document).title).text(title, MARGIN + CONTENT_WIDTH - titleWidth, MARGIN, {
      width: titleWidth,
      align: "right",
    });
    titleBottom = pdf.y;
  }

  const width = CONTENT_WIDTH - titleWidth - 24;
  const top = headerTop + drawLogo(pdf, logo, headerTop);
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor("black")
    .text(seller.name || "—", MARGIN, top, { width });
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED);
  const details = [
    ...addressLines(seller),
    seller.kvkNumber ? `${texts.chamberOfCommerce} ${seller.kvkNumber}` : null,
    seller.vatNumber ? `${texts.sellerVatId} ${seller.vatNumber}` : null,
    seller.email,
    seller.phone,
    seller.website,
  ].filter((line): line is string => Boolean(line));
  pdf.moveDown(0.2);
  for (const line of details) pdf.text(line, MARGIN, pdf.y, { width });
  pdf.x = MARGIN;
  pdf.y = Math.max(pdf.y, titleBottom) + 24;
}

/** The client on the left, the dates and numbers on the right; each column wraps within its half. */
function drawParties(pdf: Pdf, document: InvoiceDocument) {
  const top = pdf.y;
  const { client } = document;
  const texts = documentTexts(document.language);
  const isCreditNote = document.creditNoteForNumber !== null;
  const width = CONTENT_WIDTH / 2 - 10;
  const heading = document.variant?.recipientLabel ?? (isCreditNote ? texts.creditNoteTo : texts.invoiceTo);
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED).text(heading, MARGIN, top, { width });
  pdf
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("black")
    .text(client?.name ?? texts.unknownClient, MARGIN, pdf.y, { width });
  pdf.font("Helvetica").fontSize(10);
  if (client) {
    const lines = [
      ...addressLines(client),
      client.vatNumber ? `${texts.clientVatNumber} ${client.vatNumber}` : null,
      client.kvkNumber ? `${texts.chamberOfCommerce} ${client.kvkNumber}` : null,
    ].filter((line): line is string => Boolean(line));
    for (const line of lines) pdf.text(line, MARGIN, pdf.y, { width });
  }
  const leftBottom = pdf.y;

  const facts = documentFacts(document);
  const labelX = MARGIN + CONTENT_WIDTH / 2 + 20;
  const labelWidth = 105;
  const valueWidth = MARGIN + CONTENT_WIDTH - labelX - labelWidth;
  let y = top;
  for (const [label, value] of facts) {
    // +1: the 9 pt label on the baseline of the 10 pt value.
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, labelX, y + 1, { width: labelWidth });
    const labelBottom = pdf.y;
    pdf
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(value, labelX + labelWidth, y, { width: valueWidth, align: "right" });
    y = Math.max(pdf.y, labelBottom, y + 12) + 3;
  }
  pdf.x = MARGIN;
  pdf.y = Math.max(leftBottom, y) + 24;
}

const COLUMNS = [
  { label: "description", width: 215, align: "left" as const },
  { label: "quantity", width: 55, align: "right" as const },
  { label: "price", width: 80, align: "right" as const },
  { label: "vat", width: 65, align: "right" as const },
  { label: "amount", width: CONTENT_WIDTH - 215 - 55 - 80 - 65, align: "right" as const },
] satisfies Array<{ label: keyof ReturnType<typeof documentTexts>; width: number; align: string }>;
const CELL_PADDING = 6;
const ROW_GAP = 5;

function setRowFont(pdf: Pdf, options: { bold?: boolean; color?: string }) {
  pdf
    .font(options.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(9.5)
    .fillColor(options.color ?? "black");
}

function cellWidth(index: number): number {
  return COLUMNS[index]!.width - (index === 0 ? 0 : CELL_PADDING);
}

function rowHeight(pdf: Pdf, cells: string[], options: { bold?: boolean } = {}): number {
  setRowFont(pdf, options);
  return Math.max(
    ...cells.map((cell, index) => pdf.heightOfString(cell || " ", { width: cellWidth(index) })),
  );
}

function drawRow(pdf: Pdf, cells: string[], options: { bold?: boolean; color?: string } = {}) {
  const top = pdf.y;
  const height = rowHeight(pdf, cells, options);
  setRowFont(pdf, options);
  let x = MARGIN;
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    const padding = index === 0 ? 0 : CELL_PADDING;
    pdf.text(cell, x + padding, top, { width: cellWidth(index), align: column.align });
    x += column.width;
  });
  pdf.x = MARGIN;
  pdf.y = top + height + ROW_GAP;
}

function drawTableHeader(pdf: Pdf, document: InvoiceDocument) {
  const colors = documentColors(document);
  const texts = documentTexts(document.language);
  if (layoutOf(document) === "modern") {
    // Modern: the heading in white on a filled bar, the same height the row takes in Klassiek.
    const cells = COLUMNS.map((column) => texts[column.label]);
    const height = rowHeight(pdf, cells, { bold: true }) + ROW_GAP;
    pdf.rect(MARGIN - 4, pdf.y - 3, CONTENT_WIDTH + 8, height + 2).fill(bandColor(document));
    drawRow(pdf, cells, { bold: true, color: "white" });
    pdf.y += 5;
    return;
  }
  drawRow(
    pdf,
    COLUMNS.map((column) => texts[column.label]),
    { bold: true, color: colors.heading },
  );
  rule(pdf, colors.line);
}

function drawLines(pdf: Pdf, document: InvoiceDocument) {
  const { language } = document;
  const texts = documentTexts(language);
  const headerHeight = rowHeight(pdf, [texts.description], { bold: true }) + ROW_GAP + 5;
  const rows = document.lines.map((line) => [
    line.description,
    formatDocumentQuantity(line.quantity, language),
    euro(line.unitPrice, language),
    line.vatLabel,
    euro(line.amount, language),
  ]);
  if (rows.length === 0) rows.push([texts.seeNotes, "", "", "", euro(document.subtotal, language)]);
  // The header never stands alone at the foot of a page.
  ensureSpace(pdf, headerHeight + rowHeight(pdf, rows[0]!));
  drawTableHeader(pdf, document);
  for (const cells of rows) {
    if (ensureSpace(pdf, rowHeight(pdf, cells))) drawTableHeader(pdf, document);
    drawRow(pdf, cells);
  }
  rule(pdf, documentColors(document).line);
}

/** The totals block: subtotal, VAT per rate and total, then what settled the invoice (document-state.ts). */
function totalRows(document: InvoiceDocument): SettlementRow[] {
  const { language } = document;
  const texts = documentTexts(language);
  const rows: SettlementRow[] = [{ label: texts.subtotal, value: euro(document.subtotal, language) }];
  // domain.md §8: the amount excl. VAT per rate, the rate and the VAT amount.
  for (const vat of document.vatBreakdown) {
    rows.push({ label: texts.vatOver(vat.label, euro(vat.base, language)), value: euro(vat.vat, language) });
  }
  if (document.vatBreakdown.length === 0) {
    rows.push({ label: texts.vat, value: euro(document.taxAmount, language) });
  }
  rows.push({ label: texts.total, value: euro(document.total, language), isBold: true });
  return [...rows, ...settlementRows(document)];
}

function drawTotals(pdf: Pdf, document: InvoiceDocument) {
  const valueWidth = 100;
  const labelWidth = 250;
  const labelX = MARGIN + CONTENT_WIDTH - valueWidth - labelWidth;
  const setFont = (row: SettlementRow) =>
    pdf
      .font(row.isBold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(row.isBold ? 11 : 9.5)
      .fillColor("black");
  const heightOf = (row: SettlementRow) => {
    setFont(row);
    return Math.max(pdf.heightOfString(row.label, { width: labelWidth }), 13) + 2;
  };
  const rows = totalRows(document);
  // The totals stay together (they are a handful of lines), so the sum is never split from its parts.
  ensureSpace(
    pdf,
    rows.reduce((sum, row) => sum + heightOf(row), 0),
  );
  for (const row of rows) {
    const y = pdf.y;
    const height = heightOf(row);
    setFont(row);
    pdf.text(row.label, labelX, y, { width: labelWidth });
    pdf.text(row.value, labelX + labelWidth, y, { width: valueWidth, align: "right" });
    pdf.y = y + height;
  }
  pdf.x = MARGIN;
  pdf.y += 14;
}

function drawTexts(pdf: Pdf, document: InvoiceDocument) {
  pdf.font("Helvetica").fontSize(9.5).fillColor("black");
  for (const text of document.legalTexts) {
    ensureSpace(pdf, pdf.heightOfString(text, { width: CONTENT_WIDTH }));
    pdf.text(text, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  }
  if (document.notes) {
    pdf.moveDown(0.5);
    // Notes may run over a page; pdfkit continues them below the next page's running header.
    ensureSpace(pdf, Math.min(pdf.heightOfString(document.notes, { width: CONTENT_WIDTH }), 60));
    pdf.text(document.notes, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  }
  pdf.moveDown(1);
}

/** What the document says about paying: nothing already settled is asked for again. */
function stateTexts(document: InvoiceDocument): {
  request: string | null;
  status: { text: string; isPaid: boolean } | null;
} {
  // A credit note's line says what it is set off against: a statement, not a request.
  if (document.creditNoteForNumber) {
    return { request: null, status: { text: paymentRequestText(document)!, isPaid: false } };
  }
  return { request: paymentRequestText(document), status: settledText(document) };
}

function drawState(pdf: Pdf, document: InvoiceDocument, qrImage: Buffer | null, paymentUrl: string | null) {
  const { request, status } = stateTexts(document);
  const texts = documentTexts(document.language);
  const payOnline = `${texts.payOnline}: `;
  const online = paymentUrl && !document.creditNoteForNumber ? paymentUrl : null;
  // The seller's footer often holds the payment term, which a credit note does not have.
  const footer = document.creditNoteForNumber ? null : document.seller.invoiceFooter;
  const textWidth = qrImage ? CONTENT_WIDTH - QR_SIZE - 30 : CONTENT_WIDTH;
  const statusFont = status?.isPaid ? "Helvetica-Bold" : "Helvetica";
  const statusSize = status?.isPaid ? 12 : 9.5;

  let height = 0;
  pdf.font("Helvetica").fontSize(9.5);
  if (request) height += pdf.heightOfString(request, { width: textWidth }) + 6;
  if (footer) height += pdf.heightOfString(footer, { width: textWidth }) + 6;
  if (online) height += pdf.heightOfString(`${payOnline}${online}`, { width: textWidth }) + 6;
  pdf.font(statusFont).fontSize(statusSize);
  if (status) height += pdf.heightOfString(status.text, { width: textWidth }) + 6;
  if (qrImage) height = Math.max(height, QR_SIZE + 16);
  ensureSpace(pdf, height);

  const top = pdf.y;
  if (status) {
    pdf
      .font(statusFont)
      .fontSize(statusSize)
      .fillColor(status.isPaid ? PAID_COLOR : "black")
      .text(status.text, MARGIN, pdf.y, { width: textWidth });
    pdf.moveDown(0.5);
  }
  if (request) {
    pdf.font("Helvetica").fontSize(9.5).fillColor("black").text(request, MARGIN, pdf.y, { width: textWidth });
    pdf.moveDown(0.5);
  }
  if (online) {
    pdf
      .font("Helvetica-Bold")
      .fontSize(9.5)
      .fillColor("black")
      .text(payOnline, MARGIN, pdf.y, { width: textWidth, continued: true })
      .font("Helvetica")
      .fillColor(LINK_COLOR)
      .text(online, { link: online, underline: true });
    pdf.moveDown(0.5);
  }
  if (footer) {
    pdf.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(footer, MARGIN, pdf.y, { width: textWidth });
  }
  if (qrImage) {
    const x = MARGIN + CONTENT_WIDTH - QR_SIZE;
    pdf.image(qrImage, x, top, { width: QR_SIZE });
    pdf
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(texts.scanToPay, x - 10, top + QR_SIZE + 4, {
        width: QR_SIZE + 20,
        align: "center",
      });
  }
}
