/**
 * One export document written two ways, while its rows are still being read from the database:
 * 1. CSV for Excel-NL (the reports' conventions: semicolons, UTF-8 with BOM, CRLF, nl-NL amounts, formula-like
 *    cells neutralised), one batch of rows at a time.
 * 2. PDF (A4 landscape, pdfkit's built-in Helvetica): a page is finished and sent before the next batch is read,
 *    the column headers repeated on every page.
 * Neither ever holds the whole file: a year of 50,000 transactions streams in constant memory.
 */
import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { formatAmount, formatDate } from "../../../shared/format";
import { CSV_BOM, toCsv } from "../../csv";

export type ExportCellKind = "text" | "money" | "date" | "number";
export type ExportCell = string | number | null;

export interface ExportColumn {
  label: string;
  kind: ExportCellKind;
  /** Relative width in the PDF. */
  width: number;
}

export interface ExportRow {
  cells: ExportCell[];
  /** total: bold with a rule above; heading: bold; first: the first line of a journal entry (a rule above). */
  style?: "total" | "heading" | "first";
}

export type ExportBlock =
  | { kind: "table"; title: string; columns: ExportColumn[] }
  | { kind: "rows"; rows: ExportRow[] }
  | { kind: "note"; text: string };

export interface ExportDocument {
  title: string;
  /** Company and period, under the title. */
  subtitle: string;
  /** Without extension: grootboekkaarten_2026-01-01_2026-12-31. */
  filename: string;
  blocks: AsyncIterable<ExportBlock>;
}

/** A cell as text: money in cents as "1.234,50", dates as "31-12-2026". */
export function formatExportCell(kind: ExportCellKind, value: ExportCell): string {
  if (value === null || value === "") return "";
  switch (kind) {
    case "money":
      return formatAmount(Number(value));
    case "date":
      return formatDate(String(value));
    case "number":
      return String(value);
    case "text":
      return String(value);
  }
}

const csvLines = (records: string[][]) => toCsv(records, { bom: false });

