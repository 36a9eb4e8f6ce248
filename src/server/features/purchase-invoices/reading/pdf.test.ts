import { readFileSync } from "node:fs";
import { loadImage, createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import {
  DUTCH_INVOICE,
  dutchInvoicePdf,
  facturXPdf,
  makePdf,
  passwordPdf,
  scannedPdf,
} from "./fixtures/pdfs";
import { READ_WARNINGS } from "./messages";
import { readPdf } from "./pdf";
import type { ReadFields, TextRecognizer } from "./types";

const fixture = (path: string) => readFileSync(new URL(`./fixtures/${path}`, import.meta.url));

function valuesOf(fields: ReadFields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.value]));
}

describe("readPdf: the text layer", () => {
  it("reads a Dutch invoice laid out in columns", async () => {
    const result = await readPdf(await dutchInvoicePdf());
    expect(result.method).toBe("pdf_text");
    expect(result.warnings).toEqual([]);
    expect(valuesOf(result.fields)).toMatchObject(DUTCH_INVOICE);
    expect(result.fields.supplierCountry?.value).toBe("NL");
    expect(result.fields.currency?.value).toBe("EUR");
    for (const field of Object.values(result.fields)) {
      expect(field.source).toBe("pdf_text");
      expect(field.confidence).toBeGreaterThan(0.5);
      expect(field.confidence).toBeLessThan(1);
    }
    // Lines are rebuilt from positions, columns kept apart.
    expect(result.text).toContain("Factuurnummer   Factuurdatum   Vervaldatum");
    expect(result.text).toContain("Totaal te betalen   € 599,00");
  });

  it("reads no further than the first five pages", async () => {
    const pdf = await makePdf((document) => {
      document.text("Drukkerij Van Dam V.O.F.", 50, 50).text("Totaal € 121,00", 50, 80);
      for (let page = 2; page <= 8; page++) document.addPage().text(`Bijlage pagina ${page}`, 50, 50);
    });
    const result = await readPdf(pdf);
    expect(result.fields.totalCents?.value).toBe(12100);
    expect(result.text).toContain("Bijlage pagina 5");
    expect(result.text).not.toContain("Bijlage pagina 6");
  });

  it("keeps the caller's bytes intact", async () => {
    const pdf = await dutchInvoicePdf();
    const copy = pdf.slice();
    await readPdf(pdf);
    expect(pdf).toEqual(copy);
  });
});

describe("readPdf: an attached e-invoice", () => {
  const ciiXml = fixture("xml/cii-factur-x.xml").toString("utf8");

  it("prefers factur-x.xml over the text: exact fields", async () => {
    const result = await readPdf(await facturXPdf(ciiXml, "Factuur FX-2026-0310   Totaal € 1,00"));
    expect(result.method).toBe("e_invoice");
    expect(result.text).toBeNull();
    expect(valuesOf(result.fields)).toMatchObject({
      supplierName: "Koffiebranderij Het Boontje B.V.",
      invoiceNumber: "FX-2026-0310",
      invoiceDate: "2026-03-10",
      dueDate: "2026-03-24",
      totalCents: 31480,
      supplierIban: "NL44RABO0123456789",
    });
    for (const field of Object.values(result.fields))
      expect(field).toMatchObject({ source: "e_invoice", confidence: 1 });
  });

  it("completes a minimal XML (no VAT breakdown, no IBAN) from the PDF's text", async () => {
    const minimal = ciiXml
      .replace(
        /<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*?<\/ram:SpecifiedTradeSettlementPaymentMeans>/,
        "",
      )
      .replace(/<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>[\s\S]*?<\/ram:ApplicableTradeTax>/g, "");
    const result = await readPdf(await facturXPdf(minimal, "Betaal op IBAN NL44 RABO 0123 4567 89"));
    expect(result.method).toBe("e_invoice");
    expect(result.fields.totalCents).toMatchObject({ value: 31480, source: "e_invoice" });
    expect(result.fields.supplierIban).toMatchObject({ value: "NL44RABO0123456789", source: "pdf_text" });
    expect(result.fields.vatLines).toBeUndefined();
    expect(result.text).toContain("NL44 RABO");
  });

  it("reads any attached UBL invoice, and ignores an attached XML that is none", async () => {
    const ubl = fixture("xml/peppol-nl-21-9.xml");
    const pdf = await makePdf((document) => {
      document.text("Factuur 2026-0042", 50, 50);
      document.file(Buffer.from("<?xml version='1.0'?><Order/>"), { name: "order.xml" });
      document.file(ubl, { name: "2026-0042.xml" });
    });
    const result = await readPdf(pdf);
    expect(result.method).toBe("e_invoice");
    expect(result.fields.totalCents?.value).toBe(17550);
  });

  it("reads the official Factur-X EN 16931 sample PDF (akretion/factur-x)", async () => {
    const result = await readPdf(new Uint8Array(fixture("official/factur-x-en16931.pdf")));
    expect(result.method).toBe("e_invoice");
    expect(valuesOf(result.fields)).toMatchObject({
      supplierName: "LE FOURNISSEUR",
      supplierVatNumber: "FR11123456782",
      supplierCountry: "FR",
      invoiceNumber: "F20260023",
      invoiceDate: "2026-01-31",
      dueDate: "2026-03-02",
      paymentReference: "F20260023BUYER",
      totalCents: 10490,
      vatLines: [
        { ratePercent: 20, baseCents: 1100, vatCents: 220 },
        { ratePercent: 10, baseCents: 2700, vatCents: 270 },
        // Exempt (E, 60.00) and intra-community (K, 2.00) at 0%.
        { ratePercent: 0, baseCents: 6200, vatCents: 0 },
      ],
      // A K (intra-community) line: the buyer declares that part.
      reverseCharge: true,
      currency: "EUR",
    });
    // The sample's IBAN fails its checksum, in the XML and on the page alike: left for the user.
    expect(result.fields.supplierIban).toBeUndefined();
  });
});

