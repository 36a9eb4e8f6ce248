import { writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_LAYOUTS, INVOICE_STYLE_MESSAGES } from "../../../shared/schemas/invoice-styles";
import { invoiceStyles } from "../../db/schema/index";
import { buildTestApp, type SignedIn, type TestApp } from "../../../../tests/app";
import { createClientRecord, createCompanyProfile } from "../../../../tests/factories";
import { issuedInvoice, ONE_LINE, ONE_LINE_TOTALS } from "../../../../tests/invoices";
import { pdfText } from "../../../../tests/pdf-text";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

const FOOTER = "Algemene voorwaarden op devries.nl/voorwaarden · KvK 87654321";

beforeAll(async () => {
  t = await buildTestApp();
  t.now.value = new Date("2026-11-20T10:00:00Z");
  owner = await t.signIn();
  stranger = await t.signIn();
  await createCompanyProfile(t.database.db, owner.user.id);
});
afterAll(() => t.close());

const putStyle = (as: SignedIn, payload: object) =>
  as.request({ method: "PUT", url: "/api/settings/invoice-style", payload });

async function pdfOf(as: SignedIn, invoiceId: string): Promise<Buffer> {
  const response = await as.request({ method: "GET", url: `/api/invoices/${invoiceId}/pdf` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.rawPayload;
}

/** Every RGB fill and stroke colour the PDF sets, as '#rrggbb'. */
async function colorsOf(pdf: Buffer): Promise<Set<string>> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const colors = new Set<string>();
  for (let number = 1; number <= document.numPages; number++) {
    const operators = await (await document.getPage(number)).getOperatorList();
    operators.fnArray.forEach((fn, index) => {
      if (fn === OPS.setFillRGBColor || fn === OPS.setStrokeRGBColor) {
        // pdfjs hands an RGB colour over as its three bytes.
        const bytes = Array.from(operators.argsArray[index] as ArrayLike<number>);
        colors.add(`#${bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("")}`);
      }
    });
  }
  await document.destroy();
  return colors;
}

async function adviceInvoice(as: SignedIn, items: object[] = ONE_LINE, totals: object = ONE_LINE_TOTALS) {
  const client = await createClientRecord(t.database.db, as.user.id);
  return issuedInvoice(as, {
    clientId: client.id,
    issueDate: "2026-11-20",
    dueDate: "2026-12-04",
    items,
    ...totals,
    status: "draft",
  });
}

describe("Settings → Factuuropmaak", () => {
  it("answers the standard look before anything is saved", async () => {
    const fresh = await t.signIn();
    const response = await fresh.request({ method: "GET", url: "/api/settings/invoice-style" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accentColor: null, pageFooter: null, layout: "classic" });
  });

  it("saves the colour in lower case and the footer trimmed; empty fields go back to the standard", async () => {
    const fresh = await t.signIn();
    const saved = await putStyle(fresh, { accentColor: " #1D4ED8 ", pageFooter: `  ${FOOTER}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ accentColor: "#1d4ed8", pageFooter: FOOTER, layout: "classic" });
    const read = await fresh.request({ method: "GET", url: "/api/settings/invoice-style" });
    expect(read.json()).toEqual({ accentColor: "#1d4ed8", pageFooter: FOOTER, layout: "classic" });

    const cleared = await putStyle(fresh, { accentColor: "", pageFooter: "   ", layout: "compact" });
    expect(cleared.json()).toEqual({ accentColor: null, pageFooter: null, layout: "compact" });
    const again = await fresh.request({ method: "GET", url: "/api/settings/invoice-style" });
    expect(again.json().layout).toBe("compact");
  });

  it("keeps each user's style to that user", async () => {
    const first = await t.signIn();
    const second = await t.signIn();
    await putStyle(first, { accentColor: "#aa0000", pageFooter: "Eerste", layout: "modern" });
    const other = await second.request({ method: "GET", url: "/api/settings/invoice-style" });
    expect(other.json()).toEqual({ accentColor: null, pageFooter: null, layout: "classic" });
  });

  it.each([
    [{ accentColor: "blauw" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: "#12345" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: "#1234567" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: "#gg0000" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: 123456 }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ pageFooter: "x".repeat(301) }, "pageFooter", INVOICE_STYLE_MESSAGES.pageFooterTooLong],
    [{ layout: "fancy" }, "layout", INVOICE_STYLE_MESSAGES.layoutInvalid],
    [{ layout: 2 }, "layout", INVOICE_STYLE_MESSAGES.layoutInvalid],
  ])("refuses %j with its message and changes nothing", async (payload, field, message) => {
    const fresh = await t.signIn();
    const response = await putStyle(fresh, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.database.db.$count(invoiceStyles, eq(invoiceStyles.userId, fresh.user.id))).toBe(0);
  });

  it("accepts a footer of exactly 300 characters", async () => {
    const fresh = await t.signIn();
    const response = await putStyle(fresh, { pageFooter: "x".repeat(300) });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe("the invoice PDF", () => {
  it("draws in black and grey without a style, and in the accent colour once one is saved", async () => {
    const invoice = await adviceInvoice(owner);
    const standard = await colorsOf(await pdfOf(owner, invoice.id));
    expect(standard.has("#1d4ed8")).toBe(false);

    expect((await putStyle(owner, { accentColor: "#1D4ED8", pageFooter: null })).statusCode).toBe(200);
    // Branding, like the logo: an invoice already sent shows the current colour.
    const styled = await colorsOf(await pdfOf(owner, invoice.id));
    expect(styled.has("#1d4ed8")).toBe(true);
  });

  it("prints the footer on every page of a long invoice, and not on another user's", async () => {
    expect((await putStyle(owner, { accentColor: null, pageFooter: FOOTER })).statusCode).toBe(200);
    const items = Array.from({ length: 60 }, (_, index) => ({
      description: `Werkzaamheden week ${index + 1}`,
      quantity: 1,
      unitPrice: 10,
      vatCategory: "21",
    }));
    const invoice = await adviceInvoice(owner, items, {
      subtotal: "600.00",
      taxAmount: "126.00",
      total: "726.00",
    });
    const pdf = await pdfOf(owner, invoice.id);
    // Set INVOICE_PDF_DIR to keep the file, to look at with pdftoppm.
    if (process.env.INVOICE_PDF_DIR) await writeFile(`${process.env.INVOICE_PDF_DIR}/styles-footer.pdf`, pdf);
    const pages = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(FOOTER);
    // The lines still all appear once: the footer's room is taken from the content, nothing is drawn under it.
    const text = pages.join("\n");
    for (const item of items) {
      expect(text.match(new RegExp(`${item.description}(?!\\d)`, "g")), item.description).toHaveLength(1);
    }

    await createCompanyProfile(t.database.db, stranger.user.id);
    const theirs = await adviceInvoice(stranger);
    expect((await pdfText(await pdfOf(stranger, theirs.id))).join("\n")).not.toContain(FOOTER);
  });
});

/** Every colour the PDF draws images with: the QR code is the one image of an invoice without a logo. */
async function imageCount(pdf: Buffer): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let count = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const operators = await (await document.getPage(number)).getOperatorList();
    count += operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
  }
  await document.destroy();
  return count;
}

describe("the layouts", () => {
  it.each(INVOICE_LAYOUTS)(
    "%s keeps every field an invoice needs, the QR code and the footer, on invoice, credit note and quote",
    async (layout) => {
      const user = await t.signIn();
      await createCompanyProfile(t.database.db, user.user.id);
      expect((await putStyle(user, { accentColor: "#0f766e", pageFooter: FOOTER, layout })).statusCode).toBe(
        200,
      );
      const invoice = await adviceInvoice(user);
      const pdf = await pdfOf(user, invoice.id);
      if (process.env.INVOICE_PDF_DIR)
        await writeFile(`${process.env.INVOICE_PDF_DIR}/layout-${layout}.pdf`, pdf);
      const text = (await pdfText(pdf)).join("\n");
      // Art. 35a Wet OB: number, dates, both parties, VAT ids, the supply, amounts per rate, the totals.
      for (const expected of [
        "FACTUUR",
        invoice.invoiceNumber!,
        "Factuurdatum",
        "20-11-2026",
        "Vervaldatum",
        "04-12-2026",
        "De Vries Ontwerp",
        "KvK 8765 4321",
        "Btw-id NL 000.099.998.B57",
        "Bakkerij De Korenschoof",
        "Advies",
        "Subtotaal (excl. btw)",
        "Btw 21%",
        "€ 1.210,00",
        "NL91 ABNA 0417 1643 00",
        "Scan met je bankapp om te betalen",
        FOOTER,
        "pagina 1 van 1",
      ])
        expect(text, `${layout}: ${expected}`).toContain(expected);
      expect(await imageCount(pdf), "the EPC QR code").toBe(1);
      const colors = await colorsOf(pdf);
      expect(colors.has("#0f766e")).toBe(true);

      const credit = await user.request({
        method: "POST",
        url: `/api/invoices/${invoice.id}/credit`,
        payload: { reason: "Vergissing" },
      });
      expect(credit.statusCode, credit.body).toBe(201);
      const creditText = (await pdfText(await pdfOf(user, credit.json().id))).join("\n");
      for (const expected of [
        "CREDITNOTA",
        "Creditnota bij factuur",
        invoice.invoiceNumber!,
        "KvK 8765 4321",
        FOOTER,
      ])
        expect(creditText, `${layout} credit note: ${expected}`).toContain(expected);

      const client = await createClientRecord(t.database.db, user.user.id);
      const quote = await user.request({
        method: "POST",
        url: "/api/quotes",
        payload: { clientId: client.id, issueDate: "2026-11-20", items: ONE_LINE },
      });
      expect(quote.statusCode, quote.body).toBe(201);
      const quotePdf = await user.request({ method: "GET", url: `/api/quotes/${quote.json().id}/pdf` });
      expect(quotePdf.statusCode).toBe(200);
      const quoteText = (await pdfText(quotePdf.rawPayload)).join("\n");
      for (const expected of ["OFFERTE", "Geldig tot en met", "€ 1.210,00", FOOTER])
        expect(quoteText, `${layout} quote: ${expected}`).toContain(expected);
    },
  );

  it("draws Modern's band and Compact's smaller text, and Klassiek as before", async () => {
    const user = await t.signIn();
    await createCompanyProfile(t.database.db, user.user.id);
    const invoice = await adviceInvoice(user);
    const heights: Record<string, number> = {};
    for (const layout of INVOICE_LAYOUTS) {
      await putStyle(user, { layout });
      const pdf = await pdfOf(user, invoice.id);
      const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
      const content = await (await document.getPage(1)).getTextContent();
      const title = content.items.find((item) => "str" in item && item.str === "FACTUUR") as
        { height: number } | undefined;
      heights[layout] = title!.height;
      if (layout === "modern") expect((await colorsOf(pdf)).has("#1f2937")).toBe(true);
      else expect((await colorsOf(pdf)).has("#1f2937")).toBe(false);
      await document.destroy();
    }
    expect(heights.compact).toBeLessThan(heights.classic!);
    expect(heights.modern).toBe(heights.classic);
  });
});
