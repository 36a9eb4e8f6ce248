/**
 * Client data for the clients screen (spec §7): query keys, queries and mutations, in one place.
 * Every key starts with "/api/clients", so one invalidation after a change refreshes the list pages, the stat
 * cards and any other screen's client list.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CLIENT_PAGE_SIZE,
  type Client,
  type ClientInput,
  type ClientRole,
  type ClientSortField,
  type ClientSummary,
  type SortOrder,
} from "@shared/schemas/clients";
import { apiRequest, getQueryFn, queryKeyToUrl } from "@client/lib/api";

export interface ClientListParams {
  search: string;
  /** Only customers or only suppliers; undefined is everyone. */
  role: ClientRole | undefined;
  sort: ClientSortField;
  order: SortOrder;
}

export const clientQueryKeys = {
  all: ["/api/clients"] as const,
  list: (params: ClientListParams & { limit: number; offset: number }) => ["/api/clients", params] as const,
  summary: (role: ClientRole | undefined) => ["/api/clients", "summary", { role }] as const,
  detail: (id: string) => ["/api/clients", id] as const,
};

/** The stat cards, counted by the server over the relations of the filter's role (spec §2.16). */
export function useClientSummary(role: ClientRole | undefined) {
  return useQuery(queryOptions<ClientSummary>({ queryKey: clientQueryKeys.summary(role) }));
}

/**
 * One page of the list, searched and sorted by the server: a user with 5,000 clients downloads and renders
 * CLIENT_PAGE_SIZE rows, not 5,000, and the page stays as light at page 100 as at page 1. One row more than a
 * page is asked for, so the screen knows whether a next page exists. While another page or search loads, the
 * previous rows stay on screen.
 */
export function useClientPage(params: ClientListParams, page: number) {
  return useQuery({
    queryKey: clientQueryKeys.list({
      ...params,
      limit: CLIENT_PAGE_SIZE + 1,
      offset: page * CLIENT_PAGE_SIZE,
    }),
    queryFn: getQueryFn<Client[]>({ on401: "throw" }),
    select: (rows) => ({
      clients: rows.slice(0, CLIENT_PAGE_SIZE),
      hasNextPage: rows.length > CLIENT_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
}

export const clientQueryOptions = (id: string) =>
  queryOptions<Client>({ queryKey: clientQueryKeys.detail(id), queryFn: getQueryFn({ on401: "throw" }) });

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
