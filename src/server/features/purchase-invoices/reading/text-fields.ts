/**
 * Fields from the text of an invoice or till receipt (a PDF's text layer or recognised text), Dutch or English.
 * 1. Lines are tidied: non-breaking spaces, "B.T.W.", and digits that recognition misread.
 * 2. Each field is looked for after its labels ("Factuurnummer", "Te betalen", "Vervaldatum" …), on the same line
 *    or below it; VAT lines are read per rate, receipt VAT tables included.
 * 3. The figures are checked against each other (VAT per rate, base + VAT = total): agreeing figures raise the
 *    confidence, disagreeing candidates lower it. Nothing here is ever as sure as an e-invoice.
 */
import { percentOf } from "../../../../shared/money";
import { addDays } from "../../../../shared/dates";
import { isValidVatNumber } from "../../../../shared/validators/btw";
import { countryOfVatNumber } from "./e-invoice";
import {
  amountsIn,
  creditorReferencesIn,
  currencyOf,
  datesIn,
  ibansIn,
  percentIn,
  repairDigits,
  vatNumbersIn,
  type AmountToken,
} from "./text-patterns";
import type { ReadField, ReadFields, ReadVatLine } from "./types";

/** Enough for a few pages of invoice; the rest of a very long text holds no header fields. */
const MAX_TEXT_LENGTH = 60_000;
const MAX_LINE_LENGTH = 400;
/** How many lines from the top the letterhead and the document title are looked for. */
const HEADER_LINES = 15;

const DEFAULT_CONFIDENCE = { pdf_text: 0.85, ocr: 0.7 } as const;

/** Dutch VAT rates since 1 January 2019; the reduced rate was 6% before. */
const REDUCED_RATE_FROM = "2019-01-01";
/** Rates a VAT amount may be inferred at when no rate is printed: Dutch first, then the EU's common ones. */
const KNOWN_RATES = [21, 9, 0, 6, 19, 20, 7, 10, 5.5, 5, 12, 13, 22, 23, 24, 25, 27];

/** A non-empty line; `isAfterBlank` when an empty line stood before it (the end of an address block). */
type Line = { text: string; lower: string; isAfterBlank: boolean };

export function fieldsFromText(
  text: string,
  source: "pdf_text" | "ocr",
  baseConfidence?: number,
): ReadFields {
  const lines = prepareLines(text);
  const base = clamp(baseConfidence ?? DEFAULT_CONFIDENCE[source]);
  const field = <T>(value: T, strength: number): ReadField<T> => ({
    value,
    source,
    confidence: Math.round(clamp(base * strength) * 100) / 100,
  });
  const fields: ReadFields = {};

  const buyerLines = buyerBlock(lines);
  const supplier = findSupplierName(lines, buyerLines);
  if (supplier) fields.supplierName = field(supplier.value, supplier.strength);

  const vatNumber = findVatNumber(lines, buyerLines);
  if (vatNumber) fields.supplierVatNumber = field(vatNumber.value, vatNumber.strength);
  const kvkNumber = findKvkNumber(lines);
  if (kvkNumber) fields.supplierKvkNumber = field(kvkNumber, 0.9);
  const country = countryOfVatNumber(vatNumber?.value ?? null) ?? (kvkNumber ? "NL" : null);
  if (country) fields.supplierCountry = field(country, vatNumber ? vatNumber.strength : 0.6);
  const iban = findIban(lines);
  if (iban) fields.supplierIban = field(iban.value, iban.strength);
  const reference = findPaymentReference(lines);
  if (reference) fields.paymentReference = field(reference.value, reference.strength);

  const invoiceNumber = findInvoiceNumber(lines);
  if (invoiceNumber) fields.invoiceNumber = field(invoiceNumber.value, invoiceNumber.strength);
  const invoiceDate = findInvoiceDate(lines);
  if (invoiceDate) fields.invoiceDate = field(invoiceDate.value, invoiceDate.strength);
  const dueDate = findDueDate(lines, invoiceDate?.value ?? null);
  if (dueDate) fields.dueDate = field(dueDate.value, dueDate.strength);

  const isCreditNote = findCreditNote(lines);
  if (isCreditNote) fields.isCreditNote = field(true, 0.8);
  if (findReverseCharge(lines)) fields.reverseCharge = field(true, 0.9);

  const figures = reconcileFigures(lines, invoiceDate?.value ?? null);
  // A credit note's amounts are money back, whether or not it prints them with a minus.
  const signed = (cents: number) => (isCreditNote ? -Math.abs(cents) : cents);
  if (figures.total) fields.totalCents = field(signed(figures.total.cents), figures.total.strength);
  if (figures.vatLines) {
    const vatLines = figures.vatLines.lines.map((line) => ({
      ratePercent: line.ratePercent,
      baseCents: line.baseCents === null ? null : signed(line.baseCents),
      vatCents: signed(line.vatCents),
    }));
    fields.vatLines = field(vatLines, figures.vatLines.strength);
  }
  const currency = figures.total?.currency ?? mostCommonCurrency(lines);
  if (currency) fields.currency = field(currency, figures.total?.currency ? 0.9 : 0.7);
  return fields;
}

