import { writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { JPEG_LOGO, PNG_LOGO } from "../../../../tests/logos";
import { pdfText } from "../../../../tests/pdf-text";
import { buildInvoiceDocument, KOR_TEXT } from "./document";
import { pdfFilename } from "./pdf-filename";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id, { invoiceFooter: "Betaling binnen 14 dagen." });
});
afterAll(() => t.close());

async function issue(as: SignedIn, payload: object, send = true): Promise<InvoiceDetail> {
  const created = await as.request({ method: "POST", url: "/api/invoices", payload });
  expect(created.statusCode, created.body).toBe(201);
  const invoice: InvoiceDetail = created.json();
  if (!send) return invoice;
  const sent = await as.request({ method: "POST", url: `/api/invoices/${invoice.id}/mark-sent` });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json();
}

async function pdfOf(as: SignedIn, id: string) {
  const response = await as.request({ method: "GET", url: `/api/invoices/${id}/pdf` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
}

/** A normalised text of the whole PDF; set INVOICE_PDF_DIR to keep the files (to look at with pdftoppm). */
async function textOf(as: SignedIn, id: string, name: string): Promise<string> {
  const response = await pdfOf(as, id);
  if (process.env.INVOICE_PDF_DIR)
    await writeFile(`${process.env.INVOICE_PDF_DIR}/${name}.pdf`, response.rawPayload);
  return (await pdfText(response.rawPayload)).join("\n");
}

describe("GET /api/invoices/{id}/pdf", () => {
  it("prints every mandatory item of an invoice (domain.md §8) and the payment details", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issue(owner, {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      supplyDate: "2026-11-15",
      items: [
        { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
        { description: "Drukwerk visitekaartjes", quantity: "1.5", unitPrice: "10.50", vatCategory: "9" },
      ],
      subtotal: "185.75",
      taxAmount: "37.12",
      total: "222.87",
      notes: "Bedankt voor de opdracht!",
    });
    const response = await pdfOf(owner, invoice.id);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${invoice.invoiceNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const text = await textOf(owner, invoice.id, "standard");
    for (const expected of [
      "FACTUUR",
      // 1-4: seller and buyer, full address, seller's btw-id and KvK number.
      "De Vries Ontwerp",
      "Keizersgracht 12",
      "1015 CJ Amsterdam",
      "KvK 8765 4321",
      "Btw-id NL 000.099.998.B57",
      "Bakkerij De Korenschoof",
      "Dorpsstraat 12a",
      "1234 AB Oudewater",
      "Btw-nummer NL 123.456.789.B01",
      // 5, 6, 8: invoice date, number, supply date; and the due date.
      "Factuurdatum 20-11-2026",
      `Factuurnummer ${invoice.invoiceNumber}`,
      "Leverdatum 15-11-2026",
      "Vervaldatum 04-12-2026",
      // 7, 9-11: description, quantity, unit price, amount excl. VAT per rate, rate and VAT amount.
      "Ontwerp homepage 2 € 85,00 21% € 170,00",
      "Drukwerk visitekaartjes 1,5 € 10,50 9% € 15,75",
      "Subtotaal (excl. btw) € 185,75",
      "Btw 21% over € 170,00 € 35,70",
      "Btw 9% over € 15,75 € 1,42",
      "Totaal € 222,87",
      "Bedankt voor de opdracht!",
      "NL91 ABNA 0417 1643 00",
      "Betaling binnen 14 dagen.",
      "Scan met je bankapp om te betalen",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(KOR_TEXT);
    expect(text).not.toContain("verlegd");

    // The QR code the PDF draws carries the EPC payload of this invoice.
    const { qrPayload } = await buildInvoiceDocument(t.database.db, owner.user.id, invoice.id);
    expect(qrPayload).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "ABNANL2A",
        "De Vries Ontwerp",
        "NL91ABNA0417164300",
        "EUR222.87",
        "",
        "",
        invoice.invoiceNumber,
      ].join("\n"),
    );
  });

  it("says 'btw verlegd' with the client's VAT number when the VAT is reverse-charged", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id, {
      name: "Bouwbedrijf Verlegd BV",
      taxNumber: "NL 123.456.789.B01",
    });
    const invoice = await issue(owner, {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-20",
      items: [{ description: "Onderaanneming", quantity: 10, unitPrice: 50, vatCategory: "reverse_charge" }],
      subtotal: 500,
      taxAmount: 0,
      total: 500,
    });
    const text = await textOf(owner, invoice.id, "reverse-charge");
    expect(text).toContain("Btw verlegd — btw-nummer afnemer: NL 123.456.789.B01");
    expect(text).toContain("Onderaanneming 10 € 50,00 btw verlegd € 500,00");
    expect(text).toContain("Totaal € 500,00");
  });

  it("prints the KOR exemption text for a small business that uses the scheme", async () => {
    const kor = await t.signIn();
    await createCompanyProfile(t.database.db, kor.user.id, { tradeName: "Kleine Zaak", isKorApplied: true });
    const client = await createClientRecord(t.database.db, kor.user.id);
    const invoice = await issue(kor, {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-20",
      items: [{ description: "Bijles", quantity: 3, unitPrice: 40, vatCategory: "exempt" }],
      subtotal: 120,
      taxAmount: 0,
      total: 120,
    });
    const text = await textOf(kor, invoice.id, "kor");
    expect(text).toContain("Factuur vrijgesteld van OB o.g.v. artikel 25 Wet OB");
    expect(text).toContain("Kleine Zaak");
  });

  it("prints a credit note with the number of the invoice it corrects, and no payment QR", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issue(owner, {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      items: [{ description: "Ontwerp logo", quantity: 1, unitPrice: 300, vatCategory: "21" }],
      subtotal: 300,
      taxAmount: 63,
      total: 363,
    });
    const credit = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/credit` });
    const note = credit.json();
    const text = await textOf(owner, note.id, "credit-note");
    expect(text).toContain("CREDITNOTA");
    expect(text).toContain(`Creditnota voor factuur ${invoice.invoiceNumber}`);
    expect(text).toContain("Ontwerp logo -1 € 300,00 21% € -300,00");
    expect(text).toContain("Totaal € -363,00");
    expect(text).not.toContain("Scan met je bankapp");
  });

  it("marks a draft as a concept and renders it with today's company data", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const draft = await issue(
      owner,
      {
        clientId: client.id,
        issueDate: "2026-11-20",
        dueDate: "2026-12-04",
        items: [{ description: "Schets", quantity: 1, unitPrice: 10, vatCategory: "21" }],
        subtotal: 10,
        taxAmount: "2.10",
        total: "12.10",
      },
      false,
    );
    const text = await textOf(owner, draft.id, "draft");
    expect(text).toContain("FACTUUR (CONCEPT)");
    expect(text).toContain("De Vries Ontwerp");
  });

  it("answers 404 for another user's invoice, its PDF and its view alike", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issue(
      owner,
      {
        clientId: client.id,
        issueDate: "2026-11-20",
        dueDate: "2026-12-04",
        subtotal: 10,
        total: 10,
      },
      false,
    );
    for (const url of [`/api/invoices/${invoice.id}/pdf`, `/api/invoices/${invoice.id}/document`]) {
      const response = await stranger.request({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Factuur niet gevonden" });
    }
  });
});

describe("GET /api/invoices/{id}/document", () => {
  it("gives the on-screen view the same content, with the QR code as an image", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issue(owner, {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      items: [{ description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" }],
      subtotal: 100,
      taxAmount: 21,
      total: 121,
    });
    const document = (
      await owner.request({ method: "GET", url: `/api/invoices/${invoice.id}/document` })
    ).json();
    expect(document).toMatchObject({
      title: "Factuur",
      invoiceNumber: invoice.invoiceNumber,
      supplyDate: "2026-11-20",
      seller: { name: "De Vries Ontwerp", kvkNumber: "8765 4321" },
      client: { name: "Bakkerij De Korenschoof", vatNumber: "NL 123.456.789.B01" },
      lines: [
        { description: "Advies", quantity: "1.00", unitPrice: "100.00", vatLabel: "21%", amount: "100.00" },
      ],
      vatBreakdown: [{ label: "Btw 21%", base: "100.00", vat: "21.00" }],
      total: "121.00",
      legalTexts: [],
      payment: { amount: "121.00", iban: "NL91 ABNA 0417 1643 00", reference: invoice.invoiceNumber },
    });
    expect(document.payment.qrDataUrl).toMatch(/^data:image\/png;base64,/);
  });
});

describe("the logo on the invoice", () => {
  const imagesIn = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;

  it("draws the logo at the top of the PDF and shows it in the view when one is set", async () => {
    const seller = await t.signIn();
    await createCompanyProfile(t.database.db, seller.user.id);
    const client = await createClientRecord(t.database.db, seller.user.id);
    const invoice = await issue(seller, {
      clientId: client.id,
      issueDate: "2026-11-20",
      dueDate: "2026-12-04",
      items: [{ description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" }],
      subtotal: 100,
      taxAmount: 21,
      total: 121,
    });
    const view = async () =>
      (await seller.request({ method: "GET", url: `/api/invoices/${invoice.id}/document` })).json();

    // Without a logo the only images are the payment QR code's (pdfkit adds its alpha channel as a mask).
    const without = (await pdfOf(seller, invoice.id)).rawPayload;
    const qrImages = imagesIn(without);
    expect(qrImages).toBeGreaterThan(0);
    expect((await view()).logoDataUrl).toBeNull();

    const jpeg = await seller.request({
      method: "PUT",
      url: "/api/settings/logo",
      headers: { "content-type": "image/jpeg" },
      payload: JPEG_LOGO,
    });
    expect(jpeg.statusCode, jpeg.body).toBe(204);
    const withJpeg = (await pdfOf(seller, invoice.id)).rawPayload;
    expect(imagesIn(withJpeg)).toBe(qrImages + 1);
    expect(withJpeg.toString("latin1")).toMatch(/\/Subtype \/Image[\s\S]{0,200}\/Filter \/DCTDecode/);
    expect(await pdfText(withJpeg)).toEqual(await pdfText(without));
    expect((await view()).logoDataUrl).toBe(`data:image/jpeg;base64,${JPEG_LOGO.toString("base64")}`);

    const png = await seller.request({
      method: "PUT",
      url: "/api/settings/logo",
      headers: { "content-type": "image/png" },
      payload: PNG_LOGO,
    });
    expect(png.statusCode, png.body).toBe(204);
    const withPng = await pdfOf(seller, invoice.id);
    // A PNG with transparency is an image plus its alpha mask.
    expect(imagesIn(withPng.rawPayload)).toBe(qrImages + 2);
    expect((await pdfText(withPng.rawPayload)).join("\n")).toContain("De Vries Ontwerp");
    if (process.env.INVOICE_PDF_DIR) {
      await writeFile(`${process.env.INVOICE_PDF_DIR}/with-logo.pdf`, withPng.rawPayload);
    }
    expect((await view()).logoDataUrl).toMatch(/^data:image\/png;base64,/);
  });
});

describe("pdfFilename", () => {
  it.each([
    ["INV-000001", "INV-000001.pdf"],
    ['2026/01 "x"', "2026_01_x_.pdf"],
    ["../../etc", "etc.pdf"],
    ["///", "factuur.pdf"],
  ])("%s -> %s", (number, expected) => expect(pdfFilename(number)).toBe(expected));
});
