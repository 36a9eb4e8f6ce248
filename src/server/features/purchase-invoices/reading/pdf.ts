/**
 * Reading a PDF, best source first:
 * 1. An attached e-invoice (Factur-X, ZUGFeRD, XRechnung, or any attached UBL/CII XML): exact.
 * 2. The text layer of the first pages, lines rebuilt from the positions of the text items.
 * 3. A scan (no text layer): the first pages rendered at 300 dpi and passed to text recognition.
 * A protected or broken PDF gives a warning, never an exception: the original is kept either way.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as PdfjsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { readEInvoice } from "./e-invoice";
import { READ_WARNINGS } from "./messages";
import { fieldsFromText } from "./text-fields";
import type { ReadFields, ReadResult, TextRecognizer } from "./types";

/** Invoices put everything that matters on the first pages; a 300-page bundle is not read to the end. */
const MAX_TEXT_PAGES = 5;
const MAX_SCANNED_PAGES = 2;
/** Fewer letters and digits than this on the first pages: a scan, whatever text a scanner stamped on it. */
const MIN_TEXT_CHARACTERS = 20;
/** Text recognition reads best at about 300 dpi. */
const SCAN_DPI = 300;
/** A page larger than A3 is rendered smaller, so one page cannot take gigabytes of memory. */
const MAX_RENDER_SIDE = 5000;

/** The names Factur-X, ZUGFeRD 1/2 and XRechnung give their XML, tried before any other attached XML. */
const E_INVOICE_ATTACHMENTS = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

/** The fields an attached e-invoice may leave out (Factur-X MINIMUM has no VAT breakdown nor IBAN). */
const FIELDS_TO_COMPLETE: ReadonlyArray<keyof ReadFields> = [
  "supplierName",
  "supplierIban",
  "invoiceDate",
  "dueDate",
  "totalCents",
  "vatLines",
];

type PdfOptions = { recognize?: TextRecognizer; onProgress?: (progress: number) => void };

export async function readPdf(bytes: Uint8Array, options: PdfOptions = {}): Promise<ReadResult> {
  const pdfjs = await loadPdfjs();
  let document: PDFDocumentProxy;
  try {
    document = await pdfjs.getDocument({
      // pdfjs takes ownership of the buffer it is given; the caller keeps the original to store.
      data: bytes.slice(),
      ...PDFJS_NODE_OPTIONS,
    }).promise;
  } catch (error) {
    const isProtected = (error as { name?: string } | null)?.name === "PasswordException";
    return nothingRead(isProtected ? READ_WARNINGS.pdfPassword : READ_WARNINGS.pdfCorrupt);
  }
  try {
    return await readLoadedPdf(document, options);
  } catch {
    return nothingRead(READ_WARNINGS.pdfCorrupt);
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

async function readLoadedPdf(document: PDFDocumentProxy, options: PdfOptions): Promise<ReadResult> {
  const attached = await attachedEInvoice(document);
  const { text, readablePages } = await textLayer(document);
  if (readablePages === 0 && !attached) return nothingRead(READ_WARNINGS.pdfCorrupt);

  if (attached) {
    const missing = FIELDS_TO_COMPLETE.filter((key) => attached[key] === undefined);
    const fromText = missing.length > 0 && text ? fieldsFromText(text, "pdf_text") : {};
    const fields: ReadFields = { ...attached };
    for (const key of missing) if (fromText[key]) Object.assign(fields, { [key]: fromText[key] });
    return { method: "e_invoice", fields, text: missing.length > 0 ? text : null, warnings: [] };
  }

  if (countTextCharacters(text) >= MIN_TEXT_CHARACTERS) {
    const fields = fieldsFromText(text, "pdf_text");
    const warnings = Object.keys(fields).length === 0 ? [READ_WARNINGS.nothingFound] : [];
    return { method: "pdf_text", fields, text, warnings };
  }
  return recognizeScan(document, options);
}

/** The first attachment that is a UBL or CII invoice, the standard names first. */
async function attachedEInvoice(document: PDFDocumentProxy): Promise<ReadFields | null> {
  let attachments: Record<string, { filename?: string; content?: Uint8Array }> | null;
  try {
    attachments = await document.getAttachments();
  } catch {
    return null;
  }
  if (!attachments) return null;
  const xmlFiles = Object.entries(attachments)
    .map(([key, file]) => ({ name: (file.filename ?? key).toLowerCase(), content: file.content }))
    .filter((file): file is { name: string; content: Uint8Array } => file.content instanceof Uint8Array)
    .filter((file) => file.name.endsWith(".xml"))
    .sort((a, b) => rank(a.name) - rank(b.name));
  for (const file of xmlFiles) {
    const result = readEInvoice(file.content);
    if (result.fields) return result.fields;
  }
  return null;
}

function rank(name: string): number {
  const index = E_INVOICE_ATTACHMENTS.indexOf(name);
  return index === -1 ? E_INVOICE_ATTACHMENTS.length : index;
}

async function textLayer(document: PDFDocumentProxy): Promise<{ text: string; readablePages: number }> {
  const pages: string[] = [];
  let readablePages = 0;
  for (let number = 1; number <= Math.min(document.numPages, MAX_TEXT_PAGES); number++) {
    try {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(linesOf(content.items.filter((item): item is TextItem => "str" in item)).join("\n"));
      readablePages++;
      page.cleanup();
    } catch {
      // A damaged page: the others may still be readable.
    }
  }
  return { text: pages.join("\n").trim(), readablePages };
}

/**
 * Text items in reading order, as lines: items on one baseline (within half a font height) form a line, left to
 * right. A wide gap becomes three spaces, so the text keeps its columns ("Totaal   € 121,00").
 */
export function linesOf(items: TextItem[]): string[] {
  const placed = items
    .filter((item) => item.str.trim() !== "")
    .map((item) => {
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
      const size = Math.hypot(c, d) || item.height || 10;
      return { text: item.str, x, y, width: item.width, size };
    })
    .sort((a, b) => b.y - a.y || a.x - b.x);

  const rows: Array<typeof placed> = [];
  for (const item of placed) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - item.y) <= Math.min(row[0]!.size, item.size) / 2) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = "";
    let end: number | null = null;
    for (const item of row) {
      if (end !== null) {
        const gap = item.x - end;
        if (gap > item.size * 1.5) line += "   ";
        else if (gap > item.size * 0.15 && !/\s$/.test(line) && !/^\s/.test(item.text)) line += " ";
      }
      line += item.text;
      end = item.x + item.width;
    }
    return line.trimEnd();
  });
}

