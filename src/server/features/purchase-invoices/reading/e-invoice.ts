/**
 * E-invoices: the exact fields of a structured invoice, so nothing is guessed.
 * 1. UBL 2.1 `Invoice` and `CreditNote`: Peppol BIS Billing 3.0, SI-UBL 2.0 / NLCIUS (the Dutch CIUS of EN 16931).
 * 2. UN/CEFACT CII `CrossIndustryInvoice` D16B+: Factur-X, ZUGFeRD 2.x, XRechnung CII, NLCIUS-CII.
 * 3. ZUGFeRD 1.0 `CrossIndustryDocument`, still found in older PDFs: the same model under older element names.
 * Amounts are read as decimal text into cents; a field the document does not state stays undefined.
 */
import { isValidIBAN } from "ibantools";
import { isIsoDate } from "../../../../shared/dates";
import type { FieldSource, ReadField, ReadFields, ReadVatLine } from "./types";
import { all, attributeOf, first, parseXmlTree, textAt, textOf, type XmlElement } from "./xml-tree";

export type EInvoiceResult =
  | { fields: ReadFields; format: "ubl" | "cii"; reason?: never }
  | { fields: null; reason: "malformed" | "not_invoice" };

/** A bigger XML is no invoice a supplier sends by hand; it is refused before parsing. */
export const MAX_E_INVOICE_BYTES = 20 * 1024 * 1024;

/**
 * UNCL 1001 document types that are credit notes (EN 16931 allows these for BT-3). Their amounts are stated
 * positive and mean money back, so they are read as negative.
 */
const CREDIT_NOTE_TYPE_CODES = new Set([
  "81",
  "83",
  "261",
  "262",
  "296",
  "308",
  "381",
  "396",
  "420",
  "458",
  "532",
]);

/**
 * UNCL 5305 VAT categories where the buyer declares the VAT: AE reverse charge, K intra-community supply (ICP),
 * G export outside the EU. A purchase with any of them needs the buyer's own declaration (rubriek 2a/4b).
 */
const BUYER_DECLARES_CATEGORIES = new Set(["AE", "K", "G"]);

/** ISO 6523 ICD 0106: the Dutch Chamber of Commerce (KvK) number; SI-UBL 1.x wrote it as NL:KVK. */
const KVK_SCHEMES = new Set(["0106", "NL:KVK"]);

export function readEInvoice(input: Uint8Array | string): EInvoiceResult {
  if (typeof input !== "string" && input.length > MAX_E_INVOICE_BYTES)
    return { fields: null, reason: "malformed" };
  const text = typeof input === "string" ? input : decodeXmlBytes(input);
  // Whitespace before the declaration is not allowed by XML 1.0, but exporters write it; it changes nothing.
  const tree = parseXmlTree(text.replace(/^[\uFEFF\s]+/, ""));
  if (!tree) return { fields: null, reason: "malformed" };
  switch (tree.name) {
    case "Invoice":
      return { fields: readUbl(tree.element, false), format: "ubl" };
    case "CreditNote":
      return { fields: readUbl(tree.element, true), format: "ubl" };
    case "CrossIndustryInvoice":
      return { fields: readCii(tree.element, CII_NAMES), format: "cii" };
    case "CrossIndustryDocument":
      return { fields: readCii(tree.element, ZUGFERD_1_NAMES), format: "cii" };
    default:
      return { fields: null, reason: "not_invoice" };
  }
}

/** XML bytes as text: a byte-order mark wins, then the declared encoding, then UTF-8 (the XML default). */
export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8", { ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

