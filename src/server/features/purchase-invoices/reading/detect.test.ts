import { describe, expect, it } from "vitest";
import { detectKind, isZip } from "./detect";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: Uint8Array[]) => {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
};
/** An ISO base media file type box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return concat(bytes(0, 0, 0, size), text("ftyp"), text(major), bytes(0, 0, 0, 0), ...compatible.map(text));
};

describe("detectKind", () => {
  it.each([
    ["a PDF", text("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "pdf"],
    ["a PDF behind a few bytes of junk", concat(text("\r\n\r\n"), text("%PDF-1.4\n")), "pdf"],
    ["an XML declaration", text('<?xml version="1.0" encoding="UTF-8"?><Invoice/>'), "xml"],
    [
      "XML after a UTF-8 byte-order mark and whitespace",
      concat(bytes(0xef, 0xbb, 0xbf), text("\n  <?xml version='1.0'?>")),
      "xml",
    ],
    ["XML without a declaration", text("<Invoice xmlns='urn:oasis'>"), "xml"],
    ["XML opening with a comment", text("<!-- UBL --><Invoice/>"), "xml"],
    [
      "UTF-16 XML",
      concat(bytes(0xff, 0xfe), new Uint8Array(Buffer.from("<?xml version='1.0'?>", "utf16le"))),
      "xml",
    ],
    ["a PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), "png"],
    ["a JPEG", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46), "jpeg"],
    ["a WebP", concat(text("RIFF"), bytes(1, 2, 3, 4), text("WEBPVP8 ")), "webp"],
    ["a little-endian TIFF", bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0), "tiff"],
    ["a big-endian TIFF", bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8), "tiff"],
    ["an iPhone HEIC", ftyp("heic", "mif1", "heic"), "heic"],
    ["a HEIF whose major brand is mif1", ftyp("mif1", "mif1", "heic"), "heic"],
    ["an AVIF (same container, not HEIC)", ftyp("avif", "mif1", "avif"), "unknown"],
    ["an MP4 video", ftyp("isom", "isom", "mp41"), "unknown"],
    ["a zip archive", concat(bytes(0x50, 0x4b, 0x03, 0x04), text("factuur.pdf")), "unknown"],
    ["a Windows program", concat(text("MZ"), bytes(0x90, 0, 3, 0)), "unknown"],
    ["plain text", text("Factuur 2026-0042\nTotaal € 121,00"), "unknown"],
    ["an HTML page", text("<!DOCTYPE html><html><body>Factuur</body></html>"), "unknown"],
    ["nothing", new Uint8Array(0), "unknown"],
    ["one byte", bytes(0x25), "unknown"],
  ])("%s -> %s", (_name, input, kind) => {
    expect(detectKind(input)).toBe(kind);
  });

  it("never looks at more than the header: a 10 MB file is answered at once", () => {
    const large = new Uint8Array(10 * 1024 * 1024);
    large.set(text("%PDF-1.7"));
    const started = performance.now();
    expect(detectKind(large)).toBe("pdf");
    expect(detectKind(new Uint8Array(10 * 1024 * 1024))).toBe("unknown");
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("tells a zip archive apart (also .docx and .xlsx)", () => {
    expect(isZip(bytes(0x50, 0x4b, 0x03, 0x04, 20, 0))).toBe(true);
    expect(isZip(text("%PDF-1.7"))).toBe(false);
  });
});
