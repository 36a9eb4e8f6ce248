/**
 * A payment reminder as a one-page A4 letter, drawn with pdfkit's built-in Helvetica like the invoice:
 * 1. The seller (name, address, KvK, contact) and the letter's title.
 * 2. The client's address, the date and what it is about (the invoice, its date and due date).
 * 3. The text of the step (letter-text.ts), with the law it relies on.
 * 4. What is claimed: the open amount, and for the last steps the statutory interest (per stretch at its rate)
 *    and the collection costs, with the total.
 * 5. How to pay: IBAN and reference, 'Betaal online' when the user takes online payments, and an EPC QR code
 *    for the open amount, made fresh for this letter.
 */
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDocumentDate, formatDocumentEuro } from "../../../shared/invoices/document-texts";
import { addressLines } from "../../../shared/invoices/address";
import { CONTENT_WIDTH, MARGIN, MUTED, RULE } from "../invoices/pdf-layout";
import { LETTER_LABELS, type ReminderLetter } from "./letter-text";

const QR_SIZE = 110;
/** The invoice's colour for its 'Betaal online' link (invoices/pdf.ts). */
const LINK_COLOR = "#1d4ed8";

export async function renderReminderPdf(
  letter: ReminderLetter,
  qrPayload: string | null,
  paymentUrl: string | null = null,
): Promise<Buffer> {
  const qrImage = qrPayload
    ? await QRCode.toBuffer(qrPayload, { errorCorrectionLevel: "M", margin: 1, width: 300, type: "png" })
    : null;
  const labels = LETTER_LABELS[letter.language];
  const formatDate = (isoDate: string) => formatDocumentDate(isoDate, letter.language);
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: letter.subject, Author: letter.seller.name, Subject: letter.subject },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  // 1. Seller and title.
  const title = letter.title.toUpperCase();
  pdf.font("Helvetica-Bold").fontSize(18);
  const titleWidth = Math.min(pdf.widthOfString(title) + 2, CONTENT_WIDTH / 2);
  pdf.fillColor("black").text(title, MARGIN + CONTENT_WIDTH - titleWidth, MARGIN, {
    width: titleWidth,
    align: "right",
  });
  const titleBottom = pdf.y;
  const sellerWidth = CONTENT_WIDTH - titleWidth - 24;
  pdf
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(letter.seller.name || "—", MARGIN, MARGIN, { width: sellerWidth });
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED);
  const sellerLines = [
    ...addressLines(letter.seller),
    letter.seller.kvkNumber ? `KvK ${letter.seller.kvkNumber}` : null,
    letter.seller.email,
    letter.seller.phone,
  ].filter((line): line is string => Boolean(line));
  for (const line of sellerLines) pdf.text(line, MARGIN, pdf.y, { width: sellerWidth });
  pdf.y = Math.max(pdf.y, titleBottom) + 24;

  // 2. Addressee, date and subject.
  const top = pdf.y;
  const half = CONTENT_WIDTH / 2 - 10;
  pdf
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("black")
    .text(letter.client?.name ?? labels.unknownClient, MARGIN, top, { width: half });
  pdf.font("Helvetica").fontSize(10);
  if (letter.client)
    for (const line of addressLines(letter.client)) pdf.text(line, MARGIN, pdf.y, { width: half });
  const leftBottom = pdf.y;
  const facts: Array<[string, string]> = [
    [labels.date, formatDate(letter.date)],
    [labels.invoiceNumber, letter.invoiceNumber],
    [labels.invoiceDate, formatDate(letter.issueDate)],
    [labels.dueDate, formatDate(letter.dueDate)],
  ];
  let y = top;
  const labelX = MARGIN + CONTENT_WIDTH / 2 + 20;
  for (const [label, value] of facts) {
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, labelX, y + 1, { width: 100 });
    pdf
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(value, labelX + 100, y, { width: MARGIN + CONTENT_WIDTH - labelX - 100, align: "right" });
    y += 15;
  }
  pdf.y = Math.max(leftBottom, y) + 20;
  pdf
    .font("Helvetica-Bold")
    .fontSize(11)
    .fillColor("black")
    .text(`${labels.regarding}: ${letter.subject}`, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  pdf.moveDown(0.8);

  // 3. The letter's text.
  pdf.font("Helvetica").fontSize(10).fillColor("black");
  for (const paragraph of letter.paragraphs) {
    pdf.text(paragraph, MARGIN, pdf.y, { width: CONTENT_WIDTH });
    pdf.moveDown(0.6);
  }

  // 4. The claim.
  pdf.moveDown(0.3);
  const valueWidth = 100;
  const labelWidth = CONTENT_WIDTH - valueWidth;
  const drawRow = (label: string, value: string, options: { bold?: boolean; muted?: boolean } = {}) => {
    const rowTop = pdf.y;
    pdf
      .font(options.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(options.muted ? 8.5 : 10)
      .fillColor(options.muted ? MUTED : "black");
    pdf.text(label, MARGIN, rowTop, { width: labelWidth - 10 });
    const labelBottom = pdf.y;
    pdf.text(value, MARGIN + labelWidth, rowTop, { width: valueWidth, align: "right" });
    pdf.y = Math.max(labelBottom, pdf.y) + 3;
  };
  const rule = () => {
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf.y += 5;
  };
  rule();
  for (const row of letter.claim) {
    drawRow(row.label, formatDocumentEuro(row.cents, letter.language), { bold: row.isTotal });
    for (const detail of row.details ?? []) drawRow(detail, "", { muted: true });
  }
  rule();
  pdf.moveDown(0.8);

  // 5. Paying.
  const payTop = pdf.y;
  const textWidth = qrImage ? CONTENT_WIDTH - QR_SIZE - 30 : CONTENT_WIDTH;
  pdf.font("Helvetica").fontSize(10).fillColor("black");
  for (const paragraph of letter.payment) {
    pdf.text(paragraph, MARGIN, pdf.y, { width: textWidth });
    pdf.moveDown(0.5);
  }
  if (paymentUrl) {
    pdf
      .font("Helvetica-Bold")
      .text(`${labels.payOnline}: `, MARGIN, pdf.y, { width: textWidth, continued: true })
      .font("Helvetica")
      .fillColor(LINK_COLOR)
      .text(paymentUrl, { link: paymentUrl, underline: true });
    pdf.fillColor("black").moveDown(0.5);
  }
  pdf.moveDown(0.5);
  pdf.text(labels.closing, MARGIN, pdf.y, { width: textWidth });
  pdf.font("Helvetica-Bold").text(letter.seller.name, MARGIN, pdf.y, { width: textWidth });
  if (qrImage) {
    const x = MARGIN + CONTENT_WIDTH - QR_SIZE;
    pdf.image(qrImage, x, payTop, { width: QR_SIZE });
    pdf
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(labels.scanToPay, x - 10, payTop + QR_SIZE + 4, {
        width: QR_SIZE + 20,
        align: "center",
      });
  }
  pdf.end();
  return done;
}
