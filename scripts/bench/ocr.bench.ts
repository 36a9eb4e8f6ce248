/**
 * Text recognition of receipt and invoice images (`npm run bench -- ocr`; no server, no database):
 * 1. Generates 36 images with their truth (tests/purchase-documents/receipt-images.ts): six kinds of document, three
 *    of each, every one as a clean scan and as a photo (turned, blurred, low contrast, shadowed, noisy).
 * 2. Reads each with the real recognizer (one worker, as the server runs it) and the text with fieldsFromText, as the
 *    reading queue does; the timed unit is one page: preparing the image, recognising it, reading the fields.
 * 3. Prints per class the share of totals, VAT amounts, dates, btw-ids and invoice numbers read correctly, and the
 *    seconds per page, then what was missed (the recognised texts are written to a temp folder).
 * Budgets: totals and VAT ≥ 95% on clean scans and ≥ 85% on photos; every page in under 5 s.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTextRecognizer,
  type TextRecognizerHandle,
} from "../../src/server/features/purchase-invoices/ocr/recognizer";
import { fieldsFromText } from "../../src/server/features/purchase-invoices/reading/text-fields";
import type { ReadFields } from "../../src/server/features/purchase-invoices/reading/types";
import {
  generateTestImages,
  type ImageVariant,
  type TestImage,
} from "../../tests/purchase-documents/receipt-images";
import { defineBenchmark, type Figure } from "./harness";

const DOCUMENTS_PER_KIND = 3;
const MAX_SECONDS_PER_PAGE = 5;
const BUDGETS: Record<ImageVariant, number> = { clean: 0.95, photo: 0.85 };

const CHECKS = ["total", "VAT", "date", "btw-id", "invoice no."] as const;
type Check = (typeof CHECKS)[number];

type Outcome = {
  image: TestImage;
  seconds: number;
  text: string;
  /** Per check: whether it was read right; absent when the document does not print it. */
  correct: Partial<Record<Check, boolean>>;
  /** What was expected and what was read, for the checks that failed. */
  misses: string[];
};

type Fixture = { images: TestImage[]; recognizer: TextRecognizerHandle; outcomes: Map<string, Outcome> };

const euros = (cents: number | undefined) => (cents === undefined ? "nothing" : (cents / 100).toFixed(2));
const vatText = (lines: { ratePercent: number; vatCents: number }[] | undefined) =>
  lines && lines.length > 0
    ? lines.map((line) => `${line.ratePercent}%: ${euros(line.vatCents)}`).join(", ")
    : "nothing";

function judge(image: TestImage, fields: ReadFields): Pick<Outcome, "correct" | "misses"> {
  const { truth } = image;
  const correct: Outcome["correct"] = {};
  const misses: string[] = [];
  const check = (name: Check, isRight: boolean, expected: string, read: string) => {
    correct[name] = isRight;
    if (!isRight) misses.push(`${name}: expected ${expected}, read ${read}`);
  };
  check(
    "total",
    fields.totalCents?.value === truth.totalCents,
    euros(truth.totalCents),
    euros(fields.totalCents?.value),
  );
  const sortedVat = (lines: { ratePercent: number; vatCents: number }[]) =>
    lines
      .map((line) => `${line.ratePercent}:${line.vatCents}`)
      .sort()
      .join(" ");
  check(
    "VAT",
    sortedVat(fields.vatLines?.value ?? []) === sortedVat(truth.vatLines),
    vatText(truth.vatLines),
    vatText(fields.vatLines?.value),
  );
  check("date", fields.invoiceDate?.value === truth.date, truth.date, fields.invoiceDate?.value ?? "nothing");
  if (truth.supplierVatNumber) {
    const read = fields.supplierVatNumber?.value;
    check("btw-id", read === truth.supplierVatNumber, truth.supplierVatNumber, read ?? "nothing");
  }
  if (truth.invoiceNumber) {
    const read = fields.invoiceNumber?.value;
    check("invoice no.", read === truth.invoiceNumber, truth.invoiceNumber, read ?? "nothing");
  }
  return { correct, misses };
}

