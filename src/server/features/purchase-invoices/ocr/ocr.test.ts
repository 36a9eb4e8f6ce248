import { createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import { JPEG_LOGO, PNG_LOGO, pngClaiming } from "../../../../../tests/logos";
import { renderTestImage, type TestImage } from "../../../../../tests/purchase-documents/receipt-images";
import { fieldsFromText } from "../reading/text-fields";
import { readImageSize } from "./image-size";
import { prepareImage } from "./prepare-image";
import { createTextRecognizer } from "./recognizer";

// The real engine: a page takes a second or two, more while other tests share the two cores.
const PAGE_TIMEOUT = 60_000;

const recognizer = createTextRecognizer();
afterAll(() => recognizer.close());

/** What a reader should take from the page: the total, the VAT per rate and the date. */
function expected(image: TestImage) {
  return {
    totalCents: image.truth.totalCents,
    vat: image.truth.vatLines.map((line) => [line.ratePercent, line.vatCents]).sort(),
    date: image.truth.date,
  };
}

describe("text recognition of receipts", () => {
  it(
    "reads a clean receipt and a turned photo, one page after the other",
    async () => {
      const clean = renderTestImage("supermarket", "clean", 2);
      const photo = renderTestImage("cafe", "photo", 1);
      expect(Math.abs(photo.angleDegrees)).toBeGreaterThanOrEqual(2);
      const events: string[] = [];
      const [cleanText, photoText] = await Promise.all([
        recognizer.recognize(clean.png, (progress) => events.push(`clean ${progress}`)),
        recognizer.recognize(photo.png, (progress) => events.push(`photo ${progress}`)),
      ]);

      for (const [image, recognised] of [
        [clean, cleanText],
        [photo, photoText],
      ] as const) {
        expect(recognised.confidence).toBeGreaterThan(0.5);
        expect(recognised.confidence).toBeLessThanOrEqual(1);
        const fields = fieldsFromText(recognised.text, "ocr", recognised.confidence);
        expect(
          {
            totalCents: fields.totalCents?.value,
            vat: fields.vatLines?.value.map((line) => [line.ratePercent, line.vatCents]).sort(),
            date: fields.invoiceDate?.value,
          },
          recognised.text,
        ).toEqual(expected(image));
      }

      // Progress runs from 0 to 1 per page, and the second page starts when the first is done.
      const ofPage = (name: string) =>
        events.filter((event) => event.startsWith(name)).map((event) => Number(event.split(" ")[1]));
      for (const name of ["clean", "photo"]) {
        const progress = ofPage(name);
        expect(progress[0]).toBe(0);
        expect(progress.at(-1)).toBe(1);
        expect(progress).toEqual([...progress].sort((a, b) => a - b));
      }
      expect(events.indexOf("clean 1")).toBeLessThan(events.indexOf("photo 0"));
    },
    PAGE_TIMEOUT,
  );

  it(
    "keeps the event loop running while the engine reads a page",
    async () => {
      const photo = renderTestImage("webshop", "photo", 1);
      const ticks: number[] = [];
      const timer = setInterval(() => ticks.push(performance.now()), 5);
      let engineStarted = 0;
      let engineDone = 0;
      try {
        await recognizer.recognize(photo.png, (progress) => {
          if (progress > 0 && engineStarted === 0) engineStarted = performance.now();
          if (progress === 1) engineDone = performance.now();
        });
      } finally {
        clearInterval(timer);
      }
      const reading = engineDone - engineStarted;
      const ticksWhileReading = ticks.filter((tick) => tick > engineStarted && tick < engineDone).length;
      // Were the engine on this thread, no timer could fire until it finished.
      expect(reading).toBeGreaterThan(200);
      expect(ticksWhileReading).toBeGreaterThan(reading / 50);
    },
    PAGE_TIMEOUT,
  );

  it("refuses bytes that are no image", async () => {
    await expect(recognizer.recognize(new TextEncoder().encode("%PDF-1.7 geen afbeelding"))).rejects.toThrow(
      "not an image",
    );
  });
});

describe("images are sized before they are decoded", () => {
  it("reads the size from PNG, JPEG and WebP headers", async () => {
    const canvas = createCanvas(321, 123);
    canvas.getContext("2d").fillRect(0, 0, 10, 10);
    expect(readImageSize(PNG_LOGO)).toEqual({ format: "png", width: 240, height: 80 });
    expect(readImageSize(JPEG_LOGO)).toEqual({ format: "jpeg", width: 48, height: 16 });
    expect(readImageSize(await canvas.encode("webp", 80))).toEqual({
      format: "webp",
      width: 321,
      height: 123,
    });
    expect(readImageSize(new TextEncoder().encode("GIF89a"))).toBeNull();
  });

  it("refuses a file of a few bytes that claims 100000 × 100000 pixels", async () => {
    await expect(prepareImage(pngClaiming(100_000, 100_000))).rejects.toThrow("too large");
  });
});
