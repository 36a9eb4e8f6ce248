import { writeFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STYLE_MESSAGES } from "../../../shared/schemas/invoice-styles";
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
    expect(response.json()).toEqual({ accentColor: null, pageFooter: null });
  });

  it("saves the colour in lower case and the footer trimmed; empty fields go back to the standard", async () => {
    const fresh = await t.signIn();
    const saved = await putStyle(fresh, { accentColor: " #1D4ED8 ", pageFooter: `  ${FOOTER}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ accentColor: "#1d4ed8", pageFooter: FOOTER });
    const read = await fresh.request({ method: "GET", url: "/api/settings/invoice-style" });
    expect(read.json()).toEqual({ accentColor: "#1d4ed8", pageFooter: FOOTER });

    const cleared = await putStyle(fresh, { accentColor: "", pageFooter: "   " });
    expect(cleared.json()).toEqual({ accentColor: null, pageFooter: null });
  });

  it("keeps each user's style to that user", async () => {
    const first = await t.signIn();
    const second = await t.signIn();
    await putStyle(first, { accentColor: "#aa0000", pageFooter: "Eerste" });
    const other = await second.request({ method: "GET", url: "/api/settings/invoice-style" });
    expect(other.json()).toEqual({ accentColor: null, pageFooter: null });
  });

  it.each([
    [{ accentColor: "blauw" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: "#12345" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: "#1234567" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: "#gg0000" }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ accentColor: 123456 }, "accentColor", INVOICE_STYLE_MESSAGES.accentColorInvalid],
    [{ pageFooter: "x".repeat(301) }, "pageFooter", INVOICE_STYLE_MESSAGES.pageFooterTooLong],
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
