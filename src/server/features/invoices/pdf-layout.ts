/**
 * The page geometry of the invoice PDF and what every page carries, drawn once the content is laid out (pdfkit's
 * bufferPages), when the number of pages is known:
 * 1. Page 1 ends with 'pagina 1 van m' at the bottom.
 * 2. Every later page opens with a running header: the seller, the document and its number, 'pagina n van m'.
 * 3. A draft carries CONCEPT across every page.
 * The top margin leaves room for the running header on every page, so text that pdfkit flows onto a new page
 * (long notes) starts below it; page 1 starts higher, at MARGIN.
 */
import PDFDocument from "pdfkit";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";

export type Pdf = InstanceType<typeof PDFDocument>;

export const MARGIN = 50;
export const PAGE_WIDTH = 595.28; // A4 in points
export const PAGE_HEIGHT = 841.89;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const MUTED = "#555555";
export const RULE = "#cccccc";
const RUNNING_HEADER_HEIGHT = 30;
const FOOTER_HEIGHT = 18;

export function createInvoicePdf(document: InvoiceDocument): Pdf {
  const pdf = new PDFDocument({
    size: "A4",
    bufferPages: true,
    margins: {
      top: MARGIN + RUNNING_HEADER_HEIGHT,
      bottom: MARGIN + FOOTER_HEIGHT,
      left: MARGIN,
      right: MARGIN,
    },
    info: {
      Title: `${document.title} ${document.invoiceNumber}`,
      Author: document.seller.name,
      Subject: `${document.title} ${document.invoiceNumber}`,
    },
  });
  pdf.y = MARGIN;
  return pdf;
}

/** Starts a new page when `height` more points do not fit on this one; true when it did. */
export function ensureSpace(pdf: Pdf, height: number): boolean {
  if (pdf.y + height <= pdf.page.maxY()) return false;
  pdf.addPage();
  return true;
}

export function rule(pdf: Pdf) {
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf.y += 5;
}

/** What the running header calls the document: 'Factuur 2026-0012', 'Creditnota 2026-0013', 'Factuur (concept)'. */
function documentName(document: InvoiceDocument): string {
  const kind = document.creditNoteForNumber ? "Creditnota" : "Factuur";
  return document.isDraft ? `${kind} (concept)` : `${kind} ${document.invoiceNumber}`;
}

/** Draws what every page carries; call after all content, before `end()`. */
export function finishPages(pdf: Pdf, document: InvoiceDocument) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = 0; index < count; index++) {
    pdf.switchToPage(start + index);
    // Drawing in the margins must not make pdfkit start yet another page.
    const { bottom } = pdf.page.margins;
    pdf.page.margins.bottom = 0;
    const pageLabel = `pagina ${index + 1} van ${count}`;
    if (document.isDraft) drawConceptMark(pdf);
    if (index === 0) {
      pdf
        .font("Helvetica")
        .fontSize(8)
        .fillColor(MUTED)
        .text(pageLabel, MARGIN, PAGE_HEIGHT - MARGIN - 4, {
          width: CONTENT_WIDTH,
          align: "right",
          lineBreak: false,
        });
    } else {
      drawRunningHeader(pdf, document, pageLabel);
    }
    pdf.page.margins.bottom = bottom;
  }
}

function drawRunningHeader(pdf: Pdf, document: InvoiceDocument, pageLabel: string) {
  const right = `${documentName(document)} · ${pageLabel}`;
  pdf.font("Helvetica").fontSize(8.5);
  const rightWidth = Math.min(pdf.widthOfString(right) + 2, CONTENT_WIDTH / 2);
  pdf.fillColor(MUTED).text(right, MARGIN + CONTENT_WIDTH - rightWidth, MARGIN, {
    width: rightWidth,
    align: "right",
    lineBreak: false,
  });
  // One line: a long trade name ends in an ellipsis rather than running into the number.
  pdf
    .font("Helvetica-Bold")
    .fontSize(8.5)
    .fillColor("black")
    .text(document.seller.name || "—", MARGIN, MARGIN, {
      width: CONTENT_WIDTH - rightWidth - 16,
      height: 11,
      ellipsis: true,
    });
  pdf.y = MARGIN + 16;
  rule(pdf);
}

/** A draft is not an invoice yet: CONCEPT in light grey across the page. */
function drawConceptMark(pdf: Pdf) {
  pdf.save();
  pdf.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
  pdf
    .font("Helvetica-Bold")
    .fontSize(110)
    .fillColor("#000000")
    .fillOpacity(0.06)
    .text("CONCEPT", 0, PAGE_HEIGHT / 2 - 55, { width: PAGE_WIDTH, align: "center", lineBreak: false });
  pdf.restore();
}
