/**
 * The e-invoice: a sales invoice or credit note as UBL 2.1 in Peppol BIS Billing 3.0 with the Dutch rules (NL-R-001…
 * 009, which carry NLCIUS / SI-UBL 2.0 into Peppol; domain.md §7). It is written from the same InvoiceDocument the PDF
 * prints, so the two can never show different figures.
 * 1. Header: the Peppol customization and profile, number, dates, type (380 invoice, 381 credit note as a CreditNote
 *    document), one note, the buyer reference Peppol asks for, and a credit note's reference to its invoice.
 * 2. Seller and buyer: electronic address (EndpointID), name, address, VAT number, KvK number, contact.
 * 3. Delivery date, payment by SEPA credit transfer (58) to the seller's IBAN with the invoice number as reference.
 * 4. VAT per category (S, Z, E, AE, K, G) with the exemption reasons, the totals, and the lines.
 * A credit note states its amounts positive (the document type says they are money back); Balans keeps them negative.
 */
import { XMLBuilder } from "fast-xml-parser";
import { parseQuantity, quantityToDecimal, type VatCategory } from "../../../shared/invoices/math";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import { compactIban } from "../../../shared/validators/iban";
import { compactKvkNumber, isValidKvkNumber } from "../../../shared/validators/kvk";
import { compactVatNumber } from "../../../shared/validators/btw";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { buildInvoiceDocument, EXPORT_TEXT, INTRA_EU_SUPPLY_TEXT, KOR_TEXT } from "./document";
import { pdfFilename } from "./pdf-filename";

export const PEPPOL_CUSTOMIZATION_ID =
  "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PEPPOL_PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

export const E_INVOICE_MESSAGES = {
  draft:
    "Een concept heeft nog geen factuurnummer en is dus nog geen e-factuur. Verstuur de factuur eerst; daarna kun je de e-factuur downloaden.",
  noClient: "Deze factuur heeft geen klant, en een e-factuur vraagt de gegevens van de afnemer.",
  clientAddress:
    "Voor een e-factuur aan een klant in Nederland zijn straat, postcode en plaats van de klant nodig. Deze factuur is verstuurd zonder die gegevens.",
  clientAddressDraft:
    "Voor een e-factuur aan een klant in Nederland zijn straat, postcode en plaats van de klant nodig. Vul ze in bij de klant.",
  clientEndpoint:
    "Voor een e-factuur heeft de klant een KvK-nummer, btw-nummer of e-mailadres nodig. Deze factuur is verstuurd zonder een van die drie.",
  clientEndpointDraft:
    "Voor een e-factuur heeft de klant een KvK-nummer, btw-nummer of e-mailadres nodig. Vul er een in bij de klant.",
  noIban:
    "Deze factuur noemt geen IBAN, en een e-factuur vraagt een rekeningnummer voor de betaling. Vul je IBAN in bij Instellingen → Bedrijfsgegevens; nieuwe facturen krijgen het dan mee.",
  noLines: "Deze creditnota heeft geen regels, en een e-factuur heeft er minstens één nodig.",
} as const;

/**
 * UNCL 5305 VAT category per Balans category, with the exemption reason EN 16931 asks for every 0% category but Z
 * (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10). Codes from the CEF VATEX list.
 */
const CATEGORIES: Readonly<
  Record<VatCategory, { id: string; percent: string; reasonCode?: string; reason?: string }>
> = {
  "21": { id: "S", percent: "21" },
  "9": { id: "S", percent: "9" },
  "0": { id: "Z", percent: "0" },
  // Art. 12 Wet OB / art. 196 VAT Directive: the client declares the VAT.
  reverse_charge: { id: "AE", percent: "0", reasonCode: "VATEX-EU-AE", reason: "Btw verlegd" },
  // The reason of an exempt line is the KOR's text when the KOR applies (set below), otherwise this.
  exempt: { id: "E", percent: "0", reason: "Vrijgesteld van btw" },
  export: { id: "G", percent: "0", reasonCode: "VATEX-EU-G", reason: EXPORT_TEXT },
  intra_eu_goods: { id: "K", percent: "0", reasonCode: "VATEX-EU-IC", reason: INTRA_EU_SUPPLY_TEXT },
};

/**
 * EAS codes of the VAT numbers of the countries whose clients Balans knows (Peppol's code list: 99xx is a
 * country's VAT number). Italy's 0211 takes the number without its prefix.
 */