export function renderExportCsv(document: ExportDocument): Readable {
  async function* lines(): AsyncGenerator<string> {
    // The byte order mark makes Excel read UTF-8 (accents in names).
    yield `${CSV_BOM}${csvLines([[document.title], [document.subtitle]])}`;
    let columns: ExportColumn[] = [];
    for await (const block of document.blocks) {
      if (block.kind === "table") {
        columns = block.columns;
        yield csvLines([[], [block.title], columns.map((column) => column.label)]);
      } else if (block.kind === "rows") {
        if (block.rows.length === 0) continue;
        yield csvLines(
          block.rows.map((row) =>
            row.cells.map((cell, index) => formatExportCell(columns[index]?.kind ?? "text", cell)),
          ),
        );
      } else {
        yield csvLines([[], [block.text]]);
      }
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

const MARGIN = 36;
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN - 14;
const ROW_HEIGHT = 14;
const MUTED = "#555555";
const RULE = "#cccccc";

type Pdf = InstanceType<typeof PDFDocument>;

/** The text cut to the width with an ellipsis: a table row is one line. */
function fit(pdf: Pdf, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export function renderExportPdf(document: ExportDocument): Readable {
  const pdf = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    info: { Title: `${document.title} ${document.subtitle}`, Subject: document.title },
  });
  // Backpressure: pdfkit pushes whatever is written; between batches the writer waits until the reader (the
  // HTTP answer) has taken what is buffered, so a slow download does not pile the document up in memory.
  let wake: (() => void) | null = null;
  pdf._read = () => {
    wake?.();
    wake = null;
  };
  pdf.on("close", () => wake?.());
  const drained = () =>
    pdf.readableLength < pdf.readableHighWaterMark
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          wake = resolve;
        });
  let pageNumber = 1;
  let columns: ExportColumn[] = [];
  let widths: number[] = [];
  let tableTitle = "";

  const footer = () => {
    // pdfkit starts a new page for text below the bottom margin: lift the margin while the footer is written.
    const { bottom } = pdf.page.margins;
    pdf.page.margins.bottom = 0;
    pdf
      .font("Helvetica")
      .fontSize(7)
      .fillColor(MUTED)
      .text(
        `${document.title} · ${document.subtitle} · pagina ${pageNumber}`,
        MARGIN,
        PAGE_HEIGHT - MARGIN + 6,
        {
          width: CONTENT_WIDTH,
          lineBreak: false,
        },
      );
    pdf.page.margins.bottom = bottom;
  };
  const newPage = () => {
    pdf.addPage();
    pageNumber += 1;
    footer();
    pdf.x = MARGIN;
    pdf.y = MARGIN;
  };
  const alignOf = (index: number) =>
    columns[index]?.kind === "text" || columns[index]?.kind === "date" ? "left" : "right";
  const drawHeader = (continued: boolean) => {
    if (pdf.y + 3 * ROW_HEIGHT > BOTTOM) newPage();
    pdf
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(continued ? `${tableTitle} (vervolg)` : tableTitle, MARGIN, pdf.y + 4, { width: CONTENT_WIDTH });
    const top = pdf.y + 2;
    pdf.font("Helvetica-Bold").fontSize(8).fillColor(MUTED);
    let x = MARGIN;
    columns.forEach((column, index) => {
      pdf.text(fit(pdf, column.label, widths[index]! - 4), x + 2, top + 3, {
        width: widths[index]! - 4,
        align: alignOf(index),
        lineBreak: false,
      });
      x += widths[index]!;
    });
    pdf.y = top + ROW_HEIGHT;
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
      .strokeColor(RULE)
      .stroke();
    pdf.x = MARGIN;
  };
  const drawRow = (row: ExportRow) => {
    if (pdf.y + ROW_HEIGHT > BOTTOM) {
      newPage();
      drawHeader(true);
    }
    if (row.style === "total" || row.style === "first") {
      pdf
        .moveTo(MARGIN, pdf.y)
        .lineTo(MARGIN + CONTENT_WIDTH, pdf.y)
        .strokeColor(RULE)
        .stroke();
    }
    const top = pdf.y;
    pdf
      .font(row.style === "total" || row.style === "heading" ? "Helvetica-Bold" : "Helvetica")
      .fontSize(8)
      .fillColor("black");
    let x = MARGIN;
    row.cells.forEach((cell, index) => {
      const width = (widths[index] ?? 0) - 4;
      if (width <= 0) return;
      const text = formatExportCell(columns[index]?.kind ?? "text", cell);
      pdf.text(fit(pdf, text, width), x + 2, top + 3, { width, align: alignOf(index), lineBreak: false });
      x += widths[index]!;
    });
    pdf.x = MARGIN;
    pdf.y = top + ROW_HEIGHT;
  };

  async function write() {
    footer();
    pdf.font("Helvetica-Bold").fontSize(16).fillColor("black").text(document.title, MARGIN, MARGIN);
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text(document.subtitle, MARGIN, pdf.y + 2);
    pdf.moveDown(0.5);
    for await (const block of document.blocks) {
      if (block.kind === "table") {
        columns = block.columns;
        tableTitle = block.title;
        const total = columns.reduce((sum, column) => sum + column.width, 0);
        widths = columns.map((column) => (column.width / total) * CONTENT_WIDTH);
        pdf.moveDown(0.6);
        drawHeader(false);
      } else if (block.kind === "rows") {
        for (const row of block.rows) drawRow(row);
        await drained();
        // The download was abandoned: stop reading the books.
        if (pdf.destroyed) return;
      } else {
        if (pdf.y + 2 * ROW_HEIGHT > BOTTOM) newPage();
        pdf
          .font("Helvetica")
          .fontSize(8)
          .fillColor(MUTED)
          .text(block.text, MARGIN, pdf.y + 6, { width: CONTENT_WIDTH });
      }
    }
    pdf.end();
  }
  write().catch((error: unknown) => pdf.destroy(error instanceof Error ? error : new Error(String(error))));
  return pdf;
}
