/**
 * Prepares a photo or scan for Tesseract, which thresholds a page globally (Otsu) and misreads small print. Each
 * step was measured on the generated receipts and invoices (tests/purchase-documents, scripts/bench/ocr.bench.ts):
 * 1. Decode (PNG, JPEG, WebP; the EXIF orientation applied; the size checked first) and take the grey (luma); a
 *    large photo is looked at with at most MEASURE_PIXELS pixels.
 * 2. Smooth with a [1 2 1] kernel each way: sensor noise drops to about a third, print stays legible.
 * 3. Divide by the paper's own brightness, estimated per tile, and leave what is far too dark to be paper (the table
 *    under a receipt) white. A shadow or a dark table otherwise pulls the global threshold so low that thin grey
 *    print vanishes (photos, found in the recognised text: VAT amounts 13 → 15 of 18, dates 12 → 17).
 * 4. Measure the characters. Small print is read again enlarged (amounts found on photos shrunk to 55%: 16 of 28
 *    as they were, 25 enlarged); larger print is left as it is: enlarging it gained nothing and cost time.
 * 5. Hand over as 8-bit greyscale PGM, which Tesseract reads without decompressing anything.
 * The pixel work runs on the main thread in slices of rows with a turn for the event loop between them; the
 * decoding itself runs on libuv's threads. A TIFF goes to Tesseract as it came (the decoder here has no TIFF).
 */
import { createCanvas, loadImage, type Image } from "@napi-rs/canvas";
import { readImageSize } from "./image-size";

/** Above this the decoder would need gigabytes; phone cameras give 12 to 50 megapixels. */
const MAX_IMAGE_PIXELS = 50_000_000;

/** The first look at a photo: enough to measure its print, and all a page of ordinary print needs. */
const MEASURE_PIXELS = 4_500_000;
/** The most a page is enlarged to: beyond this Tesseract only gets slower. */
const MAX_PIXELS = 9_000_000;
/** Characters (capitals, digits) lower than this many pixels are enlarged to TARGET_CHARACTER_HEIGHT. */
const SMALL_CHARACTER_HEIGHT = 14;
const TARGET_CHARACTER_HEIGHT = 20;
const MAX_ENLARGEMENT = 3;
/** Rows handled before the event loop gets a turn: a few milliseconds of work. */
const ROWS_PER_SLICE = 64;
/**
 * "Paper" darker than this is the table around it (or a deep shadow): it is left white. Stretched to the paper's
 * contrast, its noise turned into rows of letters glued to the real lines (VAT amounts read on photos: 16 → 17 of
 * 18 on the benchmark's set, 19 → 24 and 22 → 24 of 24 on two others).
 */
const NOT_PAPER_LEVEL = 90;

type Grey = { pixels: Float32Array; width: number; height: number };
type Page = { pixels: Uint8Array; width: number; height: number };

/**
 * The image as a greyscale PGM ready for Tesseract; a TIFF as it came (Tesseract reads it, the decoder here does
 * not). Rejects anything else, and images larger than a camera makes.
 */
