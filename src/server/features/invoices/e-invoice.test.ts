import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeTotals, parseQuantity, type VatCategory } from "../../../shared/invoices/math";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import {
  HAS_XMLLINT,
  loadEInvoiceValidator,
  ublSchemaErrors,
  type EInvoiceValidator,
  type ValidationReport,
} from "../../../../tests/e-invoice-validation";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { issuedInvoice, postJson } from "../../../../tests/invoices";
import { readEInvoice } from "../purchase-invoices/reading/e-invoice";
import { buildInvoiceDocument, KOR_TEXT } from "./document";
import { E_INVOICE_MESSAGES } from "./e-invoice";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let validator: EInvoiceValidator;

// On a cold cache the two rule sets are compiled first (about a minute on two idle cores; cached afterwards).
beforeAll(async () => {
  [t, validator] = await Promise.all([buildTestApp(), loadEInvoiceValidator()]);
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id, { phone: "020 123 4567" });
}, 400_000);
afterAll(() => t.close());

const BELGIAN_CLIENT = {
  name: "Chocolaterie Brussel BV",
  street: "Wetstraat",
  houseNumber: "16",
  postalCode: "1000",
  city: "Brussel",
  country: "BE",
  address: "Wetstraat 16, 1000 Brussel",
  taxNumber: "BE0403019261",
  kvkNumber: null,
};

type Line = {
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  vatCategory: string;
};

/** The invoice form's body for these lines, with the totals the form sends along. */
function invoicePayload(clientId: string, items: Line[]) {
  const totals = computeTotals(
    items.map((item) => ({
      quantityHundredths: parseQuantity(String(item.quantity))!,
      unitPriceCents: parseCents(String(item.unitPrice))!,
      vatCategory: item.vatCategory as VatCategory,
    })),
  );
  return {
    clientId,
    issueDate: "2026-11-20",
    dueDate: "2026-12-04",
    items,
    subtotal: centsToDecimal(totals.subtotal),
    taxAmount: centsToDecimal(totals.taxAmount),
    total: centsToDecimal(totals.total),
  };
}

const BRITISH_CLIENT = {
  name: "Thames Tools Ltd",
  street: "Baker Street",
  houseNumber: "221",
  postalCode: "NW1 6XE",
  city: "London",
  country: "GB",
  address: "221 Baker Street, London NW1 6XE",
  taxNumber: "GB980780684",
  kvkNumber: null,
};

async function issue(
  as: SignedIn,
  items: Line[],
  client: Parameters<typeof createClientRecord>[2] = {},
): Promise<InvoiceDetail> {
  const { id } = await createClientRecord(t.database.db, as.user.id, client);
  return issuedInvoice(as, invoicePayload(id, items));
}

