import { writeFile } from "node:fs/promises";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "../../../shared/schemas/invoices";
import { buildAppWithOwner, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { createInvoice, invoiceWithLines, issuedInvoice } from "../../../../tests/invoices";
import { JPEG_LOGO, PNG_LOGO } from "../../../../tests/logos";
import { pdfText } from "../../../../tests/pdf-text";
import { buildInvoiceDocument, KOR_TEXT } from "./document";
import { pdfFilename } from "./pdf-filename";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  ({ t, owner, stranger } = await buildAppWithOwner({ invoiceFooter: "Betaling binnen 14 dagen." }));
});
afterAll(() => t.close());

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

const ADVICE = [{ description: "Advies", quantity: 1, unitPrice: 100, vatCategory: "21" }];

/** An invoice of 100 + 21% VAT = 121.00, sent on 20-11-2026 and due 04-12-2026. */
async function issueAdvice(as: SignedIn = owner): Promise<InvoiceDetail> {
  const client = await createClientRecord(t.database.db, as.user.id);
  return issuedInvoice(as, invoiceWithLines(client.id, ADVICE));
}

async function pay(id: string, payload: { date: string; amount?: string }) {
  const response = await owner.request({ method: "POST", url: `/api/invoices/${id}/payments`, payload });
  expect(response.statusCode, response.body).toBe(201);
}

