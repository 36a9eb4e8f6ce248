import { useState } from "react";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "@client/lib/use-debounced-value";

/** How many matches a picker asks for: enough to choose from, never all 5,000 clients. */
export const PICKER_LIMIT = 20;
/** A request per pause in typing, not per key. */
const SEARCH_DELAY_MS = 250;

/**
 * The search behind a picker: what was typed, debounced, asked of `path` (GET with `search` and `limit`) only while
 * the list is open. The previous matches stay on screen while the next ones load.
 */
export function usePickerSearch<TRecord>(path: string, filters: Record<string, string | undefined> = {}) {
  const [search, setSearch] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const typed = search.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const matches = useQuery({
    ...queryOptions<TRecord[]>({ queryKey: [path, { ...filters, search: debounced, limit: PICKER_LIMIT }] }),
    enabled: isOpen,
    placeholderData: keepPreviousData,
  });
  return {
    matches: matches.data ?? [],
    isLoading: matches.isFetching || typed !== debounced,
    onSearchChange: setSearch,
    onOpenChange: setIsOpen,
  };
}

/** The chosen record, fetched by its id only when the screen cannot name it otherwise. */
export function useChosenRecord<TRecord>(path: string, id: string, isKnown: boolean) {
  return useQuery({
    ...queryOptions<TRecord>({ queryKey: [path, id] }),
    enabled: id !== "" && !isKnown,
  }).data;
}