function readUbl(root: XmlElement, isCreditNoteDocument: boolean): ReadFields {
  const typeCode = textAt(root, "InvoiceTypeCode") ?? textAt(root, "CreditNoteTypeCode");
  const isCreditNote = isCreditNoteDocument || (typeCode !== null && CREDIT_NOTE_TYPE_CODES.has(typeCode));
  const sign = isCreditNote ? -1 : 1;
  const currency = textAt(root, "DocumentCurrencyCode");
  const party = first(root, "AccountingSupplierParty/Party");
  const paymentMeans = all(root, "PaymentMeans");

  const vatNumber = ublVatNumber(party);
  const kvkNumber = [
    ...all(party, "PartyLegalEntity/CompanyID"),
    ...all(party, "PartyIdentification/ID"),
    ...all(party, "EndpointID"),
  ]
    .filter((element) => KVK_SCHEMES.has(attributeOf(element, "schemeID") ?? ""))
    .map(textOf)
    .find((value) => value !== null);

  const totals = first(root, "LegalMonetaryTotal");
  const total = chooseTotal(
    amountAt(totals, "PayableAmount"),
    amountAt(totals, "TaxInclusiveAmount"),
    amountAt(totals, "PrepaidAmount"),
  );

  // A second TaxTotal may repeat the VAT in the accounting currency (BT-111): only the document currency's counts.
  const subtotals = all(root, "TaxTotal/TaxSubtotal").filter((subtotal) => {
    const stated = attributeOf(first(subtotal, "TaxAmount"), "currencyID");
    return !currency || !stated || stated === currency;
  });
  const vatLines = subtotals.map((subtotal) => ({
    category: textAt(subtotal, "TaxCategory/ID"),
    ratePercent: textAt(subtotal, "TaxCategory/Percent"),
    baseCents: amountAt(subtotal, "TaxableAmount"),
    vatCents: amountAt(subtotal, "TaxAmount"),
  }));

  return exactFields({
    supplierName: textAt(party, "PartyName/Name") ?? textAt(party, "PartyLegalEntity/RegistrationName"),
    supplierVatNumber: vatNumber,
    supplierKvkNumber: kvkNumber ?? null,
    supplierCountry:
      textAt(party, "PostalAddress/Country/IdentificationCode")?.toUpperCase() ??
      countryOfVatNumber(vatNumber),
    supplierIban: firstIban(paymentMeans.flatMap((means) => all(means, "PayeeFinancialAccount/ID"))),
    paymentReference:
      paymentMeans.map((means) => textAt(means, "PaymentID")).find((id) => id !== null) ?? null,
    invoiceNumber: textAt(root, "ID"),
    invoiceDate: isoDate(textAt(root, "IssueDate")),
    dueDate:
      isoDate(textAt(root, "DueDate")) ??
      isoDate(textAt(root, "PaymentMeans/PaymentDueDate")) ??
      isoDate(textAt(root, "PaymentTerms/PaymentDueDate")),
    totalCents: total === null ? null : total * sign,
    vatLines: vatLinesOf(vatLines, sign),
    isCreditNote,
    currency: currency?.toUpperCase() ?? null,
    reverseCharge: reverseChargeOf(vatLines),
  });
}

/** The supplier's VAT number: the PartyTaxScheme whose scheme is VAT (Peppol also allows a second, local one). */
function ublVatNumber(party: XmlElement | undefined): string | null {
  const schemes = all(party, "PartyTaxScheme");
  const vat = schemes.find((scheme) => textAt(scheme, "TaxScheme/ID")?.toUpperCase() === "VAT") ?? schemes[0];
  const id = textAt(vat, "CompanyID");
  return id === null ? null : compactId(id);
}

type CiiNames = {
  document: string;
  transaction: string;
  agreement: string;
  settlement: string;
  summation: string;
  ratePercent: string;
};

const CII_NAMES: CiiNames = {
  document: "ExchangedDocument",
  transaction: "SupplyChainTradeTransaction",
  agreement: "ApplicableHeaderTradeAgreement",
  settlement: "ApplicableHeaderTradeSettlement",
  summation: "SpecifiedTradeSettlementHeaderMonetarySummation",
  ratePercent: "RateApplicablePercent",
};

const ZUGFERD_1_NAMES: CiiNames = {
  document: "HeaderExchangedDocument",
  transaction: "SpecifiedSupplyChainTradeTransaction",
  agreement: "ApplicableSupplyChainTradeAgreement",
  settlement: "ApplicableSupplyChainTradeSettlement",
  summation: "SpecifiedTradeSettlementMonetarySummation",
  ratePercent: "ApplicablePercent",
};

function readCii(root: XmlElement, names: CiiNames): ReadFields {
  const document = first(root, names.document);
  const transaction = first(root, names.transaction);
  const seller = first(transaction, `${names.agreement}/SellerTradeParty`);
  const settlement = first(transaction, names.settlement);
  const typeCode = textAt(document, "TypeCode");
  const isCreditNote = typeCode !== null && CREDIT_NOTE_TYPE_CODES.has(typeCode);
  const sign = isCreditNote ? -1 : 1;
  const currency = textAt(settlement, "InvoiceCurrencyCode");

  // Scheme VA is the VAT number (BT-31); FC is a national tax number, not what a VAT return asks for.
  const registrations = all(seller, "SpecifiedTaxRegistration/ID");
  const vatRegistration = registrations.find((id) => attributeOf(id, "schemeID") === "VA");
  const vatText = textOf(vatRegistration);
  const vatNumber = vatText === null ? null : compactId(vatText);
  const kvkNumber = [...all(seller, "SpecifiedLegalOrganization/ID"), ...all(seller, "GlobalID")]
    .filter((element) => KVK_SCHEMES.has(attributeOf(element, "schemeID") ?? ""))
    .map(textOf)
    .find((value) => value !== null);

  const summation = first(settlement, names.summation);
  const total = chooseTotal(
    amountAt(summation, "DuePayableAmount"),
    amountAt(summation, "GrandTotalAmount"),
    amountAt(summation, "TotalPrepaidAmount"),
  );
  const vatLines = all(settlement, "ApplicableTradeTax").map((tax) => ({
    category: textAt(tax, "CategoryCode"),
    ratePercent: textAt(tax, names.ratePercent),
    baseCents: amountAt(tax, "BasisAmount"),
    vatCents: amountAt(tax, "CalculatedAmount"),
  }));

  return exactFields({
    supplierName: textAt(seller, "Name") ?? textAt(seller, "SpecifiedLegalOrganization/TradingBusinessName"),
    supplierVatNumber: vatNumber,
    supplierKvkNumber: kvkNumber ?? null,
    supplierCountry:
      textAt(seller, "PostalTradeAddress/CountryID")?.toUpperCase() ?? countryOfVatNumber(vatNumber),
    supplierIban: firstIban(
      all(settlement, "SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID"),
    ),
    paymentReference: textAt(settlement, "PaymentReference"),
    invoiceNumber: textAt(document, "ID"),
    invoiceDate: ciiDate(first(document, "IssueDateTime/DateTimeString")),
    dueDate: ciiDate(first(settlement, "SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString")),
    totalCents: total === null ? null : total * sign,
    vatLines: vatLinesOf(vatLines, sign),
    isCreditNote,
    currency: currency?.toUpperCase() ?? null,
    reverseCharge: reverseChargeOf(vatLines),
  });
}

