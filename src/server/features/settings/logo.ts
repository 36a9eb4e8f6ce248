import { Resvg } from "@resvg/resvg-js";
import PDFDocument from "pdfkit";
import {
  LOGO_MAX_BYTES,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LOGO_UNREADABLE_MESSAGE,
} from "../../../shared/schemas/settings";
import { readRasterHeader, reencodeRaster, refuseLogo, renderLogo, unreadableLogo } from "./logo-image";

/** What the database holds; logos stored before uploads were re-encoded may still be JPEG. */
export type StoredLogo = { data: Buffer; contentType: "image/png" | "image/jpeg" };

/**
 * Checks an uploaded logo and returns what is stored: always a PNG drawn here, never the uploaded bytes. The
 * declared content type is not trusted: PNG and JPEG are recognised by their magic bytes, their size is read from
 * the header and bounded before they are decoded, and they are re-encoded upright at most 800 px wide or high. An
 * SVG is rasterised, so no script, style or link in it ever reaches a browser or the PDF.
 */
export async function prepareLogo(body: Buffer, declaredType: string | undefined): Promise<StoredLogo> {
  if (body.length > LOGO_MAX_BYTES) throw refuseLogo(LOGO_SIZE_MESSAGE, 413);
  if (body.length === 0) throw refuseLogo(LOGO_TYPE_MESSAGE, 415);
  const type = (declaredType ?? "").split(";")[0]!.trim().toLowerCase();
  const header = readRasterHeader(body);
  if (header) return readable(await reencodeRaster(body, header));
  if (type === "image/svg+xml") return readable(await rasteriseSvg(body));
  throw refuseLogo(LOGO_TYPE_MESSAGE, 415);
}

/**
 * A stored logo as documents may use it: the same checks and re-encoding as an upload, so a logo stored before
 * uploads were checked (a header claiming billions of pixels, broken compressed data) never reaches pdfkit,
 * whose PNG decoder would fail in a zlib callback, outside any request's error handling. Throws when unusable.
 */
export async function toUsableLogo(logo: StoredLogo): Promise<StoredLogo> {
  const header = readRasterHeader(logo.data);
  if (!header) throw unreadableLogo();
  return readable(await reencodeRaster(logo.data, header));
}

/** The image's size in pixels as pdfkit reads it (its typings leave openImage out); throws when it cannot. */
export function logoSize(
  pdf: InstanceType<typeof PDFDocument>,
  data: Buffer,
): { width: number; height: number } {
  const opened = (pdf as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(
    data,
  );
  if (!(opened.width > 0 && opened.height > 0)) throw new Error("image without a size");
  return { width: opened.width, height: opened.height };
}

/** The PDF draws the logo with pdfkit: the PNG made here must open there too. */
function readable(png: Buffer): StoredLogo {
  try {
    logoSize(new PDFDocument({ autoFirstPage: false }), png);
    return { data: png, contentType: "image/png" };
  } catch (error) {
    throw refuseLogo(LOGO_UNREADABLE_MESSAGE, 400, error);
  }
}

async function rasteriseSvg(body: Buffer): Promise<Buffer> {
  const text = body.toString("utf8");
  if (!/<svg[\s>]/i.test(text) || !isSelfContained(text)) throw refuseLogo(LOGO_TYPE_MESSAGE, 415);
  let size: { width: number; height: number };
  try {
    const probe = new Resvg(text);
    size = { width: probe.width, height: probe.height };
  } catch (error) {
    throw refuseLogo(LOGO_TYPE_MESSAGE, 415, error);
  }
  // The longer side is drawn at 800 px, so a tall or wide viewBox cannot ask for an enormous bitmap.
  const png = await renderLogo(text, size, { canEnlarge: true, hasText: true });
  if (png.length > LOGO_MAX_BYTES * 4) throw refuseLogo(LOGO_SIZE_MESSAGE, 413);
  return png;
}

/**
 * resvg reads images that an SVG references by file path from the server's disk, and entities can hide such a
 * path. Only references inside the document (#id) and embedded base64 PNG/JPEG data are allowed, each within
 * the same pixel limit as an uploaded image; no DTD at all.
 */
function isSelfContained(text: string): boolean {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) return false;
  for (const match of text.matchAll(/href\s*=\s*(["'])(.*?)\1/gis)) {
    const value = match[2]!.trim();
    if (value.startsWith("#")) continue;
    const embedded = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
    if (!embedded || !readRasterHeader(Buffer.from(embedded[1]!, "base64"))) return false;
  }
  // CSS url(…) likewise only to #id; the lookahead also excludes quotes and spaces so backtracking cannot skip them.
  return !/url\(\s*["']?\s*(?![\s"'#])/i.test(text);
}