function prepareLines(text: string): Line[] {
  const lines: Line[] = [];
  let isAfterBlank = false;
  for (const raw of text.slice(0, MAX_TEXT_LENGTH).split(/\r\n?|\n/)) {
    const tidy = repairDigits(
      raw
        .slice(0, MAX_LINE_LENGTH)
        .replace(/[\u00a0\u2007\u202f]/g, " ")
        .replace(/\t/g, "   ")
        .replace(/[\u2212\u2013\u2014]/g, "-")
        .replace(/\bb\.\s?t\.\s?w\.?/gi, "btw")
        .trimEnd(),
    );
    if (tidy.trim() === "") {
      isAfterBlank = lines.length > 0;
      continue;
    }
    lines.push({ text: tidy, lower: lowerCase(tidy), isAfterBlank });
    isAfterBlank = false;
  }
  return lines;
}

/** Lower case of the same length, so a label found in it is cut from the original at the same index. */
function lowerCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return Array.from(text, (character) => {
    const changed = character.toLowerCase();
    return changed.length === character.length ? changed : character;
  }).join("");
}

type Found<T> = { value: T; strength: number };

/** A label's occurrences: the text after it on its line, and what stands below it. */
type LabelHit = { index: number; rest: string; below: string | null };

function findLabels(lines: Line[], label: RegExp): LabelHit[] {
  const hits: LabelHit[] = [];
  lines.forEach((line, index) => {
    const match = label.exec(line.lower);
    if (!match) return;
    const after = match.index + match[0].length;
    hits.push({ index, rest: line.text.slice(after), below: valueBelow(lines, index, match.index) });
  });
  return hits;
}

/**
 * What stands under a label: the cell in the same column when the label row and the next row have as many columns
 * (a header row of "Factuurnummer   Factuurdatum   Vervaldatum"), else the whole next line.
 */
function valueBelow(lines: Line[], index: number, labelStart: number): string | null {
  const next = lines[index + 1];
  if (!next) return null;
  const labelCells = cells(lines[index]!.text);
  const nextCells = cells(next.text);
  if (labelCells.length > 1 && labelCells.length === nextCells.length) {
    const column = labelCells.findLastIndex((cell) => cell.start <= labelStart);
    return nextCells[Math.max(column, 0)]!.text;
  }
  return next.text;
}

function cells(text: string): Array<{ text: string; start: number }> {
  const found: Array<{ text: string; start: number }> = [];
  for (const match of text.matchAll(/\S+(?: \S+)*/g)) found.push({ text: match[0], start: match.index });
  return found;
}

// --- The supplier ---------------------------------------------------------------------------------------------

const LEGAL_FORM =
  /(?:^|[\s,])(B\.\s?V\.?|BV|N\.\s?V\.?|NV|V\.\s?O\.\s?F\.?|VOF|C\.\s?V\.?|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|GmbH|AG|S\.A\.S?\.?|SARL|S\.à\s?r\.l\.|SRL|S\.L\.|BVBA|SE|PLC|plc|Stichting|Coöperatie|U\.A\.)(?=$|[\s,.|)])/;
const BUYER_CONTEXT =
  /\b(aan|factuuradres|afleveradres|bill(?:ed)?\s*to|ship(?:ped)?\s*to|invoice\s*to|sold\s*to|customer|klant|afnemer|koper|buyer|client|uw|your)\b/i;
const BUYER_BLOCK_LABEL =
  /^\s*(aan|factuuradres|afleveradres|bill(?:ed)?\s*to|ship\s*to|invoice\s*to|sold\s*to|klant|customer)\b/i;
const NOT_A_NAME =
  /^(factuur|invoice|creditnota|credit\s*note|kassabon|bon|receipt|kwitantie|rekening|pagina|page|datum|date|tel|telefoon|phone|fax|e-?mail|www\.|http|btw|vat|kvk|iban|bic|welkom|welcome|bedankt|thank|original|kopie|copy|totaal|total)\b/i;

/** The buyer's address block: a label line ("Aan:", "Bill to") and the lines of name and address under it. */
function buyerBlock(lines: Line[]): Set<number> {
  const block = new Set<number>();
  lines.forEach((line, index) => {
    if (!BUYER_BLOCK_LABEL.test(line.text)) return;
    block.add(index);
    // Name and address follow, up to four lines, until an empty line.
    for (let next = index + 1; next <= index + 4 && lines[next] && !lines[next]!.isAfterBlank; next++)
      block.add(next);
  });
  return block;
}

