/**
 * The fixed words of an invoice, credit note and quote in the client's language (Dutch or English), for the PDF
 * and the on-screen view alike: one table per language, so both always say the same. Dates and amounts follow
 * the language's conventions too. The KOR text keeps its Dutch legal wording: the exemption rests on the Dutch
 * act, so an English invoice quotes it and adds a gloss.
 */
import { centsToDecimal, type Cents } from "../money";
import type { VatCategory } from "./math";

export const DOCUMENT_LANGUAGES = ["nl", "en"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const DEFAULT_DOCUMENT_LANGUAGE: DocumentLanguage = "nl";

/** How the client form names each language. */
export const DOCUMENT_LANGUAGE_LABELS: Readonly<Record<DocumentLanguage, string>> = {
  nl: "Nederlands",
  en: "English",
};

/** Wet OB art. 25 (domain.md §1, KOR): the text an exempt small business puts on its invoices. */
export const KOR_TEXT = "Factuur vrijgesteld van OB o.g.v. artikel 25 Wet OB";

export type DocumentTexts = {
  locale: string;
  invoice: string;
  creditNote: string;
  quote: string;
  draftSuffix: string;
  draftNumber: string;
  /** Across every page of a draft. */
  draftMark: string;
  invoiceTo: string;
  creditNoteTo: string;
  quoteTo: string;
  unknownClient: string;
  invoiceNumber: string;
  invoiceDate: string;
  supplyDate: string;
  dueDate: string;
  creditNoteNumber: string;
  creditNoteDate: string;
  creditNoteForInvoice: string;
  quoteNumber: string;
  quoteDate: string;
  validUntil: string;
  chamberOfCommerce: string;
  sellerVatId: string;
  clientVatNumber: string;
  description: string;
  quantity: string;
  price: string;
  vat: string;
  amount: string;
  seeNotes: string;
  subtotal: string;
  total: string;
  /** '{label} over {base}': the VAT of one rate over its base. */
  vatOver: (label: string, base: string) => string;
  vatLines: Readonly<Record<VatCategory, string>>;
  vatTotals: Readonly<Record<VatCategory, string>>;
  creditedWith: (number: string, date: string) => string;
  alreadyPaid: string;
  paid: string;
  stillToPay: string;
  toRefund: string;
  fullyCredited: string;
  paidOn: string;
  settledOn: string;
  settledAgainst: (invoiceNumber: string) => string;
  /** The payment sentence: amount, due date, IBAN (and BIC), the beneficiary and the reference. */
  paymentRequest: (parts: {
    amount: string;
    dueDate: string;
    iban: string;
    bic: string | null;
    name: string;
    reference: string | null;
  }) => string;
  payOnline: string;
  scanToPay: string;
  /**
   * Art. 12 Wet OB / domain.md §8: reverse charge names the client's VAT number. 'Btw verlegd' itself is the VAT
   * row of the totals (vatTotals), so this text does not say it a second time.
   */
  reverseCharge: (clientVatNumber: string | null) => string;
  /** Art. 35a lid 1 onder f Wet OB: an intra-community supply of goods says so. */
  intraEuSupply: string;
  /** Uitvoer, art. 9 lid 2 onder b Wet OB, tabel II a.1: the 0% rate's reason. */
  export: string;
  kor: string;
  quoteValidity: (validUntil: string) => string;
  page: (number: number, count: number) => string;
};

const NL: DocumentTexts = {
  locale: "nl-NL",
  invoice: "Factuur",
  creditNote: "Creditnota",
  quote: "Offerte",
  draftSuffix: " (concept)",
  draftNumber: "Concept",
  draftMark: "CONCEPT",
  invoiceTo: "Factuur aan",
  creditNoteTo: "Creditnota aan",
  quoteTo: "Offerte aan",
  unknownClient: "Onbekende klant",
  invoiceNumber: "Factuurnummer",
  invoiceDate: "Factuurdatum",
  supplyDate: "Leverdatum",
  dueDate: "Vervaldatum",
  creditNoteNumber: "Creditnotanummer",
  creditNoteDate: "Creditnotadatum",
  creditNoteForInvoice: "Creditnota bij factuur",
  quoteNumber: "Offertenummer",
  quoteDate: "Offertedatum",
  validUntil: "Geldig tot en met",
  chamberOfCommerce: "KvK",
  sellerVatId: "Btw-id",
  clientVatNumber: "Btw-nummer",
  description: "Omschrijving",
  quantity: "Aantal",
  price: "Prijs",
  vat: "Btw",
  amount: "Bedrag",
  seeNotes: "Zie toelichting",
  subtotal: "Subtotaal (excl. btw)",
  total: "Totaal",
  vatOver: (label, base) => `${label} over ${base}`,
  vatLines: {
    "21": "21%",
    "9": "9%",
    "0": "0%",
    reverse_charge: "verlegd",
    exempt: "vrijgesteld",
    export: "0% uitvoer",
    intra_eu_goods: "0% ICL",
  },
  // The invoice says 'Btw verlegd' here, once; the reverse-charge text below names the client's number.
  vatTotals: {
    "21": "Btw 21%",
    "9": "Btw 9%",
    "0": "Btw 0%",
    reverse_charge: "Btw verlegd",
    exempt: "Vrijgesteld van btw",
    export: "Btw 0% uitvoer",
    intra_eu_goods: "Btw 0% intracommunautaire levering",
  },
  creditedWith: (number, date) => `Gecrediteerd met creditnota ${number} van ${date}`,
  alreadyPaid: "Reeds betaald",
  paid: "Betaald",
  stillToPay: "Nog te betalen",
  toRefund: "Terug te betalen aan u",
  fullyCredited: "Deze factuur is volledig gecrediteerd; er hoeft niets meer betaald te worden.",
  paidOn: "Betaald op",
  settledOn: "Voldaan op",
  settledAgainst: (invoiceNumber) => `Dit bedrag wordt verrekend met factuur ${invoiceNumber}.`,
  paymentRequest: ({ amount, dueDate, iban, bic, name, reference }) =>
    `Graag ${amount} vóór ${dueDate} overmaken naar ${iban}${bic ? ` (BIC ${bic})` : ""} t.n.v. ${name}, ` +
    `onder vermelding van ${reference ?? "het factuurnummer"}.`,
  payOnline: "Betaal online",
  scanToPay: "Scan met je bankapp om te betalen",
  reverseCharge: (vatNumber) => `Btw-nummer afnemer: ${vatNumber ?? "onbekend"}`,
  intraEuSupply: "Intracommunautaire levering",
  export: "Uitvoer: levering buiten de EU, 0% btw",
  kor: KOR_TEXT,
  quoteValidity: (date) =>
    `Deze offerte is geldig tot en met ${date}. Je accepteert haar via de link in de e-mail.`,
  page: (number, count) => `pagina ${number} van ${count}`,
};

const EN: DocumentTexts = {
  locale: "en-GB",
  invoice: "Invoice",
  creditNote: "Credit note",
  quote: "Quote",
  draftSuffix: " (draft)",
  draftNumber: "Draft",
  draftMark: "DRAFT",
  invoiceTo: "Invoice to",
  creditNoteTo: "Credit note to",
  quoteTo: "Quote to",
  unknownClient: "Unknown client",
  invoiceNumber: "Invoice number",
  invoiceDate: "Invoice date",
  supplyDate: "Date of supply",
  dueDate: "Due date",
  creditNoteNumber: "Credit note number",
  creditNoteDate: "Credit note date",
  creditNoteForInvoice: "Credit note for invoice",
  quoteNumber: "Quote number",
  quoteDate: "Quote date",
  validUntil: "Valid until",
  chamberOfCommerce: "Chamber of Commerce",
  sellerVatId: "VAT ID",
  clientVatNumber: "VAT number",
  description: "Description",
  quantity: "Quantity",
  price: "Price",
  vat: "VAT",
  amount: "Amount",
  seeNotes: "See notes",
  subtotal: "Subtotal (excl. VAT)",
  total: "Total",
  vatOver: (label, base) => `${label} on ${base}`,
  vatLines: {
    "21": "21%",
    "9": "9%",
    "0": "0%",
    reverse_charge: "reverse charged",
    exempt: "exempt",
    export: "0% export",
    intra_eu_goods: "0% intra-EU",
  },
  vatTotals: {
    "21": "VAT 21%",
    "9": "VAT 9%",
    "0": "VAT 0%",
    reverse_charge: "VAT reverse charged",
    exempt: "Exempt from VAT",
    export: "VAT 0% export",
    intra_eu_goods: "VAT 0% intra-community supply",
  },
  creditedWith: (number, date) => `Credited by credit note ${number} of ${date}`,
  alreadyPaid: "Already paid",
  paid: "Paid",
  stillToPay: "Amount due",
  toRefund: "To be refunded to you",
  fullyCredited: "This invoice has been credited in full; nothing remains to be paid.",
  paidOn: "Paid on",
  settledOn: "Settled on",
  settledAgainst: (invoiceNumber) => `This amount will be set off against invoice ${invoiceNumber}.`,
  paymentRequest: ({ amount, dueDate, iban, bic, name, reference }) =>
    `Please transfer ${amount} by ${dueDate} to ${iban}${bic ? ` (BIC ${bic})` : ""} in the name of ${name}, ` +
    `quoting ${reference ?? "the invoice number"}.`,
  payOnline: "Pay online",
  scanToPay: "Scan with your banking app to pay",
  reverseCharge: (vatNumber) => `Customer VAT number: ${vatNumber ?? "unknown"}`,
  intraEuSupply: "Intra-community supply (article 138 VAT Directive)",
  export: "Export: supply outside the EU, 0% VAT",
  kor: `${KOR_TEXT} (exempt from VAT under the Dutch small business scheme, article 25 of the Dutch VAT Act)`,
  quoteValidity: (date) =>
    `This quote is valid until ${date}. You can accept it through the link in the e-mail.`,
  page: (number, count) => `page ${number} of ${count}`,
};

const TEXTS: Readonly<Record<DocumentLanguage, DocumentTexts>> = { nl: NL, en: EN };

/** The texts of a language; documents from before languages were kept are Dutch. */
export function documentTexts(language: DocumentLanguage | undefined): DocumentTexts {
  return TEXTS[language ?? DEFAULT_DOCUMENT_LANGUAGE];
}

const euroFormats = new Map<string, Intl.NumberFormat>();

/** 123450 -> '€ 1.234,50' (Dutch) or '€1,234.50' (English); split before formatting, so exact up to 2^53 cents. */
export function formatDocumentEuro(cents: Cents, language: DocumentLanguage | undefined): string {
  const { locale } = documentTexts(language);
  let format = euroFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    euroFormats.set(locale, format);
  }
  return format.format(Number(centsToDecimal(cents)));
}

/** A quantity with at most two decimals: '1,5' or '1.5'. */
export function formatDocumentQuantity(decimal: string, language: DocumentLanguage | undefined): string {
  return new Intl.NumberFormat(documentTexts(language).locale, { maximumFractionDigits: 2 }).format(
    Number(decimal),
  );
}

/**
 * '2026-11-21' -> '21-11-2026' (Dutch) or '21 November 2026' (English: a written month, as day/month order
 * differs between English-speaking countries). Calendar dates are never shifted by time zones.
 */
export function formatDocumentDate(isoDate: string, language: DocumentLanguage | undefined): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  if ((language ?? DEFAULT_DOCUMENT_LANGUAGE) === "nl") return `${day}-${month}-${year}`;
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))));
}