function countTextCharacters(text: string): number {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

async function recognizeScan(document: PDFDocumentProxy, options: PdfOptions): Promise<ReadResult> {
  if (!options.recognize) return nothingRead(READ_WARNINGS.scanWithoutRecognition);
  const pageCount = Math.min(document.numPages, MAX_SCANNED_PAGES);
  const texts: string[] = [];
  const confidences: number[] = [];
  try {
    for (let number = 1; number <= pageCount; number++) {
      const image = await renderPage(await document.getPage(number));
      const report = (progress: number) => options.onProgress?.((number - 1 + progress) / pageCount);
      const recognised = await options.recognize(image, report);
      if (recognised.text.trim()) {
        texts.push(recognised.text);
        confidences.push(recognised.confidence);
      }
    }
  } catch {
    return nothingRead(READ_WARNINGS.recognitionFailed);
  }
  const text = texts.join("\n").trim();
  if (!text) return nothingRead(READ_WARNINGS.noTextRecognised);
  const confidence = confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  const fields = fieldsFromText(text, "ocr", normaliseConfidence(confidence));
  const warnings = Object.keys(fields).length === 0 ? [READ_WARNINGS.nothingFound] : [];
  return { method: "ocr", fields, text, warnings };
}

/** A page as PNG at 300 dpi on a white background (a scan's transparent parts would read as black). */
async function renderPage(page: PDFPageProxy): Promise<Uint8Array> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const natural = page.getViewport({ scale: 1 });
  const scale = Math.min(SCAN_DPI / 72, MAX_RENDER_SIDE / Math.max(natural.width, natural.height));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  page.cleanup();
  return new Uint8Array(canvas.toBuffer("image/png"));
}

/** Recognisers report 0–1; some engines count to 100. */
export function normaliseConfidence(confidence: number): number {
  if (!Number.isFinite(confidence) || confidence < 0) return 0.5;
  return confidence > 1 ? Math.min(confidence / 100, 1) : confidence;
}

function nothingRead(warning: string): ReadResult {
  return { method: "none", fields: {}, text: null, warnings: [warning] };
}

type Pdfjs = typeof PdfjsModule;
let pdfjsModule: Promise<Pdfjs> | null = null;

/** pdfjs is large; it is loaded when the first PDF arrives, not when the server starts. */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsModule;
}

const PDFJS_ROOT = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/**
 * pdfjs in Node: no eval, no system or browser fonts, and the font and character-map data read from the package on
 * disk by the main thread (the worker's own fetch needs a browser). Warnings about fonts are noise for reading.
 */
const PDFJS_NODE_OPTIONS = {
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  useWorkerFetch: false,
  standardFontDataUrl: join(PDFJS_ROOT, "standard_fonts") + "/",
  cMapUrl: join(PDFJS_ROOT, "cmaps") + "/",
  cMapPacked: true,
  verbosity: 0,
} as const;