function findSupplierName(lines: Line[], buyerLines: Set<number>): Found<string> | null {
  const header = lines.slice(0, HEADER_LINES);
  const candidates = (from: Line[], offset: number) =>
    from
      .map((line, index) => ({ segment: legalNameSegment(line.text), index: index + offset }))
      .filter((candidate) => candidate.segment && !buyerLines.has(candidate.index));
  const withForm = candidates(header, 0)[0];
  if (withForm) return { value: withForm.segment!, strength: 0.8 };
  const footerStart = Math.max(HEADER_LINES, lines.length - 10);
  const inFooter = candidates(lines.slice(footerStart), footerStart)[0];
  if (inFooter) return { value: inFooter.segment!, strength: 0.7 };

  // A receipt's first line is the shop's name ("ALBERT HEIJN", "Jumbo"); a text without amounts is no receipt.
  if (!lines.some((line) => amountsIn(line.text).length > 0)) return null;
  for (const [index, line] of header.slice(0, 6).entries()) {
    if (buyerLines.has(index)) continue;
    const text = cells(line.text)[0]?.text.trim() ?? "";
    if (isPlausibleName(text) && text.split(/\s+/).length <= 5 && !/[.!?]$/.test(text))
      return { value: text, strength: 0.5 };
  }
  return null;
}

/** The part of a line that names a company with its legal form ("Jansen B.V. | KvK 12345678" -> "Jansen B.V."). */
function legalNameSegment(text: string): string | null {
  for (const segment of text.split(/\s*[|•·]\s*|\s{2,}|\s+-\s+/)) {
    const trimmed = segment.trim().replace(/[,:;]$/, "");
    if (!LEGAL_FORM.test(trimmed)) continue;
    if (!isPlausibleName(trimmed) || trimmed.length > 60) continue;
    return trimmed;
  }
  return null;
}