const VAT_ENDPOINT_SCHEMES: Readonly<Record<string, { scheme: string; withPrefix: boolean }>> = {
  NL: { scheme: "9944", withPrefix: true },
  BE: { scheme: "9925", withPrefix: true },
  DE: { scheme: "9930", withPrefix: true },
  FR: { scheme: "9957", withPrefix: true },
  GB: { scheme: "9932", withPrefix: true },
  ES: { scheme: "9920", withPrefix: true },
  IE: { scheme: "9935", withPrefix: true },
  LU: { scheme: "9938", withPrefix: true },
  AT: { scheme: "9914", withPrefix: true },
  IT: { scheme: "0211", withPrefix: false },
};

type Endpoint = { scheme: string; id: string };

/** "INV-000001.xml", the PDF's name with the e-invoice's extension. */
export function eInvoiceFilename(invoiceNumber: string): string {
  return pdfFilename(invoiceNumber).replace(/\.pdf$/, ".xml");
}

const kvkOf = (raw: string | null | undefined) =>
  raw && isValidKvkNumber(raw) ? compactKvkNumber(raw) : null;
const vatOf = (raw: string | null | undefined) => (raw ? compactVatNumber(raw) : null);

/** The buyer's electronic address, best first: KvK, then VAT number, then e-mail. */
function buyerEndpoint(client: NonNullable<InvoiceDocument["client"]>): Endpoint | null {
  const kvk = kvkOf(client.kvkNumber);
  if (kvk) return { scheme: "0106", id: kvk };
  const vat = vatOf(client.vatNumber);
  const prefix = vat?.slice(0, 2) === "EL" ? "GR" : vat?.slice(0, 2);
  const vatScheme = prefix ? VAT_ENDPOINT_SCHEMES[prefix] : undefined;
  if (vat && vatScheme) return { scheme: vatScheme.scheme, id: vatScheme.withPrefix ? vat : vat.slice(2) };
  // A consumer or a business without either number is not on the Peppol network, so the document can only reach
  // it by e-mail: EAS 'EM' (electronic mail, SMTP) says exactly that. It is in the CEF EAS code list that EN 16931
  // checks (BR-CL-25); Peppol's narrower list (CL008) leaves it out, as such a client has no Peppol address at all.
  if (client.email) return { scheme: "EM", id: client.email };
  return null;
}

/**
 * Why this document cannot be written as a valid e-invoice, in Dutch; null when it can. Everything else an
 * e-invoice needs from the seller was already required to issue the invoice (issuing.ts).
 */
export function eInvoiceProblem(document: InvoiceDocument): string | null {
  const { client } = document;
  if (!client) return E_INVOICE_MESSAGES.noClient;
  if (client.country === "NL" && !(client.address && client.postalCode && client.city)) {
    return document.isDraft ? E_INVOICE_MESSAGES.clientAddressDraft : E_INVOICE_MESSAGES.clientAddress;
  }
  if (!buyerEndpoint(client)) {
    return document.isDraft ? E_INVOICE_MESSAGES.clientEndpointDraft : E_INVOICE_MESSAGES.clientEndpoint;
  }
  const isCreditNote = document.creditNoteForNumber !== null;
  // NL-R-007 / BR-61: an invoice that asks money names the account it is paid to.
  if (!isCreditNote && cents(document.total) > 0 && !document.seller.iban) return E_INVOICE_MESSAGES.noIban;
  if (document.lines.length === 0) return E_INVOICE_MESSAGES.noLines;
  return null;
}

const cents = (decimal: string) => parseCents(decimal)!;

/** Text for an element: trimmed, without the control characters XML 1.0 cannot carry; undefined when empty. */
function text(value: string | null | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = value?.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").trim();
  return cleaned ? cleaned : undefined;
}

