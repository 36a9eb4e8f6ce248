/**
 * Client data for the Accountant screen: the span of the books (for the period choice and the empty state) and
 * the downloads. A download is fetched first, so a refusal shows its Dutch message on the screen instead of
 * saving an error as a file; the server streams it, the browser saves it under the server's file name.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { LedgerExportOverview } from "@shared/schemas/exports";
import { apiFetch } from "@client/lib/api";

export const accountantKeys = {
  overview: ["/api/exports/overview"] as const,
};

export function useExportOverview() {
  return useQuery(queryOptions<LedgerExportOverview>({ queryKey: accountantKeys.overview }));
}

/** attachment; filename="journaal_2026-01-01_2026-12-31.csv" -> journaal_2026-01-01_2026-12-31.csv */
function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/** Fetches an export and saves it; throws an ApiError with the server's message when it is refused. */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(url);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filenameOf(response.headers.get("Content-Disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL can go once it has started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
