import { Resvg } from "@resvg/resvg-js";
import PDFDocument from "pdfkit";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "../../../shared/schemas/settings";
import { AppError } from "../../errors";

export type StoredLogo = { data: Buffer; contentType: "image/png" | "image/jpeg" };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Longest side of a rasterised SVG: sharp in the 160×60 pt slot of the PDF, small in the database. */
const SVG_RASTER_SIZE = 800;

/**
 * Checks an uploaded logo and returns what is stored. The declared content type is not trusted: PNG and JPEG
 * are recognised by their magic bytes, and an SVG is rasterised to PNG here, so no script, style or link in it
 * ever reaches a browser or the PDF.
 */
export function prepareLogo(body: Buffer, declaredType: string | undefined): StoredLogo {
  if (body.length > LOGO_MAX_BYTES) throw new AppError(413, LOGO_SIZE_MESSAGE);
  if (body.length === 0) throw new AppError(400, LOGO_TYPE_MESSAGE);
  const type = (declaredType ?? "").split(";")[0]!.trim().toLowerCase();
  if (body.subarray(0, 8).equals(PNG_SIGNATURE)) return readable({ data: body, contentType: "image/png" });
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) {
    return readable({ data: body, contentType: "image/jpeg" });
  }
  if (type === "image/svg+xml") return readable({ data: rasteriseSvg(body), contentType: "image/png" });
  throw new AppError(415, LOGO_TYPE_MESSAGE);
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

/** The PDF draws the logo with pdfkit, so a file pdfkit cannot read is refused now rather than left out later. */
function readable(logo: StoredLogo): StoredLogo {
  try {
    logoSize(new PDFDocument({ autoFirstPage: false }), logo.data);
    return logo;
  } catch (error) {
    throw new AppError(415, LOGO_TYPE_MESSAGE, { cause: error });
  }
}

function rasteriseSvg(body: Buffer): Buffer {
  const text = body.toString("utf8");
  if (!/<svg[\s>]/i.test(text) || !isSelfContained(text)) throw new AppError(415, LOGO_TYPE_MESSAGE);
  try {
    const probe = new Resvg(text);
    // Fit the longer side, so a tall or wide viewBox cannot ask for an enormous bitmap.
    const fitTo =
      probe.width >= probe.height
        ? ({ mode: "width", value: SVG_RASTER_SIZE } as const)
        : ({ mode: "height", value: SVG_RASTER_SIZE } as const);
    const png = new Resvg(text, { fitTo }).render().asPng();
    if (png.length > LOGO_MAX_BYTES * 4) throw new AppError(413, LOGO_SIZE_MESSAGE);
    return png;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, LOGO_TYPE_MESSAGE, { cause: error });
  }
}

/**
 * resvg reads images that an SVG references by file path from the server's disk, and entities can hide such a
 * path. Only references inside the document (#id) and embedded PNG/JPEG data are allowed; no DTD at all.
 */
function isSelfContained(text: string): boolean {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) return false;
  for (const match of text.matchAll(/href\s*=\s*(["'])(.*?)\1/gis)) {
    const value = match[2]!.trim();
    if (!value.startsWith("#") && !/^data:image\/(png|jpeg);/i.test(value)) return false;
  }
  // CSS url(…) likewise only to #id; the lookahead also excludes quotes and spaces so backtracking cannot skip them.
  return !/url\(\s*["']?\s*(?![\s"'#])/i.test(text);
}