async function ublOf(as: SignedIn, invoice: InvoiceDetail): Promise<string> {
  const response = await as.request({ method: "GET", url: `/api/invoices/${invoice.id}/ubl` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
  expect(response.headers["content-disposition"]).toBe(`attachment; filename="${invoice.invoiceNumber}.xml"`);
  return response.body;
}

const warnings: string[] = [];
/** Both rule sets and the XML schema; the warnings are listed once at the end of the file. */
async function expectValid(xml: string, name: string) {
  const reports: Record<string, ValidationReport> = {
    "EN 16931": validator.en16931(xml),
    "Peppol BIS 3": validator.peppol(xml),
  };
  for (const [set, report] of Object.entries(reports)) {
    expect(report.errors, `${name}: ${set}`).toEqual([]);
    for (const warning of report.warnings) warnings.push(`${name}, ${set}: [${warning.id}] ${warning.text}`);
  }
  if (HAS_XMLLINT) expect(await ublSchemaErrors(xml), `${name}: UBL 2.1 XSD`).toBeNull();
}
afterAll(() => {
  if (warnings.length > 0)
    console.info(`E-invoice validation warnings:\n${[...new Set(warnings)].join("\n")}`);
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ["InvoiceLine", "CreditNoteLine", "TaxSubtotal"].includes(name),
});
type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const valueOf = (node: unknown): string =>
  typeof node === "object" && node !== null ? String((node as Node)["#text"]) : String(node);

/**
 * The figures an e-invoice states must be the invoice's own: the purchase-invoice reader (which books suppliers'
 * e-invoices) reads back the same number, dates, parties, total and VAT per rate, and every line matches the
 * document the PDF prints.
 */
async function expectSameFigures(as: SignedIn, invoice: InvoiceDetail, xml: string) {
  const { document } = await buildInvoiceDocument(t.database.db, as.user.id, invoice.id, {
    withImages: false,
  });
  const isCreditNote = document.creditNoteForNumber !== null;
  const read = readEInvoice(xml);
  if (!read.fields) throw new Error(`The reader refused the e-invoice: ${read.reason}`);
  expect(read.format).toBe("ubl");
  const { fields } = read;
  const byRate = new Map<number, { ratePercent: number; baseCents: number; vatCents: number }>();
  for (const line of invoice.items) {
    const rate = Number(line.vatRate);
    const sum = byRate.get(rate) ?? { ratePercent: rate, baseCents: 0, vatCents: 0 };
    sum.baseCents += parseCents(line.amount)!;
    byRate.set(rate, sum);
  }
  for (const row of document.vatBreakdown) {
    const rate = Number(invoice.items.find((item) => item.vatCategory === row.vatCategory)!.vatRate);
    byRate.get(rate)!.vatCents += parseCents(row.vat)!;
  }
  expect({
    invoiceNumber: fields.invoiceNumber?.value,
    invoiceDate: fields.invoiceDate?.value,
    totalCents: fields.totalCents?.value,
    isCreditNote: fields.isCreditNote?.value,
    supplierVatNumber: fields.supplierVatNumber?.value,
    supplierKvkNumber: fields.supplierKvkNumber?.value,
    vatLines: fields.vatLines?.value,
    currency: fields.currency?.value,
  }).toEqual({
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.issueDate,
    totalCents: parseCents(invoice.total),
    isCreditNote,
    supplierVatNumber: "NL000099998B57",
    supplierKvkNumber: "87654321",
    vatLines: [...byRate.values()].sort((a, b) => b.ratePercent - a.ratePercent),
    currency: "EUR",
  });
  if (!isCreditNote) expect(fields.supplierIban?.value).toBe("NL91ABNA0417164300");

  const root: Node = parser.parse(xml)[isCreditNote ? "CreditNote" : "Invoice"];
  const sign = isCreditNote ? -1 : 1;
  const lines: Node[] = root[isCreditNote ? "CreditNoteLine" : "InvoiceLine"];
  expect(
    lines.map((line) => {
      const quantity = Number(valueOf(line[isCreditNote ? "CreditedQuantity" : "InvoicedQuantity"]));
      const price = Number(valueOf(line.Price.PriceAmount));
      return {
        description: line.Item.Name,
        amount: parseCents(valueOf(line.LineExtensionAmount))! * sign,
        lineValue: Math.round(quantity * price * 100) * sign,
      };
    }),
  ).toEqual(
    document.lines.map((line) => ({
      description: line.description,
      amount: parseCents(line.amount),
      lineValue: parseCents(line.amount),
    })),
  );
  expect(parseCents(valueOf(root.LegalMonetaryTotal.TaxExclusiveAmount))! * sign).toBe(
    parseCents(invoice.subtotal),
  );
  expect(parseCents(valueOf(root.TaxTotal.TaxAmount))! * sign).toBe(parseCents(invoice.taxAmount));
  return root;
}

describe("GET /api/invoices/{id}/ubl: valid Peppol BIS 3 e-invoices (EN 16931, NL rules, UBL 2.1 XSD)", () => {
  const line = (
    description: string,
    quantity: number | string,
    unitPrice: number | string,
    vat: string,
  ): Line => ({
    description,
    quantity,
    unitPrice,
    vatCategory: vat,
  });

  it.each([
    ["21%", [line("Advies", 1, 1000, "21")], {}, [["S", "21"]]],
    ["9%", [line("Boek 'Boekhouden voor zzp'ers'", 3, "24.95", "9")], {}, [["S", "9"]]],
    ["0%", [line("Levering aan zeeschip", 1, 250, "0")], {}, [["Z", "0"]]],
    ["reverse charge", [line("Consultancy", "7.5", 95, "reverse_charge")], BELGIAN_CLIENT, [["AE", "0"]]],
    [
      "intra-EU supply of goods",
      [line("Pralines", 10, "12.50", "intra_eu_goods")],
      BELGIAN_CLIENT,
      [["K", "0"]],
    ],
    ["export outside the EU", [line("Drukpers", 1, 2500, "export")], BRITISH_CLIENT, [["G", "0"]]],
    [
      "mixed rates",
      [
        line("Ontwerp homepage", 2, 85, "21"),
        line("Drukwerk", "1.5", "10.50", "9"),
        line("Verzending buiten de EU", 1, 12, "0"),
        line("Hosting", 12, "7.99", "21"),
      ],
      {},
      [
        ["S", "21"],
        ["S", "9"],
        ["Z", "0"],
      ],
    ],
  ])("%s", async (name, items, client, categories) => {
    const invoice = await issue(owner, items, client);
    const xml = await ublOf(owner, invoice);
    await expectValid(xml, name);
    const root = await expectSameFigures(owner, invoice, xml);
    expect(
      root.TaxTotal.TaxSubtotal.map((subtotal: Node) => [
        subtotal.TaxCategory.ID,
        subtotal.TaxCategory.Percent,
      ]),
    ).toEqual(categories);
    expect(root).toMatchObject({
      CustomizationID: "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
      ProfileID: "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0",
      InvoiceTypeCode: "380",
      DueDate: "2026-12-04",
      AccountingSupplierParty: { Party: { EndpointID: { schemeID: "0106", "#text": "87654321" } } },
      PaymentMeans: {
        PaymentMeansCode: "58",
        PaymentID: invoice.invoiceNumber,
        PayeeFinancialAccount: { ID: "NL91ABNA0417164300" },
      },
    });
  });

  it("reverse charge: the Belgian client by its VAT number, with the reason", async () => {
    const invoice = await issue(owner, [line("Consultancy", 2, 95, "reverse_charge")], BELGIAN_CLIENT);
    const root: Node = parser.parse(await ublOf(owner, invoice)).Invoice;
    expect(root.AccountingCustomerParty.Party).toMatchObject({
      EndpointID: { schemeID: "9925", "#text": "BE0403019261" },
      PartyTaxScheme: { CompanyID: "BE0403019261" },
    });
    expect(root.TaxTotal.TaxSubtotal[0].TaxCategory).toMatchObject({
      ID: "AE",
      TaxExemptionReasonCode: "VATEX-EU-AE",
      TaxExemptionReason: "Btw verlegd",
    });
    expect(readEInvoice(await ublOf(owner, invoice)).fields!.reverseCharge?.value).toBe(true);
  });

  it("KOR: exempt (E) with the exemption text of art. 25 Wet OB", async () => {
    const small = await t.signIn();
    await createCompanyProfile(t.database.db, small.user.id, { korStartDate: "2000-01-01" });
    const invoice = await issue(small, [line("Fotoreportage", 1, 450, "exempt")]);
    const xml = await ublOf(small, invoice);
    await expectValid(xml, "KOR");
    const root = await expectSameFigures(small, invoice, xml);
    expect(root.TaxTotal.TaxSubtotal).toEqual([
      expect.objectContaining({
        TaxCategory: expect.objectContaining({ ID: "E", Percent: "0", TaxExemptionReason: KOR_TEXT }),
      }),
    ]);
    expect(root.Note).toBe(KOR_TEXT);
  });

  it("a credit note: a CreditNote (381) referring to its invoice, amounts stated positive", async () => {
    const invoice = await issue(owner, [line("Ontwerp homepage", 2, 85, "21"), line("Drukwerk", 3, 10, "9")]);
    const response = await postJson(owner, `/api/invoices/${invoice.id}/credit`, {
      reason: "Dubbel gefactureerd",
    });
    expect(response.statusCode, response.body).toBe(201);
    const creditNote: InvoiceDetail = response.json();
    const xml = await ublOf(owner, creditNote);
    await expectValid(xml, "credit note");
    const root = await expectSameFigures(owner, creditNote, xml);
    expect(root).toMatchObject({
      CreditNoteTypeCode: "381",
      BillingReference: { InvoiceDocumentReference: { ID: invoice.invoiceNumber } },
      LegalMonetaryTotal: { PayableAmount: { "#text": "238.40" } },
    });
    expect(root.CreditNoteLine[0].CreditedQuantity).toMatchObject({ unitCode: "C62", "#text": "2.00" });
  });

  it("a consumer without KvK or VAT number is addressed by e-mail (EAS 'EM'), which Peppol does not route", async () => {
    const invoice = await issue(owner, [line("Advies", 1, 100, "21")], { taxNumber: null, kvkNumber: null });
    const xml = await ublOf(owner, invoice);
    const root: Node = parser.parse(xml).Invoice;
    expect(root.AccountingCustomerParty.Party.EndpointID).toEqual({
      schemeID: "EM",
      "#text": "els@korenschoof.nl",
    });
    expect(root.AccountingCustomerParty.Party.PartyLegalEntity).toEqual({
      RegistrationName: "Bakkerij De Korenschoof",
    });
    expect(validator.en16931(xml).errors).toEqual([]);
    expect(validator.peppol(xml).errors.map((error) => error.id)).toEqual(["PEPPOL-EN16931-CL008"]);
  });
});

describe("the validation fails a broken e-invoice", () => {
  it("a wrong total, a missing electronic address and a misplaced element are each caught", async () => {
    const invoice = await issue(owner, [line21()]);
    const xml = await ublOf(owner, invoice);
    await expectValid(xml, "before breaking");

    const wrongTotal = xml.replace(
      '<cbc:TaxInclusiveAmount currencyID="EUR">121.00</cbc:TaxInclusiveAmount>',
      '<cbc:TaxInclusiveAmount currencyID="EUR">120.00</cbc:TaxInclusiveAmount>',
    );
    expect(wrongTotal).not.toBe(xml);
    expect(validator.en16931(wrongTotal).errors.map((error) => error.id)).toContain("BR-CO-15");

    const noEndpoint = xml.replace(/<cbc:EndpointID schemeID="0106">87654321<\/cbc:EndpointID>/, "");
    expect(validator.peppol(noEndpoint).errors.map((error) => error.id)).toContain("PEPPOL-EN16931-R020");

    if (HAS_XMLLINT) {
      const misplaced = xml
        .replace(/\s*<cbc:DueDate>2026-12-04<\/cbc:DueDate>/, "")
        .replace("</cbc:InvoiceTypeCode>", "</cbc:InvoiceTypeCode>\n  <cbc:DueDate>2026-12-04</cbc:DueDate>");
      expect(await ublSchemaErrors(misplaced)).toMatch(/DueDate/);
    }
  });
});

function line21(): Line {
  return { description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" };
}

describe("GET /api/invoices/{id}/ubl: what cannot be an e-invoice", () => {
  it("a draft has no number yet", async () => {
    const { id } = await createClientRecord(t.database.db, owner.user.id);
    const created = await postJson(owner, "/api/invoices", invoicePayload(id, [line21()]));
    expect(created.statusCode, created.body).toBe(201);
    const response = await owner.request({ method: "GET", url: `/api/invoices/${created.json().id}/ubl` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: E_INVOICE_MESSAGES.draft });
  });

  it("another user's invoice and an unknown id answer 404", async () => {
    const invoice = await issue(owner, [line21()]);
    const foreign = await stranger.request({ method: "GET", url: `/api/invoices/${invoice.id}/ubl` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "Factuur niet gevonden" });
    const unknown = await owner.request({ method: "GET", url: "/api/invoices/nope/ubl" });
    expect(unknown.statusCode).toBe(404);
  });

  it("an invoice issued without IBAN, or to a Dutch client without address, says what is missing", async () => {
    const noIban = await t.signIn();
    await createCompanyProfile(t.database.db, noIban.user.id, { iban: null, bic: null });
    const invoice = await issue(noIban, [line21()]);
    const response = await noIban.request({ method: "GET", url: `/api/invoices/${invoice.id}/ubl` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: E_INVOICE_MESSAGES.noIban });

    const unaddressed = await issue(owner, [line21()], {
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
      address: null,
    });
    const missing = await owner.request({ method: "GET", url: `/api/invoices/${unaddressed.id}/ubl` });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ message: E_INVOICE_MESSAGES.clientAddress });
  });
});

describe("the e-invoice goes with the e-mail", () => {
  it("the preview names it, and the sent mail carries a valid one beside the PDF; without IBAN only the PDF", async () => {
    const { id } = await createClientRecord(t.database.db, owner.user.id);
    const draft = await postJson(owner, "/api/invoices", invoicePayload(id, [line21()]));
    const preview = await owner.request({
      method: "GET",
      url: `/api/invoices/${draft.json().id}/send-preview`,
    });
    const { invoiceNumber, eInvoiceName } = preview.json();
    expect(eInvoiceName).toBe(`${invoiceNumber}.xml`);
    const sent = await postJson(owner, `/api/invoices/${draft.json().id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = (await owner.request({ method: "GET", url: "/api/settings/outbox" })).json();
    const xmlFile = mail.attachments.find((file: { filename: string }) => file.filename === eInvoiceName);
    const download = await owner.request({
      method: "GET",
      url: `/api/settings/outbox/attachments/${xmlFile.id}`,
    });
    expect(download.headers["content-type"]).toMatch(/^application\/xml/);
    expect(download.body).toBe(await ublOf(owner, sent.json().invoice));
    await expectValid(download.body, "mailed");

    const noIban = await t.signIn();
    await createCompanyProfile(t.database.db, noIban.user.id, { iban: null, bic: null });
    const client = await createClientRecord(t.database.db, noIban.user.id);
    const other = await postJson(noIban, "/api/invoices", invoicePayload(client.id, [line21()]));
    const otherPreview = await noIban.request({
      method: "GET",
      url: `/api/invoices/${other.json().id}/send-preview`,
    });
    expect(otherPreview.json().eInvoiceName).toBeNull();
  });
});
