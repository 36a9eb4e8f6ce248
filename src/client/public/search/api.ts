import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchAnswer, SearchClickInput, SuggestionsAnswer } from "@shared/schemas/search";
import { apiRequest } from "@client/lib/api";

export const searchKeys = {
  results: (q: string) => ["/api/search", { q }] as const,
  suggestions: (q: string) => ["/api/search/suggestions", { q }] as const,
};

/** GET /api/search?q= — nothing is fetched for an empty query. */
export function useSiteSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) =>
      apiRequest<SearchAnswer>("GET", `/api/search?${new URLSearchParams({ q: query })}`, undefined, {
        signal,
      }),
    enabled: query.length > 0,
  });
}

/** GET /api/search/suggestions?q= while typing; the previous list stays while the next one loads. */
export function useSearchSuggestions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.suggestions(q.trim()),
    queryFn: ({ signal }) =>
      apiRequest<SuggestionsAnswer>(
        "GET",
        `/api/search/suggestions?${new URLSearchParams({ q: q.trim() })}`,
        undefined,
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Tells the server which result of a search was opened; `keepalive` lets it finish while the page changes. */
export function recordSearchClick(click: SearchClickInput): void {
  void fetch("/api/search/click", {
    method: "POST",
    credentials: "include",
    keepalive: true,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(click),
  }).catch(() => {});
}