export async function prepareImage(image: Uint8Array): Promise<Uint8Array> {
  const size = readImageSize(image);
  if (!size) {
    if (isTiff(image)) return image;
    throw new Error("The file is not an image that can be read.");
  }
  if (size.width * size.height > MAX_IMAGE_PIXELS)
    throw new Error(`The image is too large to read (${size.width} × ${size.height} pixels).`);
  let decoded: Image;
  try {
    decoded = await loadImage(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
  } catch (error) {
    throw new Error("The image could not be decoded.", { cause: error });
  }
  if (!(decoded.width > 0 && decoded.height > 0)) throw new Error("The image is empty.");
  const pixelCount = decoded.width * decoded.height;
  const firstScale = Math.min(1, Math.sqrt(MEASURE_PIXELS / pixelCount));
  let page = await normalisedPage(decoded, firstScale);
  const characterHeight = await typicalCharacterHeight(page);
  if (characterHeight !== null && characterHeight < SMALL_CHARACTER_HEIGHT) {
    const scale = Math.min(
      firstScale * Math.min(MAX_ENLARGEMENT, TARGET_CHARACTER_HEIGHT / characterHeight),
      Math.sqrt(MAX_PIXELS / pixelCount),
    );
    if (scale > firstScale * 1.1) page = await normalisedPage(decoded, scale);
  }
  return toPgm(page);
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function normalisedPage(decoded: Image, scale: number): Promise<Page> {
  return divideByPaper(await smooth(await readGrey(decoded, scale)));
}

/**
 * The luma (BT.601) of the image drawn at `scale` (smoothly, so enlarging happens before the grey is smoothed:
 * enlarging the finished page measured worse), drawn and read a strip at a time so no single call holds the event
 * loop for long.
 */
async function readGrey(decoded: Image, scale: number): Promise<Grey> {
  const width = Math.max(1, Math.round(decoded.width * scale));
  const height = Math.max(1, Math.round(decoded.height * scale));
  const pixels = new Float32Array(width * height);
  const strip = createCanvas(width, ROWS_PER_SLICE);
  const context = strip.getContext("2d");
  context.imageSmoothingQuality = "high";
  for (let top = 0; top < height; top += ROWS_PER_SLICE) {
    const rows = Math.min(ROWS_PER_SLICE, height - top);
    // A transparent PNG's empty parts would turn black in grey: paper is white.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, ROWS_PER_SLICE);
    context.drawImage(decoded, 0, -top, width, height);
    const rgba = context.getImageData(0, 0, width, rows).data;
    const offset = top * width;
    for (let i = 0; i < rows * width; i++) {
      pixels[offset + i] = 0.299 * rgba[4 * i]! + 0.587 * rgba[4 * i + 1]! + 0.114 * rgba[4 * i + 2]!;
    }
    await nextTurn();
  }
  return { pixels, width, height };
}

/** A [1 2 1] blur across, then down. */
async function smooth({ pixels, width, height }: Grey): Promise<Grey> {
  const across = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    if (y % ROWS_PER_SLICE === 0 && y > 0) await nextTurn();
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const left = pixels[row + (x > 0 ? x - 1 : 0)]!;
      const right = pixels[row + (x < width - 1 ? x + 1 : x)]!;
      across[row + x] = (left + 2 * pixels[row + x]! + right) / 4;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    if (y % ROWS_PER_SLICE === 0 && y > 0) await nextTurn();
    const above = (y > 0 ? y - 1 : 0) * width;
    const below = (y < height - 1 ? y + 1 : y) * width;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      out[row + x] = (across[above + x]! + 2 * across[row + x]! + across[below + x]!) / 4;
    }
  }
  return { pixels: out, width, height };
}

type Tiles = { size: number; columns: number; rows: number; levels: Float32Array };

/**
 * The paper's brightness per tile: the level a tenth of the tile's pixels reach (print covers less than that; the
 * brightest pixel alone would be the noise's highest and leave a grey table speckled), then the median of each
 * tile and its neighbours, so a tile that print happens to fill is outvoted while the paper's edge against a dark
 * table stays sharp (an average would smear the paper's brightness onto the table).
 */
async function paperBrightness({ pixels, width, height }: Grey): Promise<Tiles> {
  const size = Math.min(64, Math.max(16, Math.round(Math.max(width, height) / 64)));
  const columns = Math.ceil(width / size);
  const rows = Math.ceil(height / size);
  const tenth = new Float32Array(columns * rows);
  const histograms = new Uint32Array(columns * 256);
  for (let row = 0; row < rows; row++) {
    await nextTurn();
    histograms.fill(0);
    const top = row * size;
    const bottom = Math.min(height, top + size);
    for (let y = top; y < bottom; y++) {
      for (let x = 0; x < width; x++) {
        const value = pixels[y * width + x]!;
        histograms[((x / size) | 0) * 256 + (value >= 255 ? 255 : value | 0)]!++;
      }
    }
    for (let column = 0; column < columns; column++) {
      const count = (bottom - top) * (Math.min(width, (column + 1) * size) - column * size);
      const histogram = histograms.subarray(column * 256, column * 256 + 256);
      let brighter = 0;
      let level = 255;
      while (level > 0 && brighter + histogram[level]! < count / 10) brighter += histogram[level--]!;
      tenth[row * columns + column] = level;
    }
  }
  const levels = new Float32Array(columns * rows);
  const neighbours: number[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      neighbours.length = 0;
      for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++) {
        for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c++)
          neighbours.push(tenth[r * columns + c]!);
      }
      neighbours.sort((a, b) => a - b);
      levels[row * columns + column] = neighbours[neighbours.length >> 1]!;
    }
  }
  return { size, columns, rows, levels };
}

/** Each pixel over the paper's brightness at its place (bilinear between tile centres), as 0–255. */
async function divideByPaper(grey: Grey): Promise<Page> {
  const { pixels, width, height } = grey;
  const { size, columns, rows, levels } = await paperBrightness(grey);
  // Per column: the tile to its left and to its right, and the weight of the right one.
  const leftTile = new Int32Array(width);
  const rightTile = new Int32Array(width);
  const rightWeight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const position = (x + 0.5) / size - 0.5;
    const left = Math.floor(position);
    leftTile[x] = Math.min(columns - 1, Math.max(0, left));
    rightTile[x] = Math.min(columns - 1, Math.max(0, left + 1));
    rightWeight[x] = position - left;
  }
  const rowLevels = new Float32Array(columns);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    if (y % ROWS_PER_SLICE === 0 && y > 0) await nextTurn();
    const position = (y + 0.5) / size - 0.5;
    const upper = Math.floor(position);
    const lowerWeight = position - upper;
    const upperRow = Math.min(rows - 1, Math.max(0, upper)) * columns;
    const lowerRow = Math.min(rows - 1, Math.max(0, upper + 1)) * columns;
    for (let column = 0; column < columns; column++) {
      rowLevels[column] =
        (1 - lowerWeight) * levels[upperRow + column]! + lowerWeight * levels[lowerRow + column]!;
    }
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const weight = rightWeight[x]!;
      const paper = (1 - weight) * rowLevels[leftTile[x]!]! + weight * rowLevels[rightTile[x]!]!;
      const value = paper < NOT_PAPER_LEVEL ? 255 : (255 * pixels[row + x]!) / paper;
      out[row + x] = value >= 255 ? 255 : value + 0.5;
    }
  }
  return { pixels: out, width, height };
}

