/**
 * The size an image declares in its header, read before anything is decoded: the decoder allocates what the header
 * claims, and a PNG of a few bytes can claim 100000 × 100000 pixels (Skia then aborts the whole process).
 */

export type ImageSize = { format: "png" | "jpeg" | "webp"; width: number; height: number };

/** PNG, JPEG or WebP: the declared size; null for any other file, or a header too broken to tell. */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString("latin1", 12, 16) === "IHDR")
    return { format: "png", width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegSize(data);
  if (
    data.length >= 30 &&
    data.toString("latin1", 0, 4) === "RIFF" &&
    data.toString("latin1", 8, 12) === "WEBP"
  )
    return webpSize(data);
  return null;
}

/** JPEG: the frame header (any SOF marker) gives the size; the segments before it are skipped by their length. */
function jpegSize(data: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    // Markers without a segment: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame)
      return { format: "jpeg", height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return null;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X), each with the size in its own place. */
function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.toString("latin1", 12, 16);
  if (chunk === "VP8 " && data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a)
    return { format: "webp", width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L" && data[20] === 0x2f) {
    const bits = data.readUInt32LE(21);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X")
    return { format: "webp", width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  return null;
}
