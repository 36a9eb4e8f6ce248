/**
 * Raster logos, read safely: the size is taken from the file's header before anything is decoded, so a file of
 * a few bytes that claims 100000 × 100000 pixels is refused before any memory is set aside for it; the pixels are
 * then decoded, scaled and written as a new PNG by resvg (Rust decoders, run on libuv's thread pool, so a large
 * image does not hold up other requests). An opaque result is written without an alpha channel, which pdfkit
 * embeds as it is; only a logo with transparency is decoded again when a PDF is drawn.
 */
import { crc32, deflateSync } from "node:zlib";
import { renderAsync } from "@resvg/resvg-js";
import {
  LOGO_DIMENSIONS_MESSAGE,
  LOGO_MAX_SIDE_PX,
  LOGO_UNREADABLE_MESSAGE,
} from "../../../shared/schemas/settings";
import { AppError } from "../../errors";

/** Longest side of a stored logo: sharp in the 160×60 pt slot of the PDF, small in the database. */
const LOGO_STORED_SIDE_PX = 800;

export type RasterHeader = {
  format: "png" | "jpeg";
  /** As encoded in the file. */
  width: number;
  height: number;
  /** EXIF orientation (1-8) of a JPEG: how the encoded pixels are turned for display. */
  orientation: number;
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Every refusal of a logo is shown under the logo field. */
export const refuseLogo = (message: string, statusCode = 400, cause?: unknown) =>
  new AppError(statusCode, message, { fieldErrors: { logo: message }, cause });

export const unreadableLogo = () => refuseLogo(LOGO_UNREADABLE_MESSAGE);

const isPng = (data: Buffer) => data.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (data: Buffer) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

/**
 * The format and size a PNG or JPEG declares, without decoding it; null for other files, an error when the header
 * is broken or the image is larger than a logo may be.
 */
export function readRasterHeader(data: Buffer): RasterHeader | null {
  const header = isPng(data) ? readPngHeader(data) : isJpeg(data) ? readJpegHeader(data) : null;
  if (!header) return null;
  if (!(header.width > 0 && header.height > 0)) throw unreadableLogo();
  if (header.width > LOGO_MAX_SIDE_PX || header.height > LOGO_MAX_SIDE_PX) {
    throw refuseLogo(LOGO_DIMENSIONS_MESSAGE);
  }
  // Each scan of a progressive JPEG passes over the whole image again: a few bytes per scan could make a small
  // file cost minutes of decoding. Encoders write about ten.
  if (header.format === "jpeg" && countJpegScans(data) > MAX_JPEG_SCANS) throw unreadableLogo();
  return header;
}

/** PNG: the IHDR chunk must come first, right after the signature (ISO/IEC 15948, 5.6). */
function readPngHeader(data: Buffer): RasterHeader {
  if (data.length < 33 || data.readUInt32BE(8) !== 13 || data.toString("latin1", 12, 16) !== "IHDR") {
    throw unreadableLogo();
  }
  return { format: "png", width: data.readUInt32BE(16), height: data.readUInt32BE(20), orientation: 1 };
}

/** Start-of-frame markers, which carry the size: SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments up to the first frame header (ITU T.81, B.2), noting an EXIF orientation. */
function readJpegHeader(data: Buffer): RasterHeader {
  let orientation = 1;
  let position = 2;
  while (position + 4 <= data.length) {
    if (data[position] !== 0xff) throw unreadableLogo();
    const marker = data[position + 1]!;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    position += 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue; // markers without a segment
    // Image data or the end before any frame header: there is no size to read.
    if (marker === 0xda || marker === 0xd9) break;
    const length = data.readUInt16BE(position);
    if (length < 2 || position + length > data.length) break;
    const segment = data.subarray(position + 2, position + length);
    if (isStartOfFrame(marker)) {
      if (segment.length < 5) break;
      // A height of 0 is defined later in the scan (DNL): not known before decoding, so not accepted.
      return { format: "jpeg", height: segment.readUInt16BE(1), width: segment.readUInt16BE(3), orientation };
    }
    if (marker === 0xe1) orientation = exifOrientation(segment) ?? orientation;
    position += length;
  }
  throw unreadableLogo();
}

const MAX_JPEG_SCANS = 64;

/** The start-of-scan markers in a JPEG: segments are skipped by their length, entropy-coded data byte by byte. */
function countJpegScans(data: Buffer): number {
  let scans = 0;
  let position = 2;
  while (position + 4 <= data.length) {
    const marker = data[position + 1]!;
    // Inside entropy-coded data: a stuffed zero, a restart marker, a fill byte, or no marker at all.
    if (data[position] !== 0xff || marker === 0x00 || marker === 0xff || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 1;
      continue;
    }
    if (marker === 0xd9) break;
    if (marker === 0xda) scans += 1;
    position += marker === 0x01 || marker === 0xd8 ? 2 : 2 + data.readUInt16BE(position + 2);
  }
  return scans;
}

/** Tag 0x0112 of the first image file directory of an APP1 Exif segment (Exif 2.3, 4.6.4); null if absent. */
function exifOrientation(segment: Buffer): number | null {
  if (segment.length < 14 || segment.toString("latin1", 0, 6) !== "Exif\0\0") return null;
  const tiff = segment.subarray(6);
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const u16 = (at: number) => (order === "II" ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === "II" ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const directory = u32(4);
  if (directory + 2 > tiff.length) return null;
  const count = u16(directory);
  for (let index = 0; index < count; index++) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/**
 * The transform that draws the encoded pixels (width × height) upright, per EXIF orientation; orientations 5-8
 * turn the image a quarter, so width and height swap for display.
 */
function orientationTransform({ width: w, height: h, orientation }: RasterHeader): string | null {
  switch (orientation) {
    case 2:
      return `matrix(-1 0 0 1 ${w} 0)`;
    case 3:
      return `matrix(-1 0 0 -1 ${w} ${h})`;
    case 4:
      return `matrix(1 0 0 -1 0 ${h})`;
    case 5:
      return "matrix(0 1 1 0 0 0)";
    case 6:
      return `matrix(0 1 -1 0 ${h} 0)`;
    case 7:
      return `matrix(0 -1 -1 0 ${h} ${w})`;
    case 8:
      return `matrix(0 -1 1 0 0 ${w})`;
    default:
      return null;
  }
}

/**
 * Decodes a PNG or JPEG whose header was read (and so bounded) and returns it as a new PNG: upright, at most
 * 800 px on its longer side, never enlarged. Refused when it cannot be decoded.
 */
export async function reencodeRaster(data: Buffer, header: RasterHeader): Promise<Buffer> {
  const isTurned = header.orientation >= 5;
  const width = isTurned ? header.height : header.width;
  const height = isTurned ? header.width : header.height;
  const transform = orientationTransform(header);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${header.width}" height="${header.height}" preserveAspectRatio="none"` +
    `${transform ? ` transform="${transform}"` : ""} href="data:image/${header.format};base64,${data.toString("base64")}"/>` +
    "</svg>";
  return renderLogo(svg, { width, height }, { canEnlarge: false, hasText: false });
}

/**
 * Renders an SVG to PNG with its longer side at `LOGO_STORED_SIDE_PX`, or at its own size when smaller and it may
 * not be enlarged. resvg leaves out an image it cannot decode, so a picture without a single visible pixel means
 * the file could not be read (or shows nothing, which is no logo either).
 */
export async function renderLogo(
  svg: string,
  size: { width: number; height: number },
  options: { canEnlarge: boolean; hasText: boolean },
): Promise<Buffer> {
  const fitTo =
    Math.max(size.width, size.height) <= LOGO_STORED_SIDE_PX && !options.canEnlarge
      ? ({ mode: "original" } as const)
      : size.width >= size.height
        ? ({ mode: "width", value: LOGO_STORED_SIDE_PX } as const)
        : ({ mode: "height", value: LOGO_STORED_SIDE_PX } as const);
  const rendered = await renderAsync(svg, {
    fitTo,
    logLevel: "off",
    // Text in an SVG logo needs the fonts; a wrapped PNG or JPEG has none, and loading them takes time.
    font: { loadSystemFonts: options.hasText },
  });
  const rgba = rendered.pixels;
  let isVisible = false;
  let isOpaque = true;
  for (let alpha = 3; alpha < rgba.length && (isOpaque || !isVisible); alpha += 4) {
    if (rgba[alpha] !== 0) isVisible = true;
    if (rgba[alpha] !== 255) isOpaque = false;
  }
  if (!isVisible) throw unreadableLogo();
  return isOpaque ? encodeRgbPng(rgba, rendered.width, rendered.height) : rendered.asPng();
}

/** An opaque RGBA bitmap as an 8-bit RGB PNG (colour type 2, ISO/IEC 15948). */
function encodeRgbPng(rgba: Buffer, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    rows[y * stride] = 2; // filter "Up": each byte less the one above it, so flat areas become runs of zeros
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        const at = (y * width + x) * 4 + channel;
        const above = y > 0 ? rgba[at - width * 4]! : 0;
        rows[y * stride + 1 + x * 3 + channel] = (rgba[at]! - above) & 0xff;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB; compression, filter method and interlace stay 0
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, "latin1");
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}
