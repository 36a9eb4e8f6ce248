/**
 * The invoice as PDF (A4), drawn with pdfkit's built-in Helvetica: no font or image is fetched while rendering
 * (the logo comes from the database as PNG or JPEG bytes).
 * 1. The seller's logo when set, seller (name, address, KvK, btw-id, contact) and the document title.
 * 2. Client block and the dates and numbers (invoice date, supply date, due date, credit note reference).
 * 3. Lines: description, quantity, unit price, VAT, amount excl. VAT.
 * 4. Totals with the VAT per rate, the legal texts (btw verlegd, KOR), notes.
 * 5. Payment: amount, IBAN, reference, and the EPC QR code a banking app scans.
 * Everything typed by users is drawn as text, so nothing in it is interpreted.
 */
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDate, formatEuro } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import { CLIENT_COUNTRY_NAMES, type ClientCountry } from "../../../shared/schemas/clients";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import { logoSize, type StoredLogo } from "../settings/logo";

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const MUTED = "#555555";
const RULE = "#cccccc";
/** The box the logo is scaled into, keeping its proportions. */
const LOGO_BOX = { width: 160, height: 60 };

const euro = (decimal: string) => formatEuro(parseCents(decimal) ?? 0);
const quantity = (decimal: string) =>
  new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 2 }).format(Number(decimal));
const countryName = (code: string) => CLIENT_COUNTRY_NAMES[code as ClientCountry] ?? code;

function addressLines(party: {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
}): string[] {
  const cityLine = [party.postalCode, party.city].filter(Boolean).join("  ");
  return [party.address, cityLine, party.country !== "NL" ? countryName(party.country) : null].filter(
    (line): line is string => Boolean(line),
  );
}

