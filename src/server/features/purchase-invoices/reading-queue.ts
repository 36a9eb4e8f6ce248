/**
 * Reading documents in the background: an upload or a mail answers at once, and its document is read here,
 * one at a time (text recognition takes a core for seconds), never on a request's path. Recognition itself
 * runs in tesseract's worker thread, so the server keeps answering while a photo is read. Progress is written
 * to the purchase invoice for the screen to show. On start, documents left unread by a stopped server are
 * read again.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { DocumentStore } from "../documents/store";
import { readDocument } from "./reading/read-document";
import type { ReadResult, TextRecognizer } from "./reading/types";
import { findOwnPurchase } from "./records";
import { applyReading, setReadingProgress, unreadPurchaseInvoices } from "./service";

export type ReadingQueue = {
  enqueue(userId: string, id: string): void;
  /** Resolves when everything queued so far has been read (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

const FAILED_MESSAGE =
  "Dit document kon niet gelezen worden. Het origineel is bewaard; vul de gegevens zelf in.";

export function createReadingQueue(options: {
  db: Database;
  store: DocumentStore;
  log?: FastifyBaseLogger;
  /** Tests may pass their own; by default tesseract, started on the first image. */
  recognizer?: { recognize: TextRecognizer; close(): Promise<void> };
}): ReadingQueue {
  const { db, store, log } = options;
  let recognizer = options.recognizer;
  // tesseract and its language data load on the first photo, not with the server.
  const recognize: TextRecognizer = async (image, onProgress) => {
    const active = (recognizer ??= (await import("./ocr/recognizer")).createTextRecognizer());
    return active.recognize(image, onProgress);
  };
  const queue: Array<{ userId: string; id: string }> = [];
  let running: Promise<void> | null = null;
  let closed = false;

  async function readOne(userId: string, id: string): Promise<void> {
    let result: ReadResult;
    try {
      const document = await documentOf(userId, id);
      if (!document) return;
      let lastPercent = 0;
      result = await readDocument(document, {
        recognize,
        onProgress: (progress: number) => {
          const percent = Math.floor(progress * 100);
          // A write per tenth is enough for a progress bar.
          if (percent - lastPercent < 10) return;
          lastPercent = percent;
          setReadingProgress(db, id, percent).catch(() => undefined);
        },
      });
    } catch (error) {
      log?.error({ err: error, purchaseInvoiceId: id }, "reading a purchase document failed");
      result = { method: "none", fields: {}, text: null, warnings: [FAILED_MESSAGE] };
    }
    await applyReading(db, userId, id, result);
  }

  async function documentOf(userId: string, id: string): Promise<Uint8Array | null> {
    const row = await findOwnPurchase(db, userId, id).catch(() => null);
    if (!row || row.status !== "reading" || !row.documentId) return null;
    const document = await store.get(db, userId, row.documentId);
    return document ? new Uint8Array(document.bytes) : null;
  }

  async function drain(): Promise<void> {
    while (queue.length > 0 && !closed) {
      const next = queue.shift()!;
      try {
        await readOne(next.userId, next.id);
      } catch (error) {
        log?.error({ err: error, purchaseInvoiceId: next.id }, "saving a reading failed");
      }
    }
    running = null;
  }

  return {
    enqueue(userId, id) {
      if (closed) return;
      queue.push({ userId, id });
      running ??= drain();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      await running;
      await recognizer?.close();
    },
  };
}

/** Queues what a stopped server left unread. */
export async function resumeReading(db: Database, queue: ReadingQueue): Promise<void> {
  for (const row of await unreadPurchaseInvoices(db)) queue.enqueue(row.userId, row.id);
}