/**
 * The invoice's total including VAT. The payable amount is what the supplier asks (after rounding), but when part
 * was prepaid it is only the rest: then the total including VAT is the invoice's amount.
 */
function chooseTotal(
  payable: number | null,
  inclusive: number | null,
  prepaid: number | null,
): number | null {
  if (prepaid !== null && prepaid !== 0 && inclusive !== null) return inclusive;
  return payable ?? inclusive;
}

type StatedVatLine = {
  category: string | null;
  ratePercent: string | null;
  baseCents: number | null;
  vatCents: number | null;
};

/** One line per rate: the categories that share 0% (exempt, zero-rated, reverse charge) add up. */
function vatLinesOf(lines: StatedVatLine[], sign: number): ReadVatLine[] | null {
  const byRate = new Map<number, ReadVatLine>();
  for (const line of lines) {
    const rate = line.ratePercent === null ? 0 : Number(line.ratePercent);
    if (!Number.isFinite(rate) || rate < 0 || rate > 100) continue;
    const base = line.baseCents === null ? null : line.baseCents * sign;
    const vat = (line.vatCents ?? 0) * sign;
    const existing = byRate.get(rate);
    if (existing) {
      existing.vatCents += vat;
      existing.baseCents = existing.baseCents === null || base === null ? null : existing.baseCents + base;
    } else {
      byRate.set(rate, { ratePercent: rate, baseCents: base, vatCents: vat });
    }
  }
  return byRate.size === 0 ? null : [...byRate.values()].sort((a, b) => b.ratePercent - a.ratePercent);
}

function reverseChargeOf(lines: StatedVatLine[]): boolean | null {
  if (lines.length === 0) return null;
  return lines.some((line) => BUYER_DECLARES_CATEGORIES.has(line.category?.toUpperCase() ?? ""));
}

type ExactValues = {
  [K in keyof ReadFields]-?: ReadFields[K] extends ReadField<infer T> | undefined ? T | null : never;
};

/** Every stated value as a field the e-invoice states exactly; what is null is left out. */
function exactFields(values: ExactValues): ReadFields {
  const source: FieldSource = "e_invoice";
  const fields: Record<string, ReadField<unknown>> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === "") continue;
    fields[key] = { value, source, confidence: 1 };
  }
  return fields as ReadFields;
}

/**
 * A decimal amount as XML states it ("1656.25", "-1500", "100.0000") in cents; more than two decimals are rounded
 * half away from zero, as EN 16931 rounds (BR-DEC).
 */
export function decimalToCents(text: string | null): number | null {
  if (text === null) return null;
  const match = /^([+-])?(\d{1,13})(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const padded = fraction.padEnd(3, "0");
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign === "-" && cents !== 0 ? -cents : cents;
}

function amountAt(element: XmlElement | undefined, path: string): number | null {
  return decimalToCents(textAt(element, path));
}

/** UBL writes yyyy-mm-dd, sometimes with a time-zone suffix ("2026-03-12+01:00"). */
function isoDate(text: string | null): string | null {
  const date = text?.slice(0, 10) ?? null;
  return date !== null && isIsoDate(date) ? date : null;
}

/** CII dates carry a format code: 102 is yyyymmdd; month (610) and week (616) are no calendar day. */
function ciiDate(element: XmlElement | undefined): string | null {
  const text = textOf(element);
  const format = attributeOf(element, "format") ?? "102";
  if (text === null || format !== "102" || !/^\d{8}$/.test(text)) return null;
  return isoDate(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`);
}

function firstIban(elements: XmlElement[]): string | null {
  for (const element of elements) {
    const text = textOf(element);
    if (text === null) continue;
    const iban = text.replace(/[\s.-]/g, "").toUpperCase();
    if (isValidIBAN(iban)) return iban;
  }
  return null;
}

/** "NL 8123.45.678.B01" -> "NL812345678B01": how VAT numbers are compared and stored. */
function compactId(text: string): string {
  return text.replace(/[\s.-]/g, "").toUpperCase();
}

/** The country of a VAT number's prefix; Greece writes EL, Northern Ireland XI. */
export function countryOfVatNumber(vatNumber: string | null): string | null {
  const prefix = vatNumber?.slice(0, 2).toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(prefix)) return null;
  if (prefix === "EL") return "GR";
  if (prefix === "XI") return "GB";
  return prefix;
}
