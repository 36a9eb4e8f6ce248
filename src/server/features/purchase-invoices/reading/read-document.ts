/**
 * Reads a purchase document into fields for the review form. Dispatches on what the bytes are:
 * 1. XML: an e-invoice (UBL or CII), exact.
 * 2. PDF: attached e-invoice, else its text, else text recognition of the scan (pdf.ts).
 * 3. A photo (PNG, JPEG, WebP, TIFF): text recognition.
 * 4. Anything else: a warning saying why. It never throws on what a file contains; the original is kept either way.
 */
import { detectKind, isZip } from "./detect";
import { readEInvoice } from "./e-invoice";
import { READ_WARNINGS } from "./messages";
import { normaliseConfidence, readPdf } from "./pdf";
import { fieldsFromText } from "./text-fields";
import type { ReadResult, TextRecognizer } from "./types";

/** Far beyond any invoice; reading a larger file would only cost memory. */
export const MAX_READ_BYTES = 50 * 1024 * 1024;

export type ReadDocumentOptions = {
  recognize?: TextRecognizer;
  onProgress?: (progress: number) => void;
};

export async function readDocument(
  bytes: Uint8Array,
  options: ReadDocumentOptions = {},
): Promise<ReadResult> {
  let result: ReadResult;
  try {
    result = await readByKind(bytes, options);
  } catch {
    // A reader tripping over content nobody foresaw: the user fills the form, as with any unreadable file.
    result = nothingRead(READ_WARNINGS.failed);
  }
  const currency = result.fields.currency?.value;
  if (currency && currency !== "EUR") result.warnings.push(READ_WARNINGS.foreignCurrency(currency));
  options.onProgress?.(1);
  return result;
}

async function readByKind(bytes: Uint8Array, options: ReadDocumentOptions): Promise<ReadResult> {
  if (bytes.length > MAX_READ_BYTES) return nothingRead(READ_WARNINGS.tooLarge);
  const kind = detectKind(bytes);
  switch (kind) {
    case "xml": {
      const result = readEInvoice(bytes);
      if (!result.fields) {
        return nothingRead(
          result.reason === "not_invoice" ? READ_WARNINGS.xmlNotInvoice : READ_WARNINGS.xmlMalformed,
        );
      }
      return { method: "e_invoice", fields: result.fields, text: null, warnings: [] };
    }
    case "pdf":
      try {
        return await readPdf(bytes, options);
      } catch {
        return nothingRead(READ_WARNINGS.pdfCorrupt);
      }
    case "png":
    case "jpeg":
    case "webp":
    case "tiff":
      return recognizeImage(bytes, options);
    case "heic":
      return nothingRead(READ_WARNINGS.heic);
    case "unknown":
      return nothingRead(isZip(bytes) ? READ_WARNINGS.zip : READ_WARNINGS.unknown);
  }
}

async function recognizeImage(bytes: Uint8Array, options: ReadDocumentOptions): Promise<ReadResult> {
  if (!options.recognize) return nothingRead(READ_WARNINGS.imageWithoutRecognition);
  let recognised: { text: string; confidence: number };
  try {
    recognised = await options.recognize(bytes, options.onProgress);
  } catch {
    return nothingRead(READ_WARNINGS.recognitionFailed);
  }
  const text = recognised.text.trim();
  if (!text) return nothingRead(READ_WARNINGS.noTextRecognised);
  const fields = fieldsFromText(text, "ocr", normaliseConfidence(recognised.confidence));
  const warnings = Object.keys(fields).length === 0 ? [READ_WARNINGS.nothingFound] : [];
  return { method: "ocr", fields, text, warnings };
}

function nothingRead(warning: string): ReadResult {
  return { method: "none", fields: {}, text: null, warnings: [warning] };
}