export async function renderInvoicePdf(
  document: InvoiceDocument,
  qrPayload: string | null,
  logo: StoredLogo | null = null,
): Promise<Buffer> {
  const qrImage = qrPayload
    ? await QRCode.toBuffer(qrPayload, { errorCorrectionLevel: "M", margin: 1, width: 300, type: "png" })
    : null;
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${document.title} ${document.invoiceNumber}`,
      Author: document.seller.name,
      Subject: `${document.title} ${document.invoiceNumber}`,
    },
  });
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
  drawPayment(pdf, document, qrImage);
  pdf.end();
  return done;
}

type Pdf = InstanceType<typeof PDFDocument>;

/** Draws the logo top left and returns the height it takes; 0 without one or when pdfkit cannot read it. */
function drawLogo(pdf: Pdf, logo: StoredLogo | null): number {
  if (!logo) return 0;
  try {
    const size = logoSize(pdf, logo.data);
    const scale = Math.min(LOGO_BOX.width / size.width, LOGO_BOX.height / size.height);
    const height = size.height * scale;
    pdf.image(logo.data, MARGIN, MARGIN, { width: size.width * scale, height });
    return height + 12;
  } catch {
    // Uploads are checked, but an invoice must never fail to render because of its decoration.
    return 0;
  }
}

function drawHeader(pdf: Pdf, document: InvoiceDocument, logo: StoredLogo | null) {
  const { seller } = document;
  const top = MARGIN + drawLogo(pdf, logo);
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .fillColor("black")
    .text(seller.name || "—", MARGIN, top);
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED);
  const details = [
    ...addressLines(seller),
    seller.kvkNumber ? `KvK ${seller.kvkNumber}` : null,
    seller.vatNumber ? `Btw-id ${seller.vatNumber}` : null,
    seller.email,
    seller.phone,
    seller.website,
  ].filter((line): line is string => Boolean(line));
  for (const line of details) pdf.text(line);

  pdf
    .font("Helvetica-Bold")
    .fontSize(22)
    .fillColor("black")
    .text(document.title.toUpperCase(), MARGIN, MARGIN, { width: CONTENT_WIDTH, align: "right" });
  pdf.y = Math.max(pdf.y, top + 12 * Math.max(details.length, 3)) + 24;
}

function drawParties(pdf: Pdf, document: InvoiceDocument) {
  const top = pdf.y;
  const { client } = document;
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED).text("Factuur aan", MARGIN, top);
  pdf
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("black")
    .text(client?.name ?? "Onbekende klant");
  pdf.font("Helvetica").fontSize(10);
  if (client) {
    for (const line of addressLines(client)) pdf.text(line);
    if (client.vatNumber) pdf.text(`Btw-nummer ${client.vatNumber}`);
    if (client.kvkNumber) pdf.text(`KvK ${client.kvkNumber}`);
  }
  const leftBottom = pdf.y;

  const facts: Array<[string, string]> = [
    [document.creditNoteForNumber ? "Creditnotanummer" : "Factuurnummer", document.invoiceNumber],
    ["Factuurdatum", formatDate(document.issueDate)],
    ["Leverdatum", formatDate(document.supplyDate)],
  ];
  if (document.creditNoteForNumber) facts.push(["Creditnota voor factuur", document.creditNoteForNumber]);
  else facts.push(["Vervaldatum", formatDate(document.dueDate)]);
  const labelX = MARGIN + CONTENT_WIDTH / 2 + 20;
  let y = top;
  for (const [label, value] of facts) {
    pdf.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, labelX, y, { width: 110 });
    pdf
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(value, labelX + 110, y, { width: CONTENT_WIDTH / 2 - 130, align: "right" });
    y += 15;
  }
  pdf.x = MARGIN;
  pdf.y = Math.max(leftBottom, y) + 24;
}

const COLUMNS = [
  { label: "Omschrijving", width: 215, align: "left" as const },
  { label: "Aantal", width: 55, align: "right" as const },
  { label: "Prijs", width: 80, align: "right" as const },
  { label: "Btw", width: 65, align: "right" as const },
  { label: "Bedrag", width: CONTENT_WIDTH - 215 - 55 - 80 - 65, align: "right" as const },
];

function drawRow(pdf: Pdf, cells: string[], options: { bold?: boolean; color?: string } = {}) {
  const top = pdf.y;
  let x = MARGIN;
  let bottom = top;
  pdf
    .font(options.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(9.5)
    .fillColor(options.color ?? "black");
  cells.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    const padding = index === 0 ? 0 : 6;
    pdf.text(cell, x + padding, top, { width: column.width - padding, align: column.align });
    bottom = Math.max(bottom, pdf.y);
    x += column.width;
  });
  pdf.y = bottom + 5;
}

function rule(pdf: Pdf) {
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf.y += 5;
}

function drawLines(pdf: Pdf, document: InvoiceDocument) {
  drawRow(
    pdf,
    COLUMNS.map((column) => column.label),
    { bold: true, color: MUTED },
  );
  rule(pdf);
  for (const line of document.lines) {
    if (pdf.y > 720) pdf.addPage();
    drawRow(pdf, [
      line.description,
      quantity(line.quantity),
      euro(line.unitPrice),
      line.vatLabel,
      euro(line.amount),
    ]);
  }
  if (document.lines.length === 0) drawRow(pdf, ["Zie toelichting", "", "", "", euro(document.subtotal)]);
  rule(pdf);
}

function drawTotals(pdf: Pdf, document: InvoiceDocument) {
  const labelX = MARGIN + CONTENT_WIDTH - 280;
  const row = (label: string, value: string, bold = false) => {
    const y = pdf.y;
    pdf
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(bold ? 11 : 9.5)
      .fillColor("black");
    pdf.text(label, labelX, y, { width: 180 });
    pdf.text(value, labelX + 180, y, { width: 100, align: "right" });
    pdf.y = Math.max(pdf.y, y + 13) + 2;
  };
  row("Subtotaal (excl. btw)", euro(document.subtotal));
  // domain.md §8: the amount excl. VAT per rate, the rate and the VAT amount.
  for (const vat of document.vatBreakdown) row(`${vat.label} over ${euro(vat.base)}`, euro(vat.vat));
  if (document.vatBreakdown.length === 0) row("Btw", euro(document.taxAmount));
  row("Totaal", euro(document.total), true);
  pdf.x = MARGIN;
  pdf.y += 14;
}

function drawTexts(pdf: Pdf, document: InvoiceDocument) {
  pdf.font("Helvetica").fontSize(9.5).fillColor("black");
  for (const text of document.legalTexts) pdf.text(text, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  if (document.notes) {
    pdf.moveDown(0.5).text(document.notes, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  }
  pdf.moveDown(1);
}

function drawPayment(pdf: Pdf, document: InvoiceDocument, qrImage: Buffer | null) {
  const { payment, seller } = document;
  if (pdf.y > 640) pdf.addPage();
  const top = pdf.y;
  const textWidth = qrImage ? CONTENT_WIDTH - 130 : CONTENT_WIDTH;
  pdf.font("Helvetica").fontSize(9.5).fillColor("black");
  if (payment) {
    pdf.text(
      `Graag ${euro(payment.amount)} vóór ${formatDate(document.dueDate)} overmaken naar ${payment.iban}` +
        `${payment.bic ? ` (BIC ${payment.bic})` : ""} t.n.v. ${seller.name}, onder vermelding van ${payment.reference}.`,
      MARGIN,
      top,
      { width: textWidth },
    );
  } else if (document.creditNoteForNumber) {
    pdf.text(`Dit bedrag wordt verrekend met factuur ${document.creditNoteForNumber}.`, MARGIN, top, {
      width: textWidth,
    });
  }
  if (document.status === "paid") pdf.text("Deze factuur is betaald.", { width: textWidth });
  if (seller.invoiceFooter) {
    pdf.moveDown(0.5).fillColor(MUTED).text(seller.invoiceFooter, { width: textWidth });
  }
  if (qrImage) {
    const x = MARGIN + CONTENT_WIDTH - 110;
    pdf.image(qrImage, x, top, { width: 110 });
    pdf
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text("Scan met je bankapp om te betalen", x - 10, top + 114, { width: 130, align: "center" });
  }
}
