/**
 * Text recognition of photos and scans of receipts and invoices, offline and off the request path.
 * 1. tesseract.js runs Tesseract (WebAssembly) in a worker thread, so the event loop stays free while a page is
 *    read; the image is prepared first (prepare-image.ts).
 * 2. The Dutch and English models come from the installed @tesseract.js-data packages, read from disk: nothing is
 *    downloaded and nothing is cached; the only thing written is a folder of links to them in the temp folder.
 * 3. One worker, started for the first page and reused; pages wait their turn (Tesseract keeps a core busy per
 *    page, and the server has two).
 * 4. A worker that dies or hangs fails its page and is replaced for the next one.
 */
import { createHash } from "node:crypto";
import { mkdir, readlink, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Worker as Thread } from "node:worker_threads";
import Tesseract from "tesseract.js";
import type { TextRecognizer } from "../reading/types";
import { prepareImage } from "./prepare-image";

export type TextRecognizerHandle = {
  recognize: TextRecognizer;
  /** Lets the queued pages finish, then stops the worker; a page asked for later starts a new one. */
  close(): Promise<void>;
};

const DEFAULT_LANGUAGES = ["nld", "eng"];

/** A normal page takes seconds; one that takes this long has hung the engine. */
const PAGE_TIMEOUT_MS = 120_000;

/**
 * Page settings, measured on the generated receipts and invoices (scripts/bench/ocr.bench.ts):
 * - PSM 6, one uniform block of text: keeps "TOTAAL ... 18,06" on one line. Automatic segmentation (PSM 3) splits
 *   a receipt into a column of labels and a column of amounts (photos: 2 of 12 totals found against 12 of 12).
 * - preserve_interword_spaces: the gap between a label and its amount stays visible as several spaces.
 * - user_defined_dpi: photos carry no resolution; without one Tesseract guesses it for every page.
 * - debug_file: Tesseract's notes ("Estimating resolution as 218") would go to the server's stdout.
 */
const PAGE_PARAMETERS: Partial<Tesseract.WorkerParams> = {
  tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK,
  preserve_interword_spaces: "1",
  user_defined_dpi: "300",
  debug_file: "/dev/null",
};

/** The packaged model of `language`: the LSTM-only "best_int" model, which the default engine reads. */
function trainedDataFile(language: string): string {
  const packageMain = createRequire(import.meta.url).resolve(`@tesseract.js-data/${language}`);
  return join(dirname(packageMain), "4.0.0_best_int", `${language}.traineddata.gz`);
}

/**
 * tesseract.js reads all models from one folder, and the packages keep each in its own: a folder of links to them
 * in the temp folder, one per installation (named after the model files), made once and shared by every process.
 */
async function modelFolder(languages: string[]): Promise<string> {
  const files = languages.map((language) => ({ language, file: trainedDataFile(language) }));
  const name = createHash("sha256")
    .update(files.map(({ file }) => file).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const folder = join(tmpdir(), `balans-ocr-models-${name}`);
  await mkdir(folder, { recursive: true });
  for (const { language, file } of files) {
    const link = join(folder, `${language}.traineddata.gz`);
    try {
      await symlink(file, link);
    } catch (error) {
      // Made before, by this process or another.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || (await readlink(link)) !== file) throw error;
    }
  }
  return folder;
}

/** The worker's end (it died or a page hung): the page fails and the worker is replaced. */
class WorkerLost extends Error {}

type Page = { onProgress?: (progress: number) => void; reported: number };

type RunningWorker = {
  worker: Tesseract.Worker;
  /** Rejects when the thread ends, so a page being read does not wait forever. */
  ended: Promise<never>;
};

export function createTextRecognizer(options: { languages?: string[] } = {}): TextRecognizerHandle {
  const languages = options.languages ?? DEFAULT_LANGUAGES;
  let running: Promise<RunningWorker> | null = null;
  let current: Page | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function report(page: Page, progress: number) {
    const value = Math.min(1, Math.max(0, progress));
    if (value <= page.reported) return;
    page.reported = value;
    try {
      page.onProgress?.(value);
    } catch {
      // A failing progress display must not fail the recognition.
    }
  }

  async function start(): Promise<RunningWorker> {
    const worker = await Tesseract.createWorker(languages.join("+"), Tesseract.OEM.LSTM_ONLY, {
      langPath: await modelFolder(languages),
      gzip: true,
      // Neither look in nor write to a cache (by default the unpacked models are written to the working folder).
      cacheMethod: "none",
      logger: (message) => {
        if (current && message.status === "recognizing text") report(current, message.progress);
      },
      // Without a handler tesseract.js rethrows a failed page's error inside its message listener, where nothing
      // can catch it; the page's promise is rejected either way.
      errorHandler: () => {},
    });
    await worker.setParameters(PAGE_PARAMETERS);
    // tesseract.js keeps the thread on its worker object without declaring it.
    const thread = (worker as unknown as { worker: Thread }).worker;
    const ended = new Promise<never>((_, reject) => {
      thread.once("exit", (code) => reject(new WorkerLost(`The recognition worker stopped (exit ${code}).`)));
      thread.once("error", (error) => reject(new WorkerLost(error.message)));
    });
    ended.catch(() => {});
    return { worker, ended };
  }

  async function stop(handle: Promise<RunningWorker>) {
    await (await handle).worker.terminate();
  }

  async function recognizePage(image: Uint8Array, page: Page) {
    report(page, 0);
    const prepared = await prepareImage(image);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new WorkerLost("Reading the page took too long.")), PAGE_TIMEOUT_MS);
    });
    if (!running) {
      const starting = start();
      running = starting;
      starting.catch(() => {
        if (running === starting) running = null;
      });
    }
    const handle = running;
    current = page;
    try {
      const { worker, ended } = await Promise.race([handle, timeout]);
      const input = Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength);
      // rotateAuto: Tesseract measures the skew of the lines and straightens the page before reading it.
      const result = await Promise.race([worker.recognize(input, { rotateAuto: true }), ended, timeout]);
      report(page, 1);
      return { text: result.data.text, confidence: Math.min(1, Math.max(0, result.data.confidence / 100)) };
    } catch (error) {
      if (error instanceof WorkerLost && running === handle) {
        running = null;
        void stop(handle).catch(() => {});
      }
      // tesseract.js rejects with the engine's message as a string.
      throw error instanceof Error ? error : new Error(`Text recognition failed: ${String(error)}`);
    } finally {
      clearTimeout(timer);
      current = null;
    }
  }

  const recognize: TextRecognizer = (image, onProgress) => {
    const page: Page = { onProgress, reported: -1 };
    const result = queue.then(() => recognizePage(image, page));
    queue = result.catch(() => {});
    return result;
  };

  return {
    recognize,
    async close() {
      await queue;
      const handle = running;
      running = null;
      if (handle) await stop(handle).catch(() => {});
    },
  };
}