function isPlausibleName(text: string): boolean {
  if (text.length < 2 || text.length > 60 || NOT_A_NAME.test(text)) return false;
  if (!/[A-Za-zÀ-ÿ]{2}/.test(text)) return false;
  if (/\d{4}\s?[A-Z]{2}\b/.test(text) || /@|\d{5,}/.test(text)) return false;
  if (amountsIn(text).length > 0 || datesIn(text).length > 0) return false;
  // A street and house number ("Hoofdstraat 12").
  return !/^[A-Za-zÀ-ÿ.'\s-]+\s\d{1,4}[a-zA-Z]?(\s|$)/.test(text);
}

function findVatNumber(lines: Line[], buyerLines: Set<number>): Found<string> | null {
  const candidates: Array<{ value: string; isBuyer: boolean }> = [];
  lines.forEach((line, index) => {
    for (const token of vatNumbersIn(line.text)) {
      const isBuyer =
        buyerLines.has(index) ||
        BUYER_CONTEXT.test(line.text.slice(0, token.start)) ||
        /\b(afnemer|buyer|customer|klant)\b/i.test(lines[index - 1]?.text ?? "");
      candidates.push({ value: token.value, isBuyer });
    }
  });
  const supplier = candidates.filter((candidate) => !candidate.isBuyer);
  const distinct = [...new Set(supplier.map((candidate) => candidate.value))];
  const value = distinct[0];
  if (!value) return null;
  const country = value.slice(0, 2);
  const isChecked = country !== "NL" || isValidVatNumber(value, "NL");
  const strength = (isChecked ? 0.9 : 0.6) * (distinct.length > 1 ? 0.7 : 1);
  return { value, strength };
}

function findKvkNumber(lines: Line[]): string | null {
  const pattern =
    /\b(?:kvk|k\.v\.k\.?|kamer\s*van\s*koophandel|coc|chamber\s*of\s*commerce)(?:[\s-]*(?:nummer|nr\.?|no\.?|number|#))?\s*[:.]?\s*(\d{8}|\d{4}\s\d{4}|\d{2}(?:\s\d{2}){3})(?!\d)/i;
  for (const line of lines) {
    const match = pattern.exec(line.text);
    if (match) return match[1]!.replace(/\s/g, "");
  }
  return null;
}

function findIban(lines: Line[]): Found<string> | null {
  const values: string[] = [];
  lines.forEach((line, index) => {
    const context = `${lines[index - 1]?.lower ?? ""} ${line.lower}`;
    // Direct debit: the account named is the buyer's own.
    if (/\b(uw rekening|your account|incasso|afgeschreven|direct debit|debited)\b/.test(context)) return;
    for (const token of ibansIn(line.text)) values.push(token.value);
  });
  const distinct = [...new Set(values)];
  if (distinct.length === 0) return null;
  return { value: distinct[0]!, strength: distinct.length > 1 ? 0.6 : 0.95 };
}

function findPaymentReference(lines: Line[]): Found<string> | null {
  for (const line of lines) {
    const reference = creditorReferencesIn(line.text)[0];
    if (reference) return { value: reference.value, strength: 0.9 };
  }
  const hits = findLabels(
    lines,
    /\b(betalings?\s*kenmerk|betaalkenmerk|payment\s*reference|(?<!(?:uw|ons|your|our)\s)kenmerk|o\.?\s?v\.?\s?v\.?|onder\s*vermelding\s*van)\b\.?/,
  );
  for (const hit of hits) {
    // A reference in groups may wrap onto the next line ("… betalingskenmerk 1234 5678" / "9012 3456.").
    const continued =
      /\d{4}\s*$/.test(hit.rest) && /^\s*\d{4}\b/.test(hit.below ?? "") ? `${hit.rest} ${hit.below}` : null;
    for (const text of [continued, hit.rest, hit.below]) {
      if (!text) continue;
      // A Dutch betalingskenmerk: 7 to 16 digits, printed in groups of four.
      const digits = /(?<![\w-])\d{4}(?:\s?\d{4}){1,3}(?![\w-])|(?<![\w-])\d{7,16}(?![\w-])/.exec(text);
      if (digits) return { value: digits[0].replace(/\s/g, ""), strength: 0.85 };
      const token = /[A-Za-z0-9][\w/.-]*\d[\w/.-]*/.exec(text.replace(/^[\s:#.]+/, ""));
      if (token) return { value: token[0].replace(/[.]$/, ""), strength: 0.7 };
    }
  }
  return null;
}

// --- The document ---------------------------------------------------------------------------------------------

const INVOICE_NUMBER_LABELS =
  /\b(factuur\s*-?\s*(?:nummer|nr\.?|no\.?|#)|factuurnr\.?|invoice\s*(?:number|no\.?|nr\.?|#|id)|invoice\s*#|creditnota\s*(?:nummer|nr\.?)|creditnotanummer|credit\s*note\s*(?:number|no\.?|#)|bon\s*(?:nummer|nr\.?|#)|bonnr\.?|receipt\s*(?:number|no\.?|#)|rechnungs\s*-?nummer|rechnung\s*nr\.?|document\s*(?:number|nummer|nr\.?))(?:(?<=#)|(?=[\s:#.]|$))/;

function findInvoiceNumber(lines: Line[]): Found<string> | null {
  for (const hit of findLabels(lines, INVOICE_NUMBER_LABELS)) {
    const value = identifierIn(hit.rest) ?? identifierIn(hit.below ?? "");
    if (value) return { value, strength: 0.9 };
  }
  // A title with its number: "Factuur 2026-0042", "INVOICE INV-0012".
  for (const line of lines.slice(0, HEADER_LINES)) {
    const match = /^\s*(?:factuur|invoice|creditnota|credit\s*note|rechnung)\s*[:#]?\s*(\S+)\s*$/i.exec(
      line.text,
    );
    const value = match ? identifierIn(match[1]!) : null;
    if (value) return { value, strength: 0.7 };
  }
  return null;
}

/** The first token that can be a document number: letters, digits and - / . _, with a digit, and no date. */
function identifierIn(text: string): string | null {
  const match = /^[\s:#.]*([A-Za-z0-9][A-Za-z0-9/._-]*)/.exec(text);
  const token = match?.[1]?.replace(/[._/-]+$/, "");
  if (!token || !/\d/.test(token) || token.length > 40) return null;
  if (datesIn(token).length > 0) return null;
  return token;
}

const INVOICE_DATE_LABELS =
  /\b(factuurdatum|factuur\s*datum|datum\s*factuur|invoice\s*date|date\s*of\s*issue|issue\s*date|date\s*issued|bondatum|rechnungsdatum)\b/;
const GENERIC_DATE_LABELS =
  /(?<!(?:due|delivery|order|ship|shipping|payment|service|start|end|period)\s*)\b(datum|date|dated)\b/;
const DUE_DATE_LABELS =
  /\b(vervaldatum|verval\s*datum|uiterste\s*betaal\s*datum|(?:te\s*)?betalen\s*v[oó]{1,2}r|betaal\s*v[oó]{1,2}r|uiterlijk\s*(?:betalen|te\s*voldoen)?|due\s*date|date\s*due|payment\s*due|due\s*(?:by|on)|pay\s*by|payable\s*by|f[äa]llig(?:keitsdatum)?)\b/;
const OTHER_DATE_LABELS =
  /\b(leverdatum|leveringsdatum|delivery|periode|period|from|tot|until|geldig|valid)\b/;

function findInvoiceDate(lines: Line[]): Found<string> | null {
  for (const hit of findLabels(lines, INVOICE_DATE_LABELS)) {
    const date = datesIn(hit.rest)[0] ?? datesIn(hit.below ?? "")[0];
    if (date) return { value: date.date, strength: 0.9 };
  }
  for (const hit of findLabels(lines, GENERIC_DATE_LABELS)) {
    const date = datesIn(hit.rest)[0] ?? datesIn(hit.below ?? "")[0];
    if (date) return { value: date.date, strength: 0.8 };
  }
  // A receipt prints its date without a label: the first date not named as something else.
  for (const line of lines) {
    if (DUE_DATE_LABELS.test(line.lower) || OTHER_DATE_LABELS.test(line.lower)) continue;
    const date = datesIn(line.text)[0];
    if (date) return { value: date.date, strength: 0.6 };
  }
  return null;
}

function findDueDate(lines: Line[], invoiceDate: string | null): Found<string> | null {
  for (const hit of findLabels(lines, DUE_DATE_LABELS)) {
    const date = datesIn(hit.rest)[0] ?? datesIn(hit.below ?? "")[0];
    if (date) return { value: date.date, strength: 0.85 };
  }
  if (!invoiceDate) return null;
  // A payment term in days counts from the invoice date ("binnen 14 dagen", "Net 30").
  for (const line of lines) {
    const match =
      /\b(?:binnen|within|betaaltermijn:?|payment\s*terms?:?|net)\s*(\d{1,3})\s*(?:dagen|days|d\b)/.exec(
        line.lower,
      ) ?? /\bnet\s*(\d{1,3})\b(?![.,]\d)/.exec(line.lower);
    const days = match ? Number(match[1]) : NaN;
    if (days > 0 && days <= 120) return { value: addDays(invoiceDate, days), strength: 0.6 };
  }
  return null;
}

function findCreditNote(lines: Line[]): boolean {
  const title = /\b(credit\s*-?\s*nota|creditfactuur|credit\s*note|credit\s*memo|gutschrift|avoir)\b/;
  if (lines.slice(0, HEADER_LINES).some((line) => title.test(line.lower))) return true;
  return lines.some((line) =>
    /\b(creditnota\s*-?\s*(nummer|nr)|credit\s*note\s*(number|no|#))/.test(line.lower),
  );
}

function findReverseCharge(lines: Line[]): boolean {
  const phrase =
    /\b(btw\s*verlegd|verlegd|verleggingsregeling|omgekeerde\s*heffing|reverse[\s-]*charge[sd]?|vat\s*reverse[\s-]*charged|article\s*196|art(?:\.|ikel)?\s*196|autoliquidation|steuerschuldnerschaft|intracommunautaire\s*levering|intra-?community\s*supply|article\s*138)\b/;
  return lines.some((line) => phrase.test(line.lower));
}

// --- Figures --------------------------------------------------------------------------------------------------

const VAT_WORD = /\b(btw|vat|tax|tva|mwst|ust|iva)\b/;

const TOTAL_LABELS: ReadonlyArray<{ pattern: RegExp; weight: number }> = [
  {
    pattern:
      /\b(totaal\s*(?:bedrag\s*)?incl(?:\.|usief)?(?:\s*btw)?|totaalbedrag|factuurbedrag|factuurtotaal|totaal\s*te\s*betalen|grand\s*total|invoice\s*total|total\s*(?:amount\s*)?incl(?:\.|uding|usive)?(?:\s*(?:vat|tax|btw))?|total\s*\(incl[^)]*\)|gesamtbetrag|rechnungsbetrag)/,
    weight: 3,
  },
  {
    pattern:
      /\b(te\s*betalen|amount\s*due|balance\s*due|total\s*due|amount\s*payable|total\s*payable|totaal\s*eur|total\s*eur|zu\s*zahlen)\b(?!\s*(?:v[oó]{1,2}r|binnen|uiterlijk|by|on|before))/,
    weight: 2,
  },
  { pattern: /\b(totaal|total|totale|summe|tot\.)(?=[\s:€]|$)/, weight: 1 },
  {
    pattern:
      /\b(pin|pinnen|pinbetaling|betaald|paid|maestro|v\s?pay|visa|mastercard|contant|cash|creditcard|ideal)\b/,
    weight: 0.5,
  },
];
const NOT_A_TOTAL =
  /\b(sub\s*-?\s*tota\w*|totaal\s*(?:excl|exclusief|netto|btw|korting|besparing|voordeel)|total\s*(?:excl|excluding|net|vat|tax|discount|savings)|excl\.?\s*(?:btw|vat)|btw\s*totaal|aantal|items?\b|artikelen|korting|discount|bespaard|besparing|wisselgeld|change|terug|retour|te\s*betalen\s*v[oó]{1,2}r)\b/;
const EXCLUSIVE_LABELS =
  /\b(sub\s*-?\s*totaal|subtotal|totaal\s*excl(?:\.|usief)?|total\s*excl(?:\.|uding|usive)?|excl(?:\.|usief)?\s*(?:btw|vat)|bedrag\s*excl|netto\s*bedrag|net\s*amount|total\s*net|grondslag|nettobetrag)\b/;

type Candidate = { cents: number; weight: number; currency: string | null; line: number };
type VatCandidate = ReadVatLine & { isChecked: boolean; line: number };

type Figures = {
  total: { cents: number; currency: string | null; strength: number } | null;
  vatLines: { lines: ReadVatLine[]; strength: number } | null;
};

function reconcileFigures(lines: Line[], invoiceDate: string | null): Figures {
  const vatTable = vatTableLines(lines);
  const exclusive = lastAmountAfter(lines, EXCLUSIVE_LABELS);
  const vatTotal = vatTotalOf(lines, vatTable);
  const stated = mergeVatLines(
    lines
      .map((line, index) => vatLineFrom(line, index, vatTable.has(index), invoiceDate))
      .filter((line): line is VatCandidate => line !== null),
  );
  // One rate without its base ("BTW 21%  13,62") and an amount excluding VAT that fits it: that is its base.
  let vatLines = withBase(stated.lines, exclusive) ?? stated.lines;
  const tolerance = Math.max(2, vatLines.length);
  const total = chooseTotal(
    totalCandidates(lines, vatTable),
    expectedTotal(vatLines, exclusive, vatTotal),
    tolerance,
  );

  // Else the rest of the total is the base, when it fits the rate.
  const completed = total
    ? withBase(vatLines, Math.abs(total.cents) - Math.abs(vatLines[0]?.vatCents ?? 0))
    : null;
  if (completed) vatLines = completed;
  let vatStrength = vatLines.length > 0 ? (vatLines.every((line) => line.isChecked) ? 0.85 : 0.7) : 0;
  if (vatLines.length === 0 && total) {
    const inferred = inferVatLine(total.cents, exclusive, vatTotal);
    if (inferred) {
      vatLines = [{ ...inferred, isChecked: false, line: -1 }];
      vatStrength = 0.6;
    }
  }
  if (vatLines.length > 0 && total) {
    const vatSum = vatLines.reduce((sum, line) => sum + line.vatCents, 0);
    const agrees =
      total.isConfirmed ||
      completed !== null ||
      (vatTotal !== null && Math.abs(vatTotal - vatSum) <= tolerance);
    if (agrees) vatStrength = Math.min(0.95, vatStrength + 0.1);
    else if (expectedTotal(vatLines, exclusive, vatTotal) !== null) vatStrength *= 0.7;
  }
  if (stated.disagree) vatStrength *= 0.7;

  return {
    total: total && { cents: total.cents, currency: total.currency, strength: total.strength },
    vatLines:
      vatLines.length === 0
        ? null
        : {
            lines: vatLines.map(({ ratePercent, baseCents, vatCents }) => ({
              ratePercent,
              baseCents,
              vatCents,
            })),
            strength: vatStrength,
          },
  };
}

/** A single rate printed without its base, given `base` when its VAT fits that base. */
function withBase(vatLines: VatCandidate[], base: number | null): VatCandidate[] | null {
  const only = vatLines.length === 1 ? vatLines[0]! : null;
  if (!only || only.baseCents !== null || base === null) return null;
  if (!fitsRate(only.ratePercent, Math.abs(base), Math.abs(only.vatCents))) return null;
  return [{ ...only, baseCents: Math.sign(only.vatCents || 1) * Math.abs(base), isChecked: true }];
}

/** What the VAT figures say the total must be: the bases plus the VAT, or the amount excluding VAT plus the VAT. */
function expectedTotal(
  vatLines: VatCandidate[],
  exclusive: number | null,
  vatTotal: number | null,
): number | null {
  const vatSum = vatLines.reduce((sum, line) => sum + line.vatCents, 0);
  if (vatLines.length > 0 && vatLines.every((line) => line.baseCents !== null)) {
    return vatLines.reduce((sum, line) => sum + line.baseCents!, 0) + vatSum;
  }
  if (exclusive === null) return null;
  if (vatLines.length > 0) return exclusive + vatSum;
  return vatTotal === null ? null : exclusive + vatTotal;
}

/**
 * The total: one the VAT figures confirm; else the strongest label, among equals the largest (receipts repeat the
 * VAT table's sums under "TOTAAL"). A stated zero ("Te betalen € 0,00" after payment) only when nothing else is.
 */
function chooseTotal(
  candidates: Candidate[],
  expected: number | null,
  tolerance: number,
): (Candidate & { strength: number; isConfirmed: boolean }) | null {
  const nonZero = candidates.filter((candidate) => candidate.cents !== 0);
  const pool = nonZero.length > 0 ? nonZero : candidates;
  if (pool.length === 0) return null;
  const confirmed =
    expected === null
      ? undefined
      : pool
          .filter((candidate) => Math.abs(candidate.cents - expected) <= tolerance)
          .sort((a, b) => b.weight - a.weight)[0];
  const strongest = Math.max(...pool.map((candidate) => candidate.weight));
  const chosen =
    confirmed ??
    pool
      .filter((candidate) => candidate.weight === strongest)
      .sort((a, b) => Math.abs(b.cents) - Math.abs(a.cents))[0]!;
  let strength = Math.min(0.9, 0.55 + chosen.weight * 0.12);
  const rivals = new Set(pool.filter((c) => c.weight === chosen.weight).map((c) => Math.abs(c.cents)));
  if (confirmed) strength = Math.min(0.95, strength + 0.15);
  else if (rivals.size > 1) strength *= 0.7;
  return { ...chosen, strength, isConfirmed: confirmed !== undefined };
}

function totalCandidates(lines: Line[], vatTable: Set<number>): Candidate[] {
  const candidates: Candidate[] = [];
  lines.forEach((line, index) => {
    if (NOT_A_TOTAL.test(line.lower)) return;
    const label = TOTAL_LABELS.find((candidate) => candidate.pattern.test(line.lower));
    if (!label) return;
    // "Totaal 21% btw € 21,00" is the VAT; a total that names VAT says it includes it.
    if (label.weight <= 1 && VAT_WORD.test(line.lower) && !/\bincl/.test(line.lower)) return;
    const match = label.pattern.exec(line.lower)!;
    const rest = line.text.slice(match.index + match[0].length);
    let amounts = amountsIn(rest);
    // The sums row of a receipt's VAT table ("TOTAAL  8,50  1,46") is no total of the receipt.
    if (vatTable.has(index) && amounts.length > 1) return;
    if (amounts.length === 0) {
      const next = lines[index + 1];
      if (next && !TOTAL_LABELS.some((candidate) => candidate.pattern.test(next.lower))) {
        const below = amountsIn(next.text);
        amounts = below.length === 1 ? below : [];
      }
    }
    const amount = amounts.at(-1);
    if (!amount) return;
    candidates.push({
      cents: amount.cents,
      weight: label.weight,
      currency: amount.currency ?? currencyOf(line.text),
      line: index,
    });
  });
  return candidates;
}

/**
 * The lines of a VAT table: after a header that names VAT and holds no amount ("BTW  OVER  EUR",
 * "BTW%  Excl.  BTW  Incl."), the rows that start with a rate.
 */
function vatTableLines(lines: Line[]): Set<number> {
  const table = new Set<number>();
  lines.forEach((line, index) => {
    if (!VAT_WORD.test(line.lower) || amountsIn(line.text).length > 0) return;
    for (let row = index + 1; row < Math.min(lines.length, index + 9); row++) {
      const text = lines[row]!.lower.trim();
      if (/^([a-z]\s+)?\d{1,2}([.,]\d{1,2})?\s?%|^(hoog|laag|nul|high|low)\b|^[a-z]\s*[:=]?\s*\d/.test(text))
        table.add(row);
      else if (/^(totaal|total)\b/.test(text)) table.add(row);
    }
  });
  return table;
}

/** A rate of VAT on a line: "BTW 21% € 21,00", "21% btw over € 100,00 € 21,00", "Btw hoog 2,10", a table row. */
function vatLineFrom(
  line: Line,
  index: number,
  isTableRow: boolean,
  invoiceDate: string | null,
): VatCandidate | null {
  const hasVatWord = VAT_WORD.test(line.lower);
  if (!hasVatWord && !isTableRow) return null;
  // "Totaal incl. btw (21%) € 121,00" names a rate but states a total.
  if (
    /\b(excl|exclusief|excluding|incl|inclusief|including|sub\s*-?\s*totaal|subtotal)\b/.test(line.lower) &&
    amountsIn(line.text).length === 1
  )
    return null;
  if (/\b(nummer|number|nr|id|reg)\b|verlegd|reverse/.test(line.lower) && amountsIn(line.text).length === 0)
    return null;
  if (
    hasVatWord &&
    /\b(excl|exclusief|excluding|incl|inclusief|including|totaal|total)\b/.test(line.lower) &&
    !percentIn(line.text)
  )
    return null;
  const percent = percentIn(line.text);
  let rate: number | null = percent?.rate ?? null;
  let searchFrom = percent?.end ?? 0;
  if (rate === null) {
    const word = /\b(hoog|high|laag|low|nul)\b/.exec(line.lower);
    if (!word) return null;
    const isReducedBefore2019 = invoiceDate !== null && invoiceDate < REDUCED_RATE_FROM;
    rate = {
      hoog: 21,
      high: 21,
      laag: isReducedBefore2019 ? 6 : 9,
      low: isReducedBefore2019 ? 6 : 9,
      nul: 0,
    }[word[1] as "hoog"];
    searchFrom = word.index + word[0].length;
  }
  if (rate > 30) return null;
  const amounts = amountsIn(line.text.slice(searchFrom));
  if (amounts.length === 0) return null;
  const before = (token: AmountToken) => line.lower.slice(searchFrom, searchFrom + token.start);
  const resolved = resolveVatAmounts(rate, amounts, before);
  return resolved ? { ratePercent: rate, ...resolved, line: index } : null;
}

function resolveVatAmounts(
  rate: number,
  amounts: AmountToken[],
  textBefore: (token: AmountToken) => string,
): { baseCents: number | null; vatCents: number; isChecked: boolean } | null {
  const values = amounts.map((amount) => amount.cents);
  if (values.length === 1) {
    // "21% btw over € 100,00" names only the base.
    if (/\b(over|grondslag|basis|of|on)\s*[€$£]?\s*$/.test(textBefore(amounts[0]!))) return null;
    return { baseCents: null, vatCents: values[0]!, isChecked: false };
  }
  // Base, VAT and the amount including VAT in any order: the combination whose sums hold.
  for (const base of values) {
    for (const vat of values) {
      if (base === vat && rate !== 0) continue;
      if (!fitsRate(rate, base, vat)) continue;
      const others = values.filter((value) => value !== base && value !== vat);
      if (values.length >= 3 && !others.some((value) => Math.abs(value - (base + vat)) <= 1)) continue;
      return { baseCents: base, vatCents: vat, isChecked: true };
    }
  }
  for (const base of values) {
    for (const vat of values) {
      if (base !== vat && fitsRate(rate, base, vat))
        return { baseCents: base, vatCents: vat, isChecked: true };
    }
  }
  // An amount including VAT and its VAT ("9%  20,00  1,65"): the base is the difference.
  for (const inclusive of values) {
    for (const vat of values) {
      if (inclusive !== vat && fitsRate(rate, inclusive - vat, vat))
        return { baseCents: inclusive - vat, vatCents: vat, isChecked: true };
    }
  }
  return { baseCents: null, vatCents: values.at(-1)!, isChecked: false };
}

/** VAT within rounding of the rate over the base (receipts round per article, so a cent per ten is allowed). */
function fitsRate(rate: number, base: number, vat: number): boolean {
  if (base <= 0 && vat !== 0) return false;
  const expected = percentOf(base, Math.round(rate * 100));
  return Math.abs(expected - vat) <= Math.max(1, Math.abs(expected) / 100);
}

/** One line per rate; a line repeated (a summary under the table) counts once. */
function mergeVatLines(candidates: VatCandidate[]): { lines: VatCandidate[]; disagree: boolean } {
  const byRate = new Map<number, VatCandidate[]>();
  for (const candidate of candidates)
    byRate.set(candidate.ratePercent, [...(byRate.get(candidate.ratePercent) ?? []), candidate]);
  let disagree = false;
  const merged: VatCandidate[] = [];
  for (const group of byRate.values()) {
    const distinct = [...new Map(group.map((line) => [line.vatCents, line])).values()];
    if (distinct.length === 1) {
      merged.push(group.find((line) => line.baseCents !== null) ?? group[0]!);
      continue;
    }
    // A summary line equals the sum of the others (VAT per article, then per rate); else the checked, later one.
    const summary = distinct.find(
      (line) =>
        line.vatCents ===
        distinct.filter((other) => other !== line).reduce((sum, other) => sum + other.vatCents, 0),
    );
    if (summary) {
      merged.push(summary);
      continue;
    }
    disagree = true;
    merged.push(
      [...distinct].sort((a, b) => Number(b.isChecked) - Number(a.isChecked) || b.line - a.line)[0]!,
    );
  }
  return { lines: merged.sort((a, b) => b.ratePercent - a.ratePercent), disagree };
}

/** The VAT amount stated without a rate: "Totaal btw € 21,00", "BTW € 13,62", "VAT: €21.00". */
function vatTotalOf(lines: Line[], vatTable: Set<number>): number | null {
  for (const [index, line] of lines.entries()) {
    if (vatTable.has(index) || !VAT_WORD.test(line.lower) || percentIn(line.text)) continue;
    if (
      /\b(excl|exclusief|excluding|incl|inclusief|including|nummer|number|nr|id|verlegd|reverse)\b/.test(
        line.lower,
      )
    )
      continue;
    const amounts = amountsIn(line.text);
    if (amounts.length === 1) return amounts[0]!.cents;
  }
  return null;
}

function lastAmountAfter(lines: Line[], label: RegExp): number | null {
  for (const hit of findLabels(lines, label)) {
    const amount = amountsIn(hit.rest).at(-1);
    if (amount) return amount.cents;
  }
  return null;
}

/** With no rate printed, the rate that the base and the VAT imply, if it is a real one. */
function inferVatLine(total: number, exclusive: number | null, vatTotal: number | null): ReadVatLine | null {
  const vat = vatTotal ?? (exclusive !== null ? total - exclusive : null);
  const base = exclusive ?? (vatTotal !== null ? total - vatTotal : null);
  if (vat === null || base === null || base <= 0 || vat < 0) return null;
  if (exclusive !== null && vatTotal !== null && Math.abs(exclusive + vatTotal - total) > 2) return null;
  const rate = KNOWN_RATES.find((candidate) => fitsRate(candidate, base, vat));
  return rate === undefined ? null : { ratePercent: rate, baseCents: base, vatCents: vat };
}

function mostCommonCurrency(lines: Line[]): string | null {
  const counts = new Map<string, number>();
  for (const line of lines) {
    for (const amount of amountsIn(line.text)) {
      const currency = amount.currency ?? currencyOf(line.text);
      if (currency) counts.set(currency, (counts.get(currency) ?? 0) + 1);
    }
  }
  const mostCommon = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (mostCommon) return mostCommon;
  // A receipt may print its currency once, in a column header ("BTW  OVER  EUR").
  for (const line of lines) {
    const currency = currencyOf(line.text);
    if (currency) return currency;
  }
  return null;
}

function clamp(value: number): number {
  if (!Number.isFinite(value)) return 0.5;
  return Math.min(0.99, Math.max(0.05, value));
}
