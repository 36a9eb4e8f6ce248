import { useEffect, useRef, useState } from "react";
import type * as PdfjsModule from "pdfjs-dist";
import type { PDFDocumentLoadingTask } from "pdfjs-dist";
import { Spinner } from "@client/components/ui/spinner";
import { cn } from "@client/lib/utils";

/** Enough for an invoice; a long document is opened or downloaded whole. */
const MAX_PAGES = 5;

type Pdfjs = typeof PdfjsModule;
let pdfjsModule: Promise<Pdfjs> | null = null;

/** pdf.js is large: loaded with the first PDF shown, its worker served from the app's own origin. */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return pdfjsModule;
}

interface PdfPreviewProps {
  url: string;
  /** Names the pages for screen readers: "{title}, pagina 1". */
  title: string;
  className?: string;
}

/**
 * The first pages of a PDF drawn in the page, rather than in the browser's own viewer: that one is missing on
 * phones, and it cannot be styled to sit beside a form. Eval stays off, as the app's CSP requires.
 */
export function PdfPreview({ url, title, className }: PdfPreviewProps) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ url: string; status: "ready" | "error"; pageCount: number } | null>(
    null,
  );
  const current = state?.url === url ? state : null;

  useEffect(() => {
    let isCancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    const draw = async () => {
      const pdfjs = await loadPdfjs();
      if (isCancelled) return;
      task = pdfjs.getDocument({ url, isEvalSupported: false, verbosity: 0 });
      const pdf = await task.promise;
      const host = pagesRef.current;
      if (isCancelled || !host) return;
      host.replaceChildren();
      const width = Math.max(host.clientWidth, 320);
      const ratio = window.devicePixelRatio || 1;
      for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
        const page = await pdf.getPage(number);
        if (isCancelled) return;
        const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
        const canvas = document.createElement("canvas");
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = "block w-full rounded-md border border-border bg-white";
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", `${title}, pagina ${number}`);
        host.append(canvas);
        await page.render({ canvasContext: canvas.getContext("2d")!, viewport }).promise;
      }
      if (!isCancelled) setState({ url, status: "ready", pageCount: pdf.numPages });
    };
    draw().catch(() => {
      if (!isCancelled) setState({ url, status: "error", pageCount: 0 });
    });
    return () => {
      isCancelled = true;
      void task?.destroy();
    };
  }, [url, title]);

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {!current && (
        <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
          <Spinner />
          Document laden…
        </p>
      )}
      {current?.status === "error" && (
        <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
          Dit document kan hier niet getoond worden. Download het om het te bekijken.
        </p>
      )}
      {/* The pages are drawn here outside React: canvases it never re-renders. */}
      <div ref={pagesRef} className="flex flex-col gap-3" />
      {current?.status === "ready" && current.pageCount > MAX_PAGES && (
        <p className="text-xs text-muted-foreground">
          De eerste {MAX_PAGES} van {current.pageCount} pagina&apos;s; download het document voor de rest.
        </p>
      )}
    </div>
  );
}
