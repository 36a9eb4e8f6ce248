/**
 * What kind of file a purchase document is, from its first bytes. A file name or a browser's content type is what
 * the sender claims; the magic number is what the file is.
 */
import type { DocumentKind } from "./types";

/** How far a PDF header may sit from the start: readers accept leading junk within the first kilobyte. */
const PDF_HEADER_WINDOW = 1024;
/** Enough of a text file to see past a byte-order mark, leading whitespace and an XML declaration. */
const XML_SNIFF_BYTES = 512;

/** ISO/IEC 23008-12 brands of HEIF images as phones write them (AVIF shares the container but is not HEIC). */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

export function detectKind(bytes: Uint8Array): DocumentKind {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return "tiff";
  if (isHeif(bytes)) return "heic";
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (isXml(bytes)) return "xml";
  if (indexOfAscii(bytes, "%PDF-", PDF_HEADER_WINDOW) >= 0) return "pdf";
  return "unknown";
}

/** A zip archive (also .docx, .xlsx, .odt): worth its own message, since people zip several invoices together. */
export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
}

function isHeif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = Math.min(readUint32(bytes, 0), bytes.length, 256);
  const major = ascii(bytes, 8, 12);
  if (major === "avif" || major === "avis") return false;
  if (HEIF_BRANDS.has(major)) return true;
  // Compatible brands follow the major brand and its minor version, four bytes each.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (HEIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return true;
  }
  return false;
}

/** Markup that starts like an XML document (after a BOM and whitespace), but not an HTML page. */
function isXml(bytes: Uint8Array): boolean {
  const head = decodeHead(bytes.subarray(0, XML_SNIFF_BYTES)).trimStart();
  if (!head.startsWith("<")) return false;
  if (/^<(!doctype\s+html|html[\s>])/i.test(head)) return false;
  return /^<(\?xml[\s?]|!--|!DOCTYPE\s|[A-Za-z_])/.test(head);
}

/** The start of a text file as text, honouring a UTF-8 or UTF-16 byte-order mark. */
function decodeHead(head: Uint8Array): string {
  if (startsWith(head, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(head.subarray(2));
  if (startsWith(head, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(head.subarray(2));
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return new TextDecoder().decode(head.subarray(3));
  return new TextDecoder().decode(head);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  if (bytes.length < end) return "";
  return String.fromCharCode(...bytes.subarray(start, end));
}

function readUint32(bytes: Uint8Array, offset: number): number {
  if (bytes.length < offset + 4) return 0;
  return (
    ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>>
    0
  );
}

function indexOfAscii(bytes: Uint8Array, needle: string, window: number): number {
  const limit = Math.min(bytes.length, window) - needle.length;
  outer: for (let start = 0; start <= limit; start++) {
    for (let index = 0; index < needle.length; index++) {
      if (bytes[start + index] !== needle.charCodeAt(index)) continue outer;
    }
    return start;
  }
  return -1;
}