function median(sorted: number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Summary = {
  variant: ImageVariant;
  pages: number;
  shares: Record<Check, { right: number; of: number }>;
  medianSeconds: number;
  maxSeconds: number;
};

function summarise(outcomes: Outcome[], variant: ImageVariant): Summary {
  const ofVariant = outcomes.filter((outcome) => outcome.image.variant === variant);
  const shares = Object.fromEntries(
    CHECKS.map((name) => {
      const judged = ofVariant.filter((outcome) => outcome.correct[name] !== undefined);
      return [name, { right: judged.filter((outcome) => outcome.correct[name]).length, of: judged.length }];
    }),
  ) as Summary["shares"];
  const seconds = ofVariant.map((outcome) => outcome.seconds).sort((a, b) => a - b);
  return {
    variant,
    pages: ofVariant.length,
    shares,
    medianSeconds: median(seconds),
    maxSeconds: seconds.at(-1)!,
  };
}

const percent = ({ right, of }: { right: number; of: number }) =>
  of === 0 ? "–" : `${Math.round((100 * right) / of)}% (${right}/${of})`;

function printSummaries(summaries: Summary[]) {
  const header = ["class", "pages", ...CHECKS, "s/page median", "s/page max"];
  const rows = summaries.map((summary) => [
    summary.variant,
    String(summary.pages),
    ...CHECKS.map((name) => percent(summary.shares[name])),
    summary.medianSeconds.toFixed(2),
    summary.maxSeconds.toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(
    `\nText recognition of ${summaries.reduce((sum, summary) => sum + summary.pages, 0)} generated pages\n`,
  );
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

export default defineBenchmark<Fixture>({
  name: "text recognition of a receipt or invoice image (one page)",
  needsServer: false,
  // The untimed first page starts the worker and loads the models; it is read again, timed, at the end.
  warmup: 1,
  iterations: DOCUMENTS_PER_KIND * 12,
  budget: { p99Ms: MAX_SECONDS_PER_PAGE * 1000 },
  async setup() {
    const images = generateTestImages(DOCUMENTS_PER_KIND);
    return { images, recognizer: createTextRecognizer(), outcomes: new Map() };
  },
  async run({ fixture, iteration }) {
    const image = fixture.images[iteration % fixture.images.length]!;
    const started = performance.now();
    const { text, confidence } = await fixture.recognizer.recognize(image.png);
    const fields = fieldsFromText(text, "ocr", confidence);
    const seconds = (performance.now() - started) / 1000;
    fixture.outcomes.set(image.name, { image, seconds, text, ...judge(image, fields) });
  },
  figures({ outcomes }) {
    const all = [...outcomes.values()];
    const summaries = (["clean", "photo"] as const)
      .map((variant) => summarise(all, variant))
      .filter((summary) => summary.pages > 0);
    printSummaries(summaries);
    const missed = all.filter((outcome) => outcome.misses.length > 0);
    if (missed.length > 0) {
      console.log("\nMissed:");
      for (const outcome of missed) console.log(`  ${outcome.image.name}: ${outcome.misses.join("; ")}`);
    }
    const figures: Figure[] = [];
    for (const summary of summaries) {
      const budget = BUDGETS[summary.variant];
      for (const name of ["total", "VAT"] as const) {
        const share = summary.shares[name];
        figures.push({
          label: `${summary.variant}: ${name === "total" ? "totals" : "VAT amounts"} read correctly`,
          value: percent(share),
          budget: `≥ ${Math.round(budget * 100)}%`,
          passed: share.of > 0 && share.right / share.of >= budget,
        });
      }
      figures.push({
        label: `${summary.variant}: seconds per page (median / max)`,
        value: `${summary.medianSeconds.toFixed(2)} / ${summary.maxSeconds.toFixed(2)}`,
        budget: `max < ${MAX_SECONDS_PER_PAGE}`,
        passed: summary.maxSeconds < MAX_SECONDS_PER_PAGE,
      });
    }
    return figures;
  },
  async teardown({ recognizer, outcomes }) {
    await recognizer.close();
    const folder = await mkdtemp(join(tmpdir(), "balans-ocr-bench-"));
    for (const outcome of outcomes.values())
      await writeFile(join(folder, `${outcome.image.name}.txt`), outcome.text);
    console.log(`\nRecognised texts: ${folder}`);
  },
});
