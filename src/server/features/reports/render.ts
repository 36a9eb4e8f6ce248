/**
 * One report document rendered two ways, from the same columns and rows the screen shows:
 * 1. PDF (A4, pdfkit's built-in Helvetica, nothing fetched): title, period, company, figures, the tables (new
 *    page when one fills up, header repeated), the notes.
 * 2. CSV for Excel-NL: semicolons, UTF-8 with BOM, CRLF, nl-NL amounts, formula-like cells neutralised.
 */
import PDFDocument from "pdfkit";
import { formatDate } from "../../../shared/format";
import { formatReportCell, type ReportColumn, type ReportDocument } from "../../../shared/schemas/reports";
import { toCsv } from "../../csv";

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;
const MUTED = "#555555";
const RULE = "#cccccc";
const ROW_HEIGHT = 16;

type Pdf = InstanceType<typeof PDFDocument>;

/** rapport-winst-en-verlies_2026-01-01_2026-03-31.pdf */
export const reportFilename = (document: ReportDocument, extension: "pdf" | "csv") =>
  `rapport-${document.report}_${document.from}_${document.to}.${extension}`;

/** Number columns get a fixed width, narrow text columns (codes) less; the other text columns share the rest. */
function columnWidths(columns: readonly ReportColumn[]): number[] {
  const numberWidth = columns.length > 4 ? 78 : 95;
  const fixed = (column: ReportColumn) => (column.kind !== "text" ? numberWidth : column.narrow ? 55 : null);
  const taken = columns.reduce((sum, column) => sum + (fixed(column) ?? 0), 0);
  const flexible = columns.filter((column) => fixed(column) === null).length || 1;
  return columns.map((column) => fixed(column) ?? (CONTENT_WIDTH - taken) / flexible);
}

/** The text cut to the width with an ellipsis: a table row is one line. */
function fit(pdf: Pdf, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export async function renderReportPdf(document: ReportDocument, companyName: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `${document.title} ${document.periodLabel}`,
      Author: companyName,
      Subject: document.title,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  pdf.font("Helvetica-Bold").fontSize(18).fillColor("black").text(document.title, MARGIN, MARGIN);
  pdf
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${companyName} · ${document.periodLabel} (${formatDate(document.from)} t/m ${formatDate(document.to)})`,
    );
  pdf.moveDown(1);

  if (document.figures.length > 0) {
    const width = CONTENT_WIDTH / document.figures.length;
    const top = pdf.y;
    document.figures.forEach((figure, index) => {
      const x = MARGIN + index * width;
      pdf
        .font("Helvetica")
        .fontSize(8)
        .fillColor(MUTED)
        .text(figure.label, x, top, { width: width - 8 });
      pdf
        .font("Helvetica-Bold")
        .fontSize(12)
        .fillColor("black")
        .text(formatReportCell(figure.kind, figure.value) || "–", x, top + 12, { width: width - 8 });
    });
    pdf.x = MARGIN;
    pdf.y = top + 36;
  }

  for (const section of document.sections) drawSection(pdf, section);

  if (document.notes.length > 0) {
    if (pdf.y > BOTTOM - 60) pdf.addPage();
    pdf.moveDown(1);
    pdf.font("Helvetica").fontSize(8).fillColor(MUTED);
    for (const note of document.notes) pdf.text(note, MARGIN, pdf.y, { width: CONTENT_WIDTH }).moveDown(0.3);
  }
  pdf.end();
  return done;
}

function drawSection(pdf: Pdf, section: ReportDocument["sections"][number]) {
  const widths = columnWidths(section.columns);
  if (pdf.y > BOTTOM - 4 * ROW_HEIGHT) pdf.addPage();
  pdf.moveDown(0.8);
  pdf.font("Helvetica-Bold").fontSize(11).fillColor("black").text(section.title, MARGIN, pdf.y);
  pdf.moveDown(0.3);

  const alignOf = (index: number) => (section.columns[index]!.kind === "text" ? "left" : "right");
  const drawRow = (cells: string[], bold: boolean, color = "black") => {
    if (pdf.y + ROW_HEIGHT > BOTTOM) {
      pdf.addPage();
      drawHeader();
    }
    const top = pdf.y;
    let x = MARGIN;
    pdf
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .fillColor(color);
    cells.forEach((cell, index) => {
      const width = widths[index]! - 4;
      pdf.text(fit(pdf, cell, width), x + 2, top + 3, { width, align: alignOf(index), lineBreak: false });
      x += widths[index]!;
    });
    pdf.x = MARGIN;
    pdf.y = top + ROW_HEIGHT;
  };
  // Column headers may wrap onto a second line; the row grows with them.
  const drawHeader = () => {
    pdf.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
    const height = Math.max(
      ROW_HEIGHT,
      ...section.columns.map(
        (column, index) => pdf.heightOfString(column.label, { width: widths[index]! - 4 }) + 6,
      ),
    );
    if (pdf.y + height + ROW_HEIGHT > BOTTOM) pdf.addPage();
    const top = pdf.y;
    let x = MARGIN;
    section.columns.forEach((column, index) => {
      pdf.text(column.label, x + 2, top + 3, { width: widths[index]! - 4, align: alignOf(index) });
      x += widths[index]!;
    });
    pdf.x = MARGIN;
    pdf.y = top + height;
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
      .strokeColor(RULE)
      .stroke();
  };

  drawHeader();
  if (section.rows.length === 0) {
    drawRow([section.emptyText ?? "Geen gegevens.", ...section.columns.slice(1).map(() => "")], false, MUTED);
    return;
  }
  for (const row of section.rows) {
    if (row.style === "total")
      pdf
        .moveTo(MARGIN, pdf.y)
        .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
        .strokeColor(RULE)
        .stroke();
    drawRow(
      section.columns.map((column) => formatReportCell(column.kind, row.cells[column.key] ?? null)),
      row.style === "total" || row.style === "heading",
      row.style === "forecast" ? MUTED : "black",
    );
  }
}

/**
 * The CSV: per section a title line, the header and the rows, a blank line between sections. Figures first, as
 * label;value lines, so the file reads as the report does.
 */
export function renderReportCsv(document: ReportDocument): string {
  const records: string[][] = [
    [document.title, document.periodLabel],
    ["Van", formatDate(document.from)],
    ["Tot en met", formatDate(document.to)],
    [],
    ...document.figures.map((figure) => [figure.label, formatReportCell(figure.kind, figure.value, true)]),
  ];
  for (const section of document.sections) {
    records.push(
      [],
      [section.title],
      section.columns.map((column) => column.label || " "),
    );
    for (const row of section.rows)
      records.push(
        section.columns.map((column) => formatReportCell(column.kind, row.cells[column.key] ?? null, true)),
      );
  }
  return toCsv(records);
}