/** Drops the keys whose value is undefined, so no empty element is written (PEPPOL-EN16931-R008). */
function element<T extends Record<string, unknown>>(fields: T): T | undefined {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

const amount = (value: number) => ({ "@_currencyID": "EUR", "#text": centsToDecimal(value) });
const taxScheme = { "cbc:ID": "VAT" };

function postalAddress(party: {
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
}) {
  return element({
    "cbc:StreetName": text(party.address),
    "cbc:CityName": text(party.city),
    "cbc:PostalZone": text(party.postalCode),
    "cac:Country": { "cbc:IdentificationCode": party.country },
  });
}

function sellerParty(seller: InvoiceDocument["seller"]) {
  const kvk = kvkOf(seller.kvkNumber);
  const vat = vatOf(seller.vatNumber);
  // Issuing requires both; the KvK number is the Dutch legal identifier (NL-R-003) and the usual Peppol address.
  const endpoint = kvk ? { scheme: "0106", id: kvk } : vat ? { scheme: "9944", id: vat } : undefined;
  return element({
    "cbc:EndpointID": endpoint ? { "@_schemeID": endpoint.scheme, "#text": endpoint.id } : undefined,
    "cac:PartyName": { "cbc:Name": text(seller.name) },
    "cac:PostalAddress": postalAddress(seller),
    "cac:PartyTaxScheme": vat ? { "cbc:CompanyID": vat, "cac:TaxScheme": taxScheme } : undefined,
    "cac:PartyLegalEntity": element({
      "cbc:RegistrationName": text(seller.name),
      "cbc:CompanyID": kvk ? { "@_schemeID": "0106", "#text": kvk } : undefined,
    }),
    "cac:Contact": element({
      "cbc:Telephone": text(seller.phone),
      "cbc:ElectronicMail": text(seller.email),
    }),
  });
}

function buyerParty(client: NonNullable<InvoiceDocument["client"]>) {
  const endpoint = buyerEndpoint(client)!;
  const kvk = kvkOf(client.kvkNumber);
  const vat = vatOf(client.vatNumber);
  return element({
    "cbc:EndpointID": { "@_schemeID": endpoint.scheme, "#text": endpoint.id },
    "cac:PartyName": { "cbc:Name": text(client.name) },
    "cac:PostalAddress": postalAddress(client),
    "cac:PartyTaxScheme": vat ? { "cbc:CompanyID": vat, "cac:TaxScheme": taxScheme } : undefined,
    "cac:PartyLegalEntity": element({
      "cbc:RegistrationName": text(client.name),
      // NL-R-005: a Dutch client's legal identifier is its KvK number (a foreign one's KvK field stays out).
      "cbc:CompanyID": kvk && client.country === "NL" ? { "@_schemeID": "0106", "#text": kvk } : undefined,
    }),
    "cac:Contact": element({
      "cbc:Name": text(client.contactPerson),
      "cbc:ElectronicMail": text(client.email),
    }),
  });
}

function taxCategory(category: VatCategory, isKorApplied: boolean, tag: "cac:TaxCategory" | "classified") {
  const ubl = CATEGORIES[category];
  const reason = category === "exempt" && isKorApplied ? KOR_TEXT : ubl.reason;
  if (tag === "classified")
    return { "cbc:ID": ubl.id, "cbc:Percent": ubl.percent, "cac:TaxScheme": taxScheme };
  return element({
    "cbc:ID": ubl.id,
    "cbc:Percent": ubl.percent,
    "cbc:TaxExemptionReasonCode": ubl.reasonCode,
    "cbc:TaxExemptionReason": reason,
    "cac:TaxScheme": taxScheme,
  });
}

/** The document as UBL 2.1 XML. Throws a 409 with the reason when it cannot be a valid e-invoice. */
export function renderEInvoice(document: InvoiceDocument): string {
  const problem = eInvoiceProblem(document);
  if (problem) throw new AppError(409, problem);
  const client = document.client!;
  const isCreditNote = document.creditNoteForNumber !== null;
  // A credit note's figures are stated positive; the CreditNote document itself says they are money back.
  const sign = isCreditNote ? -1 : 1;
  // An English invoice quotes the Dutch KOR text and adds a gloss.
  const isKorApplied = document.legalTexts.some((text) => text.startsWith(KOR_TEXT));
  const hasIntraEuSupply = document.lines.some((line) => line.vatCategory === "intra_eu_goods");
  const lineTag = isCreditNote ? "cac:CreditNoteLine" : "cac:InvoiceLine";
  const quantityTag = isCreditNote ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity";

  // Unit prices are never negative (the invoice form refuses it, as BR-27 does): a credit note's lines carry
  // their sign in the quantity, which the CreditNote states the other way round.
  const lines = document.lines.map((line, index) => ({
    "cbc:ID": String(index + 1),
    // UN/ECE rec. 20 'C62' (one): Balans lines carry a count, not a unit of measure.
    [quantityTag]: { "@_unitCode": "C62", "#text": quantityToDecimal(parseQuantity(line.quantity)! * sign) },
    "cbc:LineExtensionAmount": amount(cents(line.amount) * sign),
    "cac:Item": {
      "cbc:Name": text(line.description) ?? `Regel ${index + 1}`,
      "cac:ClassifiedTaxCategory": taxCategory(line.vatCategory, isKorApplied, "classified"),
    },
    "cac:Price": { "cbc:PriceAmount": amount(cents(line.unitPrice)) },
  }));

  const note = text([document.notes, ...document.legalTexts].filter(Boolean).join("\n"));
  const iban = document.seller.iban ? compactIban(document.seller.iban) : null;
  const body = {
    "@_xmlns": isCreditNote ? NS.creditNote : NS.invoice,
    "@_xmlns:cac": NS.cac,
    "@_xmlns:cbc": NS.cbc,
    "cbc:CustomizationID": PEPPOL_CUSTOMIZATION_ID,
    "cbc:ProfileID": PEPPOL_PROFILE_ID,
    "cbc:ID": document.invoiceNumber,
    "cbc:IssueDate": document.issueDate,
    // UBL's CreditNote has no due date: nothing is asked of the client.
    ...(isCreditNote
      ? { "cbc:CreditNoteTypeCode": "381" }
      : { "cbc:DueDate": document.dueDate, "cbc:InvoiceTypeCode": "380" }),
    "cbc:Note": note,
    "cbc:DocumentCurrencyCode": "EUR",
    // PEPPOL-EN16931-R003 asks the buyer's reference or an order number; Balans knows neither, and the invoice
    // number is what the client will quote back.
    "cbc:BuyerReference": document.invoiceNumber,
    "cac:BillingReference": isCreditNote
      ? { "cac:InvoiceDocumentReference": { "cbc:ID": document.creditNoteForNumber } }
      : undefined,
    "cac:AccountingSupplierParty": { "cac:Party": sellerParty(document.seller) },
    "cac:AccountingCustomerParty": { "cac:Party": buyerParty(client) },
    "cac:Delivery": {
      "cbc:ActualDeliveryDate": document.supplyDate,
      // BR-IC-12: an intra-community supply names the country the goods went to.
      "cac:DeliveryLocation": hasIntraEuSupply
        ? { "cac:Address": { "cac:Country": { "cbc:IdentificationCode": client.country } } }
        : undefined,
    },
    "cac:PaymentMeans":
      !isCreditNote && iban
        ? element({
            // UNCL 4461 code 58: SEPA credit transfer; the invoice number is the payment reference.
            "cbc:PaymentMeansCode": "58",
            "cbc:PaymentID": document.invoiceNumber,
            "cac:PayeeFinancialAccount": element({
              "cbc:ID": iban,
              "cbc:Name": text(document.seller.name),
              "cac:FinancialInstitutionBranch": document.seller.bic
                ? { "cbc:ID": document.seller.bic }
                : undefined,
            }),
          })
        : undefined,
    "cac:TaxTotal": {
      "cbc:TaxAmount": amount(cents(document.taxAmount) * sign),
      "cac:TaxSubtotal": document.vatBreakdown.map((row) => ({
        "cbc:TaxableAmount": amount(cents(row.base) * sign),
        "cbc:TaxAmount": amount(cents(row.vat) * sign),
        "cac:TaxCategory": taxCategory(row.vatCategory, isKorApplied, "cac:TaxCategory"),
      })),
    },
    // The invoice as issued: it asks its whole total; payments and credit notes since are no part of it.
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": amount(cents(document.subtotal) * sign),
      "cbc:TaxExclusiveAmount": amount(cents(document.subtotal) * sign),
      "cbc:TaxInclusiveAmount": amount(cents(document.total) * sign),
      "cbc:PayableAmount": amount(cents(document.total) * sign),
    },
    [lineTag]: lines,
  };

  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    format: true,
    suppressEmptyNode: true,
  });
  const root = isCreditNote ? "CreditNote" : "Invoice";
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    [root]: element(body),
  }) as string;
}

/** GET /api/invoices/{id}/ubl: an issued invoice or credit note as e-invoice, with its file name. */
export async function buildEInvoice(
  db: Database,
  userId: string,
  invoiceId: string,
): Promise<{ xml: string; filename: string }> {
  const { document } = await buildInvoiceDocument(db, userId, invoiceId, { withImages: false });
  if (document.isDraft) throw new AppError(409, E_INVOICE_MESSAGES.draft);
  return { xml: renderEInvoice(document), filename: eInvoiceFilename(document.invoiceNumber) };
}
