import type { PurchaseInvoiceDetail } from "@shared/schemas/purchase-invoices";
import { ApiError } from "@client/lib/api";

const NETWORK_ERROR_TEXT =
  "Geen verbinding met de server. Controleer je internetverbinding en probeer het opnieuw.";

/**
 * Sends one document as the raw request body (the server keeps it byte for byte and starts reading it).
 * XMLHttpRequest rather than fetch: only it reports upload progress, which each file's bar shows.
 */
export function uploadPurchaseDocument(
  file: File,
  source: "upload" | "camera",
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PurchaseInvoiceDetail> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ name: file.name || "document", source });
    xhr.open("POST", `/api/purchase-invoices/documents?${query}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_TEXT));
    xhr.onabort = () => reject(new DOMException("Upload afgebroken", "AbortError"));
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as PurchaseInvoiceDetail);
        return;
      }
      const message =
        (isRecord(body) && typeof body.message === "string" && body.message) ||
        (body === undefined ? xhr.responseText.trim() : "") ||
        xhr.statusText ||
        `HTTP ${xhr.status}`;
      reject(new ApiError(xhr.status, message));
    };
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