/**
 * How tall the characters are: the median height of the marks darker than the page's Otsu threshold (8-connected
 * runs joined with union–find), leaving out specks, rules and blobs, and marks that are nowhere clearly dark (noise
 * on the table around a receipt). Null when there are too few marks to tell.
 */
async function typicalCharacterHeight({ pixels, width, height }: Page): Promise<number | null> {
  const threshold = otsuThreshold(pixels);
  const parent: number[] = [];
  const top: number[] = [];
  const bottom: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const darkest: number[] = [];
  const root = (label: number): number => {
    while (parent[label] !== label) {
      parent[label] = parent[parent[label]!]!;
      label = parent[label]!;
    }
    return label;
  };
  // The previous row's runs as [start, end, label] triples.
  let previousRuns: number[] = [];
  for (let y = 0; y < height; y++) {
    if (y % ROWS_PER_SLICE === 0 && y > 0) await nextTurn();
    const runs: number[] = [];
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (pixels[row + x]! >= threshold) continue;
      const start = x;
      let runDarkest = 255;
      for (; x < width && pixels[row + x]! < threshold; x++)
        runDarkest = Math.min(runDarkest, pixels[row + x]!);
      const end = x - 1;
      let label = -1;
      for (let i = 0; i < previousRuns.length; i += 3) {
        if (previousRuns[i + 1]! < start - 1 || previousRuns[i]! > end + 1) continue;
        const other = root(previousRuns[i + 2]!);
        if (label === -1) label = other;
        else if (other !== label) {
          parent[other] = label;
          top[label] = Math.min(top[label]!, top[other]!);
          left[label] = Math.min(left[label]!, left[other]!);
          right[label] = Math.max(right[label]!, right[other]!);
          darkest[label] = Math.min(darkest[label]!, darkest[other]!);
        }
      }
      if (label === -1) {
        label = parent.length;
        parent.push(label);
        top.push(y);
        bottom.push(y);
        left.push(start);
        right.push(end);
        darkest.push(runDarkest);
      } else {
        bottom[label] = y;
        left[label] = Math.min(left[label]!, start);
        right[label] = Math.max(right[label]!, end);
        darkest[label] = Math.min(darkest[label]!, runDarkest);
      }
      runs.push(start, end, label);
    }
    previousRuns = runs;
  }
  const heights: number[] = [];
  for (let label = 0; label < parent.length; label++) {
    if (parent[label] !== label) continue;
    const markHeight = bottom[label]! - top[label]! + 1;
    const markWidth = right[label]! - left[label]! + 1;
    if (markHeight < 4 || markHeight > 200 || markWidth < 2 || markWidth > 3 * markHeight) continue;
    if (darkest[label]! > 0.75 * threshold) continue;
    heights.push(markHeight);
  }
  if (heights.length < 20) return null;
  heights.sort((a, b) => a - b);
  return heights[heights.length >> 1]!;
}

function otsuThreshold(pixels: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (let i = 0; i < pixels.length; i++) histogram[pixels[i]!]!++;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let darkSum = 0;
  let darkCount = 0;
  let bestSpread = -1;
  let threshold = 128;
  for (let level = 0; level < 256; level++) {
    darkCount += histogram[level]!;
    darkSum += level * histogram[level]!;
    const lightCount = pixels.length - darkCount;
    if (darkCount === 0 || lightCount === 0) continue;
    const spread = darkCount * lightCount * (darkSum / darkCount - (sum - darkSum) / lightCount) ** 2;
    if (spread > bestSpread) {
      bestSpread = spread;
      threshold = level + 1;
    }
  }
  return threshold;
}

function isTiff(bytes: Uint8Array): boolean {
  const start = Array.from(bytes.subarray(0, 4)).join(",");
  return start === "73,73,42,0" || start === "77,77,0,42";
}

function toPgm({ pixels, width, height }: Page): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + pixels.length);
  pgm.set(header);
  pgm.set(pixels, header.length);
  return pgm;
}
