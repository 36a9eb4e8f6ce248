/**
 * Client data for the clients screen (spec §7): query keys, queries and mutations, in one place.
 * Every key starts with "/api/clients", so one invalidation after a change refreshes the list pages, the stat
 * cards and any other screen's client list.
 */
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  CLIENT_PAGE_SIZE,
  type Client,
  type ClientInput,
  type ClientSortField,
  type ClientSummary,
  type SortOrder,
} from "@shared/schemas/clients";
import { apiRequest, queryKeyToUrl } from "@client/lib/api";

export interface ClientListParams {
  search: string;
  sort: ClientSortField;
  order: SortOrder;
}

export const clientQueryKeys = {
  all: ["/api/clients"] as const,
  list: (params: ClientListParams) => ["/api/clients", params] as const,
  summary: ["/api/clients", "summary"] as const,
};

/** The stat cards, counted by the server over all clients (spec §2.16). */
export const clientSummaryQueryOptions = queryOptions<ClientSummary>({ queryKey: clientQueryKeys.summary });

export function useClientSummary() {
  return useQuery(clientSummaryQueryOptions);
}

/**
 * The list, CLIENT_PAGE_SIZE clients at a time, searched and sorted by the server: a user with 5,000 clients
 * downloads and renders 50 rows, not 5,000. While a new search loads, the previous rows stay on screen.
 */
export function useClientPages(params: ClientListParams) {
  return useInfiniteQuery({
    queryKey: clientQueryKeys.list(params),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Client[]>(
        "GET",
        queryKeyToUrl(["/api/clients", { ...params, limit: CLIENT_PAGE_SIZE, offset: pageParam }]),
        undefined,
        { signal },
      ),
    // A full page may have more behind it; a short page is the last.
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length === CLIENT_PAGE_SIZE ? allPages.length * CLIENT_PAGE_SIZE : undefined,
    placeholderData: keepPreviousData,
  });
}

/** The CSV download of what the screen shows (spec §2.16); a plain link, so the browser saves the file. */
export function clientsExportUrl(params: ClientListParams): string {
  return queryKeyToUrl(["/api/clients/export", { ...params }]);
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
}

export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (input: ClientInput) => apiRequest<Client>("POST", "/api/clients", input),
    onSuccess: invalidate,
  });
}

export function useUpdateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ClientInput }) =>
      apiRequest<Client>("PUT", `/api/clients/${encodeURIComponent(id)}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/clients/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
