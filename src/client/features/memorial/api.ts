/**
 * Client data for the Memoriaal screen: query keys, queries and mutations. Every key of the entries starts with
 * "/api/memorial-entries", so one invalidation refreshes the list and an open entry; the books-derived screens
 * (balances, reports, the VAT return) are refreshed by the query client after every change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LedgerAccountAnswer } from "@shared/schemas/ledger";
import type { MemorialEntry, MemorialEntryFormInput, MemorialEntrySummary } from "@shared/schemas/memorial";
import { apiRequest } from "@client/lib/api";

export const memorialKeys = {
  all: ["/api/memorial-entries"] as const,
  detail: (id: string) => ["/api/memorial-entries", id] as const,
  /** The chart of accounts (with balances): the key Settings → Grootboekrekeningen reads too. */
  accounts: ["/api/ledger/accounts"] as const,
};

export function useMemorialEntries() {
  return useQuery(queryOptions<MemorialEntrySummary[]>({ queryKey: memorialKeys.all }));
}

export const memorialEntryQuery = (id: string) =>
  queryOptions<MemorialEntry>({ queryKey: memorialKeys.detail(id) });

export function useLedgerAccounts() {
  return useQuery(queryOptions<LedgerAccountAnswer[]>({ queryKey: memorialKeys.accounts }));
}

function useInvalidateEntries() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memorialKeys.all });
}

const entryUrl = (id: string) => `/api/memorial-entries/${encodeURIComponent(id)}`;

/** Creates an entry, or saves an existing one when an id is given. */
export function useSaveMemorialEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | undefined; input: MemorialEntryFormInput }) =>
      id
        ? apiRequest<MemorialEntry>("PUT", entryUrl(id), input)
        : apiRequest<MemorialEntry>("POST", "/api/memorial-entries", input),
    onSuccess: invalidate,
  });
}

export function useDeleteMemorialEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", entryUrl(id)),
    onSuccess: invalidate,
  });
}

export function useLockMemorialEntry() {
  const invalidate = useInvalidateEntries();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MemorialEntry>("POST", `${entryUrl(id)}/lock`),
    // Locking changes no figure.
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}
