import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dutchInvoicePdf, passwordPdf, receiptPhoto } from "./fixtures/pdfs";
import { READ_WARNINGS } from "./messages";
import { MAX_READ_BYTES, readDocument } from "./read-document";
import type { TextRecognizer } from "./types";

const fixture = (path: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${path}`, import.meta.url)));
const text = (value: string) => new TextEncoder().encode(value);
const unreadable = (warning: string) => ({ method: "none", fields: {}, text: null, warnings: [warning] });

const supermarketText = readFileSync(new URL("./fixtures/text/supermarket.txt", import.meta.url), "utf8");

describe("readDocument dispatches on the bytes", () => {
  it("an e-invoice, after a byte-order mark and blank lines", async () => {
    const xml = new Uint8Array([0xef, 0xbb, 0xbf, ...text("\n\n  "), ...fixture("xml/peppol-nl-21-9.xml")]);
    const result = await readDocument(xml);
    expect(result.method).toBe("e_invoice");
    expect(result.warnings).toEqual([]);
    expect(result.text).toBeNull();
    expect(result.fields.totalCents).toEqual({ value: 17550, source: "e_invoice", confidence: 1 });
  });

  it("a text PDF", async () => {
    const result = await readDocument(await dutchInvoicePdf());
    expect(result.method).toBe("pdf_text");
    expect(result.fields.totalCents?.value).toBe(59900);
  });

  it("a photo: recognised text, with the recogniser's confidence (0–100 read as 0–1) and its progress", async () => {
    const images: Uint8Array[] = [];
    const progress: number[] = [];
    const recognize: TextRecognizer = async (image, onProgress) => {
      images.push(image);
      onProgress?.(0.4);
      return { text: supermarketText, confidence: 87 };
    };
    const photo = receiptPhoto();
    const result = await readDocument(photo, { recognize, onProgress: (p) => progress.push(p) });
    expect(images).toEqual([photo]);
    expect(progress).toEqual([0.4, 1]);
    expect(result.method).toBe("ocr");
    expect(result.text).toBe(supermarketText.trim());
    expect(result.fields.totalCents?.value).toBe(1245);
    expect(result.fields.totalCents?.source).toBe("ocr");
    expect(result.fields.totalCents?.confidence).toBeLessThanOrEqual(0.87);
    expect(result.fields.totalCents?.confidence).toBeGreaterThan(0.4);
  });

  it.each([
    ["PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ["WebP", receiptPhoto("image/webp")],
    ["TIFF", new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
  ])("a %s photo goes to text recognition too", async (_name, image) => {
    let calls = 0;
    const recognize: TextRecognizer = async () => {
      calls++;
      return { text: "TOTAAL 12,50", confidence: 0.8 };
    };
    expect((await readDocument(image, { recognize })).fields.totalCents?.value).toBe(1250);
    expect(calls).toBe(1);
  });
});

describe("readDocument explains what it cannot read", () => {
  it.each([
    ["a photo without text recognition", () => receiptPhoto(), READ_WARNINGS.imageWithoutRecognition],
    [
      "an iPhone HEIC photo",
      () => new Uint8Array([0, 0, 0, 0x18, ...text("ftypheic"), 0, 0, 0, 0, ...text("mif1heic")]),
      "Foto's in HEIC-formaat kunnen nog niet gelezen worden. Stuur de foto als JPG of PDF (op een iPhone: Instellingen > Camera > Formaten > Meest compatibel). Het origineel is bewaard; vul de gegevens zelf in.",
    ],
    [
      "a zip archive",
      () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...text("factuur.pdf")]),
      "Dit is een zip-bestand. Pak het uit en upload de facturen zelf (pdf, XML of foto).",
    ],
    [
      "a Windows program",
      () => new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
      "Dit bestand is geen pdf, e-factuur (XML) of foto en kan niet gelezen worden. Het origineel is bewaard; vul de gegevens zelf in.",
    ],
    ["an empty file", () => new Uint8Array(0), READ_WARNINGS.unknown],
    [
      "XML that is no invoice",
      () => text('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'),
      "Dit XML-bestand is geen e-factuur (UBL of CII) en kan niet gelezen worden. Het origineel is bewaard; vul de gegevens zelf in.",
    ],
    [
      "broken XML",
      () => text("<?xml version='1.0'?><Invoice><cbc:ID>1</Invoice>"),
      "Dit XML-bestand is beschadigd en kan niet gelezen worden. Het origineel is bewaard; vul de gegevens zelf in.",
    ],
  ])("%s", async (_name, bytes, warning) => {
    expect(await readDocument(bytes())).toEqual(unreadable(warning));
  });

  it("a protected PDF", async () => {
    expect(await readDocument(await passwordPdf())).toEqual(unreadable(READ_WARNINGS.pdfPassword));
  });

  it("a photo whose recognition fails, or finds no text", async () => {
    const failing: TextRecognizer = async () => {
      throw new Error("out of memory");
    };
    expect(await readDocument(receiptPhoto(), { recognize: failing })).toEqual(
      unreadable(
        "De tekst van deze scan of foto kon niet herkend worden. Het origineel is bewaard; vul de gegevens zelf in.",
      ),
    );
    const blank: TextRecognizer = async () => ({ text: "", confidence: 0 });
    expect(await readDocument(receiptPhoto(), { recognize: blank })).toEqual(
      unreadable(
        "Op deze scan of foto is geen tekst herkend. Het origineel is bewaard; vul de gegevens zelf in of maak een scherpere foto.",
      ),
    );
  });

  it("a photo of something that is no invoice", async () => {
    const recognize: TextRecognizer = async () => ({ text: "Fijne vakantie gehad!", confidence: 0.9 });
    const result = await readDocument(receiptPhoto(), { recognize });
    expect(result.method).toBe("ocr");
    expect(result.warnings).toEqual([
      "In dit document zijn geen factuurgegevens gevonden. Vul de gegevens zelf in.",
    ]);
  });

  it("an invoice in another currency than the euro", async () => {
    const xml = readFileSync(new URL("./fixtures/xml/peppol-nl-21-9.xml", import.meta.url), "utf8").replace(
      "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>",
      "<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>",
    );
    const result = await readDocument(text(xml));
    expect(result.fields.currency?.value).toBe("USD");
    expect(result.warnings).toEqual([
      "Deze factuur is in USD; Balans boekt alleen in euro's. Reken de bedragen om naar euro's.",
    ]);
  });

  it("a file too large to be an invoice, refused without reading it", async () => {
    const large = new Uint8Array(MAX_READ_BYTES + 1);
    large.set(text("%PDF-1.7"));
    const started = performance.now();
    expect(await readDocument(large)).toEqual(
      unreadable("Dit bestand is te groot om te lezen. Het origineel is bewaard; vul de gegevens zelf in."),
    );
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("readDocument never throws on content", () => {
  it("random bytes, random text and damaged PDFs all give a result", async () => {
    const pdf = await dutchInvoicePdf();
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }),
      fc.string({ maxLength: 500 }).map((value) => text(`<?xml version="1.0"?>${value}`)),
      fc.string({ maxLength: 500 }).map((value) => text(`%PDF-1.7\n${value}`)),
      fc.integer({ min: 0, max: pdf.length }).map((cut) => pdf.slice(0, cut)),
      fc
        .tuple(fc.integer({ min: 0, max: pdf.length - 1 }), fc.integer({ min: 0, max: 255 }))
        .map(([at, value]) => {
          const damaged = pdf.slice();
          damaged[at] = value;
          return damaged;
        }),
    );
    await fc.assert(
      fc.asyncProperty(inputs, async (bytes) => {
        const result = await readDocument(bytes);
        expect(["e_invoice", "pdf_text", "ocr", "none"]).toContain(result.method);
        expect(Array.isArray(result.warnings)).toBe(true);
      }),
      { numRuns: 60, seed: 20260312 },
    );
  });
});
