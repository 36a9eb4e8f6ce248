import { writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KOR_TEXT } from "../../../shared/invoices/document-texts";
import { DOCUMENT_LANGUAGE_MESSAGE } from "../../../shared/schemas/clients";
import type { InvoiceDocument } from "../../../shared/schemas/invoices";
import { clients } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import {
  createInvoice,
  issuedInvoice,
  ONE_LINE,
  ONE_LINE_TOTALS,
  postJson,
} from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
});
afterAll(() => t.close());

const CLIENT_FORM = { name: "Harbour Studio Ltd", country: "GB", paymentTermsDays: 14 };

/** 1.5 × 1,234.56 at 21%: 1,851.84 + VAT 388.89 = 2,240.73, so thousands separators and decimals show. */
const BIG_LINE = [{ description: "Consultancy", quantity: "1.5", unitPrice: "1234.56", vatCategory: "21" }];
const BIG_LINE_TOTALS = { subtotal: "1851.84", taxAmount: "388.89", total: "2240.73" };

async function pdfOf(as: SignedIn, invoiceId: string): Promise<string> {
  const response = await as.request({ method: "GET", url: `/api/invoices/${invoiceId}/pdf` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  // Set INVOICE_PDF_DIR to keep the file, to look at with pdftoppm.
  if (process.env.INVOICE_PDF_DIR) {
    await writeFile(`${process.env.INVOICE_PDF_DIR}/language-${invoiceId}.pdf`, response.rawPayload);
  }
  return (await pdfText(response.rawPayload)).join("\n");
}

const documentOf = async (as: SignedIn, invoiceId: string): Promise<InvoiceDocument> =>
  (await as.request({ method: "GET", url: `/api/invoices/${invoiceId}/document` })).json();

const invoiceFor = (clientId: string, overrides: object = {}) => ({
  clientId,
  issueDate: "2026-11-20",
  dueDate: "2026-12-04",
  items: BIG_LINE,
  ...BIG_LINE_TOTALS,
  status: "draft",
  ...overrides,
});

describe("the client's document language", () => {
  it("is Dutch unless chosen, and is saved and answered", async () => {
    const created = await owner.request({ method: "POST", url: "/api/clients", payload: CLIENT_FORM });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().documentLanguage).toBe("nl");
    const id = created.json().id as string;
    const updated = await owner.request({
      method: "PUT",
      url: `/api/clients/${id}`,
      payload: { ...CLIENT_FORM, documentLanguage: "en" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().documentLanguage).toBe("en");
    // Left out on a later save: the client keeps its language.
    const again = await owner.request({ method: "PUT", url: `/api/clients/${id}`, payload: CLIENT_FORM });
    expect(again.json().documentLanguage).toBe("en");
    const read = await owner.request({ method: "GET", url: `/api/clients/${id}` });
    expect(read.json().documentLanguage).toBe("en");
  });

  it.each([["de"], [""], [1], [null]])(
    "refuses language %j with its message and changes nothing",
    async (value) => {
      const client = await createClientRecord(t.database.db, owner.user.id);
      const response = await owner.request({
        method: "PUT",
        url: `/api/clients/${client.id}`,
        payload: { ...CLIENT_FORM, documentLanguage: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.documentLanguage).toBe(DOCUMENT_LANGUAGE_MESSAGE);
      const [row] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
      expect(row!.name).toBe(client.name);
      expect(row!.documentLanguage).toBe("nl");
    },
  );

  it("answers 404 for another user's client and leaves it alone", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const response = await stranger.request({
      method: "PUT",
      url: `/api/clients/${client.id}`,
      payload: { ...CLIENT_FORM, documentLanguage: "en" },
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.documentLanguage).toBe("nl");
  });
});

describe("the invoice PDF in the client's language", () => {
  it("prints an English client's invoice in English, with English dates and amounts", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { documentLanguage: "en" });
    const invoice = await issuedInvoice(owner, invoiceFor(client.id));
    const text = await pdfOf(owner, invoice.id);
    for (const expected of [
      "INVOICE",
      "Invoice to",
      "Invoice number",
      "Invoice date",
      "20 November 2026",
      "Due date",
      "4 December 2026",
      "Description",
      "Quantity",
      "Price",
      "VAT",
      "Subtotal (excl. VAT)",
      "€1,851.84",
      "VAT 21% on €1,851.84",
      "€388.89",
      "Total",
      "€2,240.73",
      "Please transfer €2,240.73 by 4 December 2026",
      "Scan with your banking app to pay",
      "page 1 of 1",
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const dutch of ["Factuurdatum", "Vervaldatum", "Omschrijving", "Totaal", "20-11-2026", "1.851,84"]) {
      expect(text, dutch).not.toContain(dutch);
    }
  });

  it("prints a Dutch client's invoice in Dutch", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issuedInvoice(owner, invoiceFor(client.id));
    const text = await pdfOf(owner, invoice.id);
    for (const expected of [
      "FACTUUR",
      "Factuur aan",
      "Factuurdatum",
      "20-11-2026",
      "Vervaldatum",
      "04-12-2026",
      "Omschrijving",
      "Aantal",
      "Prijs",
      "Btw 21% over € 1.851,84",
      "Totaal",
      "€ 2.240,73",
      "Graag € 2.240,73 vóór 04-12-2026 overmaken",
      "pagina 1 van 1",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("Invoice date");
  });

  it("says 'Paid on' with an English date once an English client's invoice is paid", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { documentLanguage: "en" });
    const invoice = await issuedInvoice(
      owner,
      invoiceFor(client.id, { items: ONE_LINE, ...ONE_LINE_TOTALS }),
    );
    const paid = await postJson(owner, `/api/invoices/${invoice.id}/mark-paid`, { paidDate: "2026-11-25" });
    expect(paid.statusCode, paid.body).toBe(200);
    const text = await pdfOf(owner, invoice.id);
    expect(text).toContain("Paid on 25 November 2026");
    expect(text).not.toContain("Betaald op");
  });

  it("gives the legal texts in English: reverse charge, intra-community supply, export", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, {
      documentLanguage: "en",
      country: "DE",
      taxNumber: "DE123456789",
    });
    const items = [
      { description: "Service", quantity: 1, unitPrice: 100, vatCategory: "reverse_charge" },
      { description: "Goods to Germany", quantity: 1, unitPrice: 100, vatCategory: "intra_eu_goods" },
      { description: "Goods to Norway", quantity: 1, unitPrice: 100, vatCategory: "export" },
    ];
    const draft = await createInvoice(
      owner,
      invoiceFor(client.id, { items, subtotal: "300.00", taxAmount: "0.00", total: "300.00" }),
    );
    const document = await documentOf(owner, draft.id);
    expect(document.language).toBe("en");
    expect(document.title).toBe("Invoice (draft)");
    expect(document.legalTexts).toEqual([
      "Intra-community supply (article 138 VAT Directive)",
      "Customer VAT number: DE123456789",
      "Export: supply outside the EU, 0% VAT",
    ]);
    expect(document.vatBreakdown.map((row) => row.label)).toEqual([
      "VAT reverse charged",
      "VAT 0% export",
      "VAT 0% intra-community supply",
    ]);
    const text = await pdfOf(owner, draft.id);
    expect(text).toContain("VAT reverse charged on €100.00");
    expect(text).toContain("Customer VAT number: DE123456789");
  });

  it("keeps the Dutch KOR wording with an English gloss", async () => {
    const kor = await t.signIn();
    await createCompanyProfile(t.database.db, kor.user.id, { korStartDate: "2026-01-01" });
    const client = await createClientRecord(t.database.db, kor.user.id, { documentLanguage: "en" });
    const draft = await createInvoice(
      kor,
      invoiceFor(client.id, {
        items: [{ description: "Design", quantity: 1, unitPrice: 500, vatCategory: "exempt" }],
        subtotal: "500.00",
        taxAmount: "0.00",
        total: "500.00",
      }),
    );
    const document = await documentOf(kor, draft.id);
    const korText = document.legalTexts.find((text) => text.startsWith(KOR_TEXT));
    expect(korText).toMatch(/Dutch small business scheme/);
  });
});

describe("the snapshot keeps the language", () => {
  it("prints a sent invoice in the language it was issued in after the client changes", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { documentLanguage: "en" });
    const sent = await issuedInvoice(owner, invoiceFor(client.id));
    const draft = await createInvoice(owner, invoiceFor(client.id));
    const switched = await owner.request({
      method: "PUT",
      url: `/api/clients/${client.id}`,
      payload: { name: client.name, country: "NL", paymentTermsDays: 14, documentLanguage: "nl" },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const sentText = await pdfOf(owner, sent.id);
    expect(sentText).toContain("Invoice date");
    expect(sentText).not.toContain("Factuurdatum");
    // A draft is not issued yet: it follows the client as it is now.
    expect(await pdfOf(owner, draft.id)).toContain("Factuurdatum");
  });
});

describe("quotes follow their client's language", () => {
  it("prints an English client's quote in English", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, { documentLanguage: "en" });
    const created = await owner.request({
      method: "POST",
      url: "/api/quotes",
      payload: { clientId: client.id, issueDate: "2026-11-20", items: ONE_LINE },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await owner.request({ method: "GET", url: `/api/quotes/${created.json().id}/pdf` });
    expect(response.statusCode).toBe(200);
    const text = (await pdfText(response.rawPayload)).join("\n");
    for (const expected of ["QUOTE (DRAFT)", "Quote to", "Quote date", "Valid until", "20 December 2026"]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain("This quote is valid until 20 December 2026.");
    expect(text).not.toContain("Offertedatum");
  });
});