async function credit(id: string, payload: object = {}): Promise<InvoiceDetail> {
  const response = await owner.request({ method: "POST", url: `/api/invoices/${id}/credit`, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const qrPayloadOf = async (id: string) =>
  (await buildInvoiceDocument(t.database.db, owner.user.id, id)).qrPayload;
const imagesIn = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;
const PAYMENT_REQUEST = /overmaken|NL91 ABNA|Scan met je bankapp|Nog te betalen/;

describe("GET /api/invoices/{id}/pdf", () => {
  it("prints every mandatory item of an invoice (domain.md §8) and the payment details", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issuedInvoice(
      owner,
      invoiceWithLines(
        client.id,
        [
          { description: "Ontwerp homepage", quantity: 2, unitPrice: 85, vatCategory: "21" },
          { description: "Drukwerk visitekaartjes", quantity: "1.5", unitPrice: "10.50", vatCategory: "9" },
        ],
        { supplyDate: "2026-11-15", notes: "Bedankt voor de opdracht!" },
      ),
    );
    const response = await pdfOf(owner, invoice.id);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${invoice.invoiceNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The send preview opens it in the browser instead.
    const inline = await owner.request({ method: "GET", url: `/api/invoices/${invoice.id}/pdf?inline=1` });
    expect(inline.headers["content-disposition"]).toBe(`inline; filename="${invoice.invoiceNumber}.pdf"`);

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
    const invoice = await issuedInvoice(
      owner,
      invoiceWithLines(
        client.id,
        [{ description: "Onderaanneming", quantity: 10, unitPrice: 50, vatCategory: "reverse_charge" }],
        { dueDate: "2026-12-20" },
      ),
    );
    const text = await textOf(owner, invoice.id, "reverse-charge");
    // Said once, as the VAT row of the totals; the line's VAT column says 'verlegd', the legal text the number.
    expect(text.match(/btw verlegd/gi)).toHaveLength(1);
    expect(text).toContain("Btw verlegd over € 500,00 € 0,00");
    expect(text).toContain("Btw-nummer afnemer: NL 123.456.789.B01");
    expect(text).toContain("Onderaanneming 10 € 50,00 verlegd € 500,00");
    expect(text).toContain("Totaal € 500,00");
  });

  it("prints the KOR exemption text on invoices dated in the scheme, not on earlier ones", async () => {
    const kor = await t.signIn();
    await createCompanyProfile(t.database.db, kor.user.id, {
      tradeName: "Kleine Zaak",
      korStartDate: "2026-11-01",
    });
    const client = await createClientRecord(t.database.db, kor.user.id);
    const before = await issuedInvoice(
      kor,
      invoiceWithLines(
        client.id,
        [{ description: "Bijles", quantity: 1, unitPrice: 40, vatCategory: "21" }],
        {
          issueDate: "2026-10-20",
          dueDate: "2026-11-20",
        },
      ),
    );
    expect(await textOf(kor, before.id, "kor-before")).not.toContain("vrijgesteld van OB");
    const invoice = await issuedInvoice(
      kor,
      invoiceWithLines(
        client.id,
        [{ description: "Bijles", quantity: 3, unitPrice: 40, vatCategory: "exempt" }],
        { dueDate: "2026-12-20" },
      ),
    );
    const text = await textOf(kor, invoice.id, "kor");
    expect(text).toContain("Factuur vrijgesteld van OB o.g.v. artikel 25 Wet OB");
    expect(text).toContain("Kleine Zaak");
  });

  it("prints a credit note with the number of the invoice it corrects, and no payment QR", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await issuedInvoice(
      owner,
      invoiceWithLines(client.id, [
        { description: "Ontwerp logo", quantity: 1, unitPrice: 300, vatCategory: "21" },
      ]),
    );
    const credit = await owner.request({ method: "POST", url: `/api/invoices/${invoice.id}/credit` });
    const note = credit.json();
    const text = await textOf(owner, note.id, "credit-note");
    expect(text).toContain("CREDITNOTA");
    expect(text).toContain(`Creditnota bij factuur ${invoice.invoiceNumber}`);
    expect(text).toContain("Ontwerp logo -1 € 300,00 21% € -300,00");
    expect(text).toContain("Totaal € -363,00");
    expect(text).not.toContain("Scan met je bankapp");
  });

  it("marks a draft as a concept and renders it with today's company data", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const draft = await createInvoice(
      owner,
      invoiceWithLines(client.id, [{ description: "Schets", quantity: 1, unitPrice: 10, vatCategory: "21" }]),
    );
    const text = await textOf(owner, draft.id, "draft");
    expect(text).toContain("FACTUUR (CONCEPT)");
    expect(text).toContain("Factuurnummer Concept");
    // Across the page as well, so no printout passes for an invoice.
    expect(text).toMatch(/(^|\s)CONCEPT(\s|$)/);
    expect(text).toContain("De Vries Ontwerp");
  });

  it("answers 404 for another user's invoice, its PDF and its view alike", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const invoice = await createInvoice(
      owner,
      invoiceWithLines(client.id, [{ description: "Schets", quantity: 1, unitPrice: 10, vatCategory: "0" }]),
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
    const invoice = await issueAdvice();
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
  it("draws the logo at the top of the PDF and shows it in the view when one is set", async () => {
    const seller = await t.signIn();
    await createCompanyProfile(t.database.db, seller.user.id);
    const invoice = await issueAdvice(seller);
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
    // Stored re-encoded as PNG at upload (settings/logo-image.ts).
    expect(withJpeg.toString("latin1")).toMatch(/\/Subtype \/Image[\s\S]{0,200}\/Filter \/FlateDecode/);
    // The same text; only where lines break differs, as the logo moves the seller's name down.
    const words = async (pdf: Buffer) => (await pdfText(pdf)).join(" ").split(/\s+/);
    expect(await words(withJpeg)).toEqual(await words(without));
    expect((await view()).logoDataUrl).toMatch(/^data:image\/png;base64,/);

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

describe("the PDF follows the invoice's state", () => {
  it("asks an open invoice for its total, with the QR code for that amount", async () => {
    const invoice = await issueAdvice();
    const text = await textOf(owner, invoice.id, "state-open");
    expect(text).toContain("Graag € 121,00 vóór 04-12-2026 overmaken naar NL91 ABNA 0417 1643 00");
    expect(text).toContain("Scan met je bankapp om te betalen");
    expect(text).not.toContain("Reeds betaald");
    expect(text).not.toContain("Betaald op");
    expect(await qrPayloadOf(invoice.id)).toContain("\nEUR121.00\n");
  });

  it("asks a partly paid invoice for the rest, saying what was paid", async () => {
    const invoice = await issueAdvice();
    await pay(invoice.id, { date: "2026-11-22", amount: "50.00" });
    const text = await textOf(owner, invoice.id, "state-partly-paid");
    expect(text).toContain("Totaal € 121,00");
    expect(text).toContain("Reeds betaald € 50,00");
    expect(text).toContain("Nog te betalen € 71,00");
    expect(text).toContain("Graag € 71,00 vóór 04-12-2026 overmaken");
    expect(text).not.toContain("€ 121,00 vóór");
    expect(await qrPayloadOf(invoice.id)).toContain("\nEUR71.00\n");
  });

  it("says when a paid invoice was paid, and asks for nothing", async () => {
    const invoice = await issueAdvice();
    await pay(invoice.id, { date: "2026-11-25" });
    const response = await pdfOf(owner, invoice.id);
    const text = await textOf(owner, invoice.id, "state-paid");
    expect(text).toContain("Betaald op 25-11-2026");
    expect(text).not.toMatch(PAYMENT_REQUEST);
    expect(imagesIn(response.rawPayload)).toBe(0);
    expect(await qrPayloadOf(invoice.id)).toBeNull();
  });

  it("refers a fully credited invoice to its credit note, and asks for nothing", async () => {
    const invoice = await issueAdvice();
    const note = await credit(invoice.id, { issueDate: "2026-11-20" });
    const response = await pdfOf(owner, invoice.id);
    const text = await textOf(owner, invoice.id, "state-credited");
    expect(text).toContain(`Gecrediteerd met creditnota ${note.invoiceNumber} van 20-11-2026 € 121,00`);
    expect(text).toContain("Deze factuur is volledig gecrediteerd");
    expect(text).not.toMatch(PAYMENT_REQUEST);
    expect(text).not.toContain("Betaald op");
    expect(imagesIn(response.rawPayload)).toBe(0);
  });

  it("asks a partly credited invoice for what is left, naming the credit note", async () => {
    const invoice = await issueAdvice();
    // 50.00 excl. VAT in the invoice's 21%: 60.50 taken off, 60.50 left.
    const note = await credit(invoice.id, { issueDate: "2026-11-20", amount: "50.00", reason: "Korting" });
    const text = await textOf(owner, invoice.id, "state-partly-credited");
    expect(text).toContain(`Gecrediteerd met creditnota ${note.invoiceNumber} van 20-11-2026 € 60,50`);
    expect(text).toContain("Nog te betalen € 60,50");
    expect(text).toContain("Graag € 60,50 vóór 04-12-2026 overmaken");
    expect(await qrPayloadOf(invoice.id)).toContain("\nEUR60.50\n");
  });

  it("says what is refunded when a paid invoice is credited in part, and asks for nothing", async () => {
    const invoice = await issueAdvice();
    await pay(invoice.id, { date: "2026-11-20" });
    const note = await credit(invoice.id, { issueDate: "2026-11-20", amount: "50.00" });
    const text = await textOf(owner, invoice.id, "state-paid-then-credited");
    expect(text).toContain(`Gecrediteerd met creditnota ${note.invoiceNumber} van 20-11-2026 € 60,50`);
    expect(text).toContain("Betaald € 121,00");
    expect(text).toContain("Terug te betalen aan u € 60,50");
    expect(text).toContain("Voldaan op 20-11-2026");
    expect(text).not.toMatch(PAYMENT_REQUEST);
  });

  it("dates a credit note as such, refers to its invoice and gives no payment term", async () => {
    const invoice = await issueAdvice();
    const note = await credit(invoice.id, { issueDate: "2026-11-20" });
    const text = await textOf(owner, note.id, "state-credit-note");
    expect(text).toContain("CREDITNOTA");
    expect(text).toContain(`Creditnotanummer ${note.invoiceNumber}`);
    expect(text).toContain("Creditnotadatum 20-11-2026");
    expect(text).toContain(`Creditnota bij factuur ${invoice.invoiceNumber}`);
    expect(text).not.toContain("Factuurdatum");
    expect(text).not.toContain("Vervaldatum");
    expect(text).not.toContain("Betaling binnen 14 dagen");
    expect(text).not.toMatch(PAYMENT_REQUEST);
  });
});

type TextBox = { text: string; left: number; right: number; bottom: number; top: number };

/** Every piece of text on each page with its box in points (PDF coordinates: y grows upwards). */
async function textBoxes(pdf: Buffer): Promise<TextBox[][]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: TextBox[][] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const boxes: TextBox[] = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      const [, , , size, x, y] = item.transform as number[];
      // Helvetica reaches about 0.2 of the size below the baseline and 0.75 above it.
      boxes.push({
        text: item.str,
        left: x!,
        right: x! + item.width,
        bottom: y! - 0.2 * size!,
        top: y! + 0.75 * size!,
      });
    }
    pages.push(boxes);
  }
  await document.destroy();
  return pages;
}

/** Pairs of text pieces whose boxes overlap: text drawn over other text. */
function overlaps(boxes: TextBox[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (overlapX > 0.5 && overlapY > 0.5) found.push(`"${a.text}" × "${b.text}"`);
    }
  });
  return found;
}

describe("the layout of the PDF", () => {
  it("numbers the pages and repeats the seller, the number and the table header on the next page", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const items = Array.from({ length: 60 }, (_, index) => ({
      description: `Werkzaamheden week ${index + 1}`,
      quantity: 1,
      unitPrice: 10,
      vatCategory: "21",
    }));
    const invoice = await issuedInvoice(owner, invoiceWithLines(client.id, items));
    const pdf = (await pdfOf(owner, invoice.id)).rawPayload;
    if (process.env.INVOICE_PDF_DIR) await writeFile(`${process.env.INVOICE_PDF_DIR}/sixty-lines.pdf`, pdf);
    const pages = await pdfText(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("pagina 1 van 2");
    expect(pages[1]).toContain("pagina 2 van 2");
    expect(pages[1]).toContain("De Vries Ontwerp");
    expect(pages[1]).toContain(`Factuur ${invoice.invoiceNumber}`);
    expect(pages[1]).toContain("Omschrijving Aantal Prijs Btw Bedrag");
    // Every line once, in order, and the totals after the last.
    const all = pages.join("\n");
    for (const item of items) expect(all.split(`${item.description} 1 € 10,00`)).toHaveLength(2);
    expect(all.indexOf("Werkzaamheden week 60")).toBeLessThan(all.indexOf("Totaal € 726,00"));
    for (const page of await textBoxes(pdf)) expect(overlaps(page)).toEqual([]);
  });

  it("runs long notes on below the next page's header", async () => {
    const client = await createClientRecord(t.database.db, owner.user.id);
    const notes = Array.from(
      { length: 90 },
      (_, index) => `Afspraak ${index + 1}: werk in overleg ingepland.`,
    ).join("\n");
    const items = Array.from({ length: 25 }, (_, index) => ({
      description: `Onderdeel ${index + 1}`,
      quantity: 1,
      unitPrice: 10,
      vatCategory: "21",
    }));
    const invoice = await issuedInvoice(owner, invoiceWithLines(client.id, items, { notes }));
    const pdf = (await pdfOf(owner, invoice.id)).rawPayload;
    if (process.env.INVOICE_PDF_DIR) await writeFile(`${process.env.INVOICE_PDF_DIR}/long-notes.pdf`, pdf);
    const pages = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`pagina ${pages.length} van ${pages.length}`);
    expect(pages.join("\n")).toContain("Afspraak 90:");
    for (const page of await textBoxes(pdf)) expect(overlaps(page)).toEqual([]);
  });

  it("wraps a long trade name and a long client name in their columns without overprinting", async () => {
    const seller = await t.signIn();
    const tradeName = `Ontwerpbureau ${"Lange Naam ".repeat(10)}Amsterdam B.V.`.slice(0, 120);
    expect(tradeName).toHaveLength(120);
    await createCompanyProfile(t.database.db, seller.user.id, { tradeName });
    const client = await createClientRecord(t.database.db, seller.user.id, {
      name: `Stichting ${"Heel Lange Klantnaam ".repeat(5)}Oudewater`,
    });
    const invoice = await issuedInvoice(seller, invoiceWithLines(client.id, ADVICE));
    const pdf = (await pdfOf(seller, invoice.id)).rawPayload;
    if (process.env.INVOICE_PDF_DIR) await writeFile(`${process.env.INVOICE_PDF_DIR}/long-names.pdf`, pdf);
    const [first] = await textBoxes(pdf);
    expect(overlaps(first!)).toEqual([]);
    const btwId = first!.find((box) => box.text.startsWith("Btw-id"))!;
    const nameLines = first!.filter((box) => tradeName.includes(box.text.trim()) && box.text.length > 10);
    expect(nameLines.length).toBeGreaterThan(1);
    // The name is above the btw-id and left of the title.
    const title = first!.find((box) => box.text === "FACTUUR")!;
    for (const line of nameLines) {
      expect(line.bottom).toBeGreaterThan(btwId.top);
      expect(line.right).toBeLessThan(title.left);
    }
    expect((await pdfText(pdf)).join("\n")).toContain(tradeName.split(" ").slice(-2).join(" "));
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
