/**
 * What reading a purchase document yields: every field with where it came from and how sure the reader is, so
 * the review form can show both and the user confirms or corrects.
 */

/** Where a field's value came from, best first. */
export type FieldSource =
  /** An e-invoice (UBL, SI-UBL, Peppol BIS 3, or the XML inside a Factur-X/ZUGFeRD PDF): exact. */
  | "e_invoice"
  /** The text layer of a PDF. */
  | "pdf_text"
  /** Text recognition of a photo or scan. */
  | "ocr"
  /** The supplier's defaults in Balans. */
  | "supplier"
  /** Typed or corrected by the user. */
  | "user";

export type ReadField<T> = {
  value: T;
  source: FieldSource;
  /** 0–1: 1 for an e-invoice, lower for a guess from text. */
  confidence: number;
};

/** The VAT of one rate on the document. */
export type ReadVatLine = {
  /** 21, 9, 0. */
  ratePercent: number;
  /** The amount excluding VAT at this rate, when the document states it. */
  baseCents: number | null;
  vatCents: number;
};

export type ReadFields = {
  supplierName?: ReadField<string>;
  /** As printed, e.g. 'NL123456789B01' or 'DE123456789'. */
  supplierVatNumber?: ReadField<string>;
  supplierKvkNumber?: ReadField<string>;
  supplierIban?: ReadField<string>;
  /** ISO 3166 alpha-2. */
  supplierCountry?: ReadField<string>;
  invoiceNumber?: ReadField<string>;
  /** yyyy-mm-dd. */
  invoiceDate?: ReadField<string>;
  /** yyyy-mm-dd. */
  dueDate?: ReadField<string>;
  /** Including VAT; negative for a credit note. */
  totalCents?: ReadField<number>;
  vatLines?: ReadField<ReadVatLine[]>;
  /** The payment reference (betalingskenmerk), e.g. a 16-digit Belastingdienst-style or an RF reference. */
  paymentReference?: ReadField<string>;
  isCreditNote?: ReadField<boolean>;
  /** ISO 4217; Balans books euros only. */
  currency?: ReadField<string>;
  /** The supplier shifted the VAT to the buyer ('btw verlegd', 'reverse charge', UBL category AE/K/G). */
  reverseCharge?: ReadField<boolean>;
};

export type ReadResult = {
  /** What could be read: the best reader that found anything, or 'none'. */
  method: "e_invoice" | "pdf_text" | "ocr" | "none";
  fields: ReadFields;
  /** The text the fields were taken from (PDF text or recognised text), for the user to look at. */
  text: string | null;
  /** Dutch sentences for the user: why something could not be read ('De pdf is beveiligd met een wachtwoord…'). */
  warnings: string[];
};

/** The kinds of file a purchase document may be, detected from its bytes (never from the name alone). */
export type DocumentKind = "pdf" | "xml" | "png" | "jpeg" | "webp" | "tiff" | "heic" | "unknown";

/** Recognises the text of an image; reports progress 0–1. Runs off the request path (ocr/). */
export type TextRecognizer = (
  image: Uint8Array,
  onProgress?: (progress: number) => void,
) => Promise<{ text: string; confidence: number }>;
