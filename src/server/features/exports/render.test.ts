import { once } from "node:events";
import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { renderExportCsv, renderExportPdf, type ExportBlock, type ExportDocument } from "./render";

/** A document of endless batches of 500 rows, counting how many were read. */
function endless(): { document: ExportDocument; read: () => number } {
  let batches = 0;
  async function* blocks(): AsyncGenerator<ExportBlock> {
    yield {
      kind: "table",
      title: "Journaal",
      columns: [
        { label: "Omschrijving", kind: "text", width: 3 },
        { label: "Debet", kind: "money", width: 1 },
      ],
    };
    for (;;) {
      batches += 1;
      yield {
        kind: "rows",
        rows: Array.from({ length: 500 }, (_, index) => ({ cells: [`Regel ${index}`, index * 100] })),
      };
    }
  }
  return {
    document: { title: "Journaal", subtitle: "Test", filename: "journaal", blocks: blocks() },
    read: () => batches,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ["PDF", renderExportPdf],
  ["CSV", renderExportCsv],
] as const)("the %s writer", (_name, render: (document: ExportDocument) => Readable) => {
  it("reads batches only as fast as the file is taken, and stops when the download is abandoned", async () => {
    const { document, read } = endless();
    const stream = render(document);
    await once(stream, "readable");
    stream.read();
    await pause(300);
    const whileWaiting = read();
    // Nobody reads: the writer waits instead of reading the whole (here endless) period into memory.
    expect(whileWaiting).toBeLessThan(5);
    await pause(300);
    expect(read()).toBe(whileWaiting);
    stream.destroy();
    await pause(100);
    expect(read()).toBeLessThanOrEqual(whileWaiting + 1);
  });
});
