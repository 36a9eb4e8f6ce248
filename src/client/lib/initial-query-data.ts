import type { QueryClient } from "@tanstack/react-query";

/**
 * A prerendered page that shows server data carries that data in <script id="initial-query-data"> (see
 * scripts/prerender.ts). Putting it in the cache before the page renders lets hydration match the HTML; marking
 * it invalidated makes the page fetch the current data right after.
 */
export function seedInitialQueryData(queryClient: QueryClient): void {
  if (typeof document === "undefined") return;
  const element = document.getElementById("initial-query-data");
  if (!element?.textContent) return;
  element.remove();
  const entries = JSON.parse(element.textContent) as [readonly unknown[], unknown][];
  for (const [queryKey, data] of entries) {
    queryClient.setQueryData(queryKey, data);
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: "none" });
  }
}
