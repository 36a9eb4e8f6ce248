/**
 * The page geometry of the invoice PDF and what every page carries, drawn once the content is laid out (pdfkit's
 * bufferPages), when the number of pages is known:
 * 1. Page 1 ends with 'pagina 1 van m' at the bottom.
 * 2. Every later page opens with a running header: the seller, the document and its number, 'pagina n van m'.
 * 3. A draft carries CONCEPT (DRAFT in English) across every page.
 * 4. The user's page footer (Settings → Factuuropmaak) closes every page; the bottom margin grows to hold it.
 * 5. The layout (Settings → Factuuropmaak): Klassiek as drawn since the start; Modern opens page 1 with a band
 *    in the accent colour and fills the table heading; Compact sets every text smaller (CompactPdf), so more
 *    lines fit on a page. All three draw the same blocks, so none can lose a required field.
 * The top margin leaves room for the running header on every page, so text that pdfkit flows onto a new page
 * (long notes) starts below it; page 1 starts higher, at MARGIN.
 */
import PDFDocument from "pdfkit";
import { documentTexts } from "../../../shared/invoices/document-texts";
import type { InvoiceLayout } from "../../../shared/schemas/invoice-styles";
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
const PAGE_FOOTER_FONT_SIZE = 7.5;
const PAGE_FOOTER_GAP = 8;

/** The layout a document is drawn in; documents without a style are Klassiek. */
export const layoutOf = (document: InvoiceDocument): InvoiceLayout => document.style?.layout ?? "classic";

/** Modern's band without an accent colour: a dark slate that white text reads well on. */
const MODERN_BAND = "#1f2937";

/** The band's colour in Modern: the accent when one is saved. */
export const bandColor = (document: InvoiceDocument) => document.style?.accentColor ?? MODERN_BAND;

/** The height of Modern's band across the top of page 1. */
export const BAND_HEIGHT = 34;

/** Compact sets every font this much smaller. */
const COMPACT_SCALE = 0.88;

/**
 * Compact: the same drawing code, every font size scaled once here, so the blocks measure and wrap their text
 * at the smaller size just as they do at the standard one.
 */
class CompactPdf extends PDFDocument {
  override fontSize(size: number): this {
    return super.fontSize(size * COMPACT_SCALE);
  }
}

/**
 * The colours the user's accent takes over (Settings → Factuuropmaak): the title, the table heading and the
 * table's lines. Without one, the standard black title and grey heading and lines.
 */
export function documentColors(document: InvoiceDocument): { title: string; heading: string; line: string } {
  const accent = document.style?.accentColor;
  return accent
    ? { title: accent, heading: accent, line: accent }
    : { title: "black", heading: MUTED, line: RULE };
}

/** The height of the page footer's text; measured on a scratch document, as the margins must be known first. */
function pageFooterHeight(footer: string | null | undefined): number {
  if (!footer) return 0;
  const probe = new PDFDocument({ size: "A4" });
  return probe
    .font("Helvetica")
    .fontSize(PAGE_FOOTER_FONT_SIZE)
    .heightOfString(footer, { width: CONTENT_WIDTH });
}

export function createInvoicePdf(document: InvoiceDocument): Pdf {
  const footerHeight = pageFooterHeight(document.style?.pageFooter);
  const Document = layoutOf(document) === "compact" ? CompactPdf : PDFDocument;
  const pdf = new Document({
    size: "A4",
    bufferPages: true,
    margins: {
      top: MARGIN + RUNNING_HEADER_HEIGHT,
      bottom: MARGIN + FOOTER_HEIGHT + (footerHeight ? footerHeight + PAGE_FOOTER_GAP : 0),
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

export function rule(pdf: Pdf, color: string = RULE) {
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke();
  pdf.y += 5;
}

/** What the running header calls the document: 'Factuur 2026-0012', 'Creditnota 2026-0013', 'Factuur (concept)'. */
function documentName(document: InvoiceDocument): string {
  if (document.variant) return document.variant.runningName;
  const texts = documentTexts(document.language);
  const kind = document.creditNoteForNumber ? texts.creditNote : texts.invoice;
  return document.isDraft ? `${kind}${texts.draftSuffix}` : `${kind} ${document.invoiceNumber}`;
}

/** Draws what every page carries; call after all content, before `end()`. */
export function finishPages(pdf: Pdf, document: InvoiceDocument) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = 0; index < count; index++) {
    pdf.switchToPage(start + index);
    // Drawing in the margins must not make pdfkit start yet another page.
    const { bottom } = pdf.page.margins;
    pdf.page.margins.bottom = 0;
    const pageLabel = documentTexts(document.language).page(index + 1, count);
    if (document.isDraft) drawConceptMark(pdf, documentTexts(document.language).draftMark);
    drawPageFooter(pdf, document);
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
  rule(pdf, documentColors(document).line);
}

/** The user's footer text, centred above the page number line, under a thin line in the accent colour. */
function drawPageFooter(pdf: Pdf, document: InvoiceDocument) {
  const footer = document.style?.pageFooter;
  if (!footer) return;
  pdf.font("Helvetica").fontSize(PAGE_FOOTER_FONT_SIZE);
  const height = pdf.heightOfString(footer, { width: CONTENT_WIDTH });
  const top = PAGE_HEIGHT - MARGIN - 8 - height;
  pdf.y = top - 4;
  rule(pdf, documentColors(document).line);
  pdf.fillColor(MUTED).text(footer, MARGIN, top, { width: CONTENT_WIDTH, align: "center" });
}

/** A draft is not an invoice yet: CONCEPT in light grey across the page. */
function drawConceptMark(pdf: Pdf, mark: string) {
  pdf.save();
  pdf.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
  pdf
    .font("Helvetica-Bold")
    .fontSize(110)
    .fillColor("#000000")
    .fillOpacity(0.06)
    .text(mark, 0, PAGE_HEIGHT / 2 - 55, { width: PAGE_WIDTH, align: "center", lineBreak: false });
  pdf.restore();
}