describe("readPdf: a scan", () => {
  it("renders the first page at 300 dpi as PNG and reads it with text recognition", async () => {
    const seen: Array<{ width: number; height: number; darkPixels: number }> = [];
    const progress: number[] = [];
    const recognize: TextRecognizer = async (image, onProgress) => {
      const picture = await loadImage(Buffer.from(image));
      const canvas = createCanvas(picture.width, picture.height);
      const context = canvas.getContext("2d");
      context.drawImage(picture, 0, 0);
      const { data } = context.getImageData(0, 0, picture.width, picture.height);
      let darkPixels = 0;
      for (let index = 0; index < data.length; index += 4) if (data[index]! < 128) darkPixels++;
      seen.push({ width: picture.width, height: picture.height, darkPixels });
      onProgress?.(0.5);
      onProgress?.(1);
      return {
        text: "Garage Bakker V.O.F.\nFactuurdatum 02-03-2026\nTotaal te betalen EUR 242,00",
        confidence: 0.9,
      };
    };
    const result = await readPdf(await scannedPdf(), { recognize, onProgress: (p) => progress.push(p) });

    expect(seen).toHaveLength(1);
    // A4 is 8.27 x 11.69 inch.
    expect(seen[0]!.width).toBeGreaterThanOrEqual(2480);
    expect(seen[0]!.width).toBeLessThanOrEqual(2482);
    expect(seen[0]!.height).toBeGreaterThanOrEqual(3507);
    expect(seen[0]!.darkPixels).toBeGreaterThan(1000);
    expect(progress).toEqual([0.5, 1]);
    expect(result.method).toBe("ocr");
    expect(result.text).toContain("Garage Bakker V.O.F.");
    expect(valuesOf(result.fields)).toMatchObject({
      supplierName: "Garage Bakker V.O.F.",
      invoiceDate: "2026-03-02",
      totalCents: 24200,
    });
    expect(result.fields.totalCents!.source).toBe("ocr");
    expect(result.fields.totalCents!.confidence).toBeLessThan(0.9);
  });

  it("without text recognition: a warning", async () => {
    const result = await readPdf(await scannedPdf());
    expect(result).toEqual({
      method: "none",
      fields: {},
      text: null,
      warnings: [READ_WARNINGS.scanWithoutRecognition],
    });
  });

  it("when recognition fails or finds nothing: a warning, no exception", async () => {
    const failing: TextRecognizer = async () => {
      throw new Error("worker crashed");
    };
    expect((await readPdf(await scannedPdf(), { recognize: failing })).warnings).toEqual([
      READ_WARNINGS.recognitionFailed,
    ]);
    const blank: TextRecognizer = async () => ({ text: "  \n", confidence: 0 });
    expect((await readPdf(await scannedPdf(), { recognize: blank })).warnings).toEqual([
      READ_WARNINGS.noTextRecognised,
    ]);
  });
});

describe("readPdf: what cannot be read", () => {
  it("a password-protected PDF", async () => {
    expect(await readPdf(await passwordPdf())).toEqual({
      method: "none",
      fields: {},
      text: null,
      warnings: [
        "Deze pdf is beveiligd met een wachtwoord. Het origineel is bewaard; vul de gegevens zelf in.",
      ],
    });
  });

  it.each([
    ["cut off halfway", (pdf: Uint8Array) => pdf.slice(0, Math.floor(pdf.length / 2))],
    ["only its header", (pdf: Uint8Array) => pdf.slice(0, 400)],
    [
      "its body overwritten",
      (pdf: Uint8Array) => new Uint8Array([...pdf.slice(0, 9), ...new Uint8Array(pdf.length - 9).fill(0x20)]),
    ],
  ])("a PDF %s", async (_name, damage) => {
    const result = await readPdf(damage(await dutchInvoicePdf()));
    expect(result.method).toBe("none");
    expect(result.warnings).toEqual([
      "Deze pdf is beschadigd en kan niet gelezen worden. Het origineel is bewaard; vul de gegevens zelf in.",
    ]);
  });
});
