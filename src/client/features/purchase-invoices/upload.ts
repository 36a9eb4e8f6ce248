import type { PurchaseInvoiceDetail } from "@shared/schemas/purchase-invoices";
import { apiUpload } from "@client/lib/api";

/**
 * Sends one document as the raw request body (the server keeps it byte for byte and starts reading it), with
 * the upload's progress for each file's bar.
 */
export function uploadPurchaseDocument(
  file: File,
  source: "upload" | "camera",
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PurchaseInvoiceDetail> {
  const query = new URLSearchParams({ name: file.name || "document", source });
  return apiUpload<PurchaseInvoiceDetail>(`/api/purchase-invoices/documents?${query}`, file, {
    contentType: file.type || "application/octet-stream",
    onUploadProgress: onProgress,
    ...(signal ? { signal } : {}),
  });
}
