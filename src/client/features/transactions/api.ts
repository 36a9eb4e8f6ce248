/**
 * Data of the transactions screen: query keys, queries and mutations. Spec §7: GET/POST/PUT/DELETE
 * /api/transactions, GET /api/categories; plus the import, the bank accounts with their balances and category
 * management. The list, its totals and the balances are books-derived: the query client refreshes them after
 * every change (lib/query-client.ts), so the mutations here invalidate only the categories they change.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BankAccount } from "@shared/schemas/bank-accounts";
import type { Category, CategoryInput } from "@shared/schemas/categories";
import type {
  ImportResult,
  Transaction,
  TransactionInput,
  TransactionListQuery,
  TransactionSummary,
} from "@shared/schemas/transactions";
import { apiRequest, apiUpload, getQueryFn } from "@client/lib/api";

export const transactionKeys = {
  all: ["/api/transactions"] as const,
  list: (query: TransactionListQuery) => ["/api/transactions", query] as const,
  /** The totals ignore paging, so turning a page does not fetch them again. */
  summary: ({ limit: _limit, offset: _offset, ...filters }: TransactionListQuery) =>
    ["/api/transactions", "summary", filters] as const,
};
export const categoryKeys = { all: ["/api/categories"] as const };
export const bankAccountKeys = { all: ["/api/bank-accounts"] as const };

export const transactionListOptions = (query: TransactionListQuery) =>
  queryOptions({
    queryKey: transactionKeys.list(query),
    queryFn: getQueryFn<Transaction[]>({ on401: "throw" }),
  });

/** One page of the list (GET /api/transactions) with the count and totals of the filtered set (…/summary). */
export function useTransactions(query: TransactionListQuery) {
  const page = useQuery({ ...transactionListOptions(query), placeholderData: (previous) => previous });
  const summary = useQuery({
    queryKey: transactionKeys.summary(query),
    queryFn: getQueryFn<TransactionSummary>({ on401: "throw" }),
    placeholderData: (previous) => previous,
  });
  return {
    data: page.data && summary.data ? { transactions: page.data, ...summary.data } : undefined,
    isPending: page.isPending || summary.isPending,
    isError: page.isError || summary.isError,
    error: page.error ?? summary.error,
    isFetching: page.isFetching || summary.isFetching,
    refetch: () => Promise.all([page.refetch(), summary.refetch()]),
  };
}

export function useCategories() {
  return useQuery({ queryKey: categoryKeys.all, queryFn: getQueryFn<Category[]>({ on401: "throw" }) });
}

export function useBankAccounts() {
  return useQuery({ queryKey: bankAccountKeys.all, queryFn: getQueryFn<BankAccount[]>({ on401: "throw" }) });
}

/** The body of POST/PUT: the validated form, money back as decimals for the wire. */
export type TransactionPayload = Omit<
  TransactionInput,
  "amount" | "vatRate" | "vatAmount" | "amountIncludingVat"
> & {
  amount: string;
  vatRate: string;
  vatAmount: string;
  amountIncludingVat: string;
};

export function useCreateTransaction() {
  return useMutation({
    mutationFn: (payload: TransactionPayload) =>
      apiRequest<Transaction>("POST", "/api/transactions", payload),
  });
}

export function useUpdateTransaction() {
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: TransactionPayload }) =>
      apiRequest<Transaction>("PUT", `/api/transactions/${id}`, payload),
  });
}

export function useDeleteTransaction() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/transactions/${id}`),
  });
}

export function useStopRecurring() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<Transaction>("POST", `/api/transactions/${id}/stop-recurring`),
  });
}

export type ImportProgress = { phase: "uploading"; percent: number } | { phase: "processing" };

/** Sends the file once, as text/csv (decisions.md), with the upload's progress for the progress bar. */
export function uploadCsv(
  csvText: string,
  file: { fileName: string; bankAccountId: string | undefined },
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportResult> {
  const query = new URLSearchParams({ fileName: file.fileName });
  if (file.bankAccountId) query.set("bankAccountId", file.bankAccountId);
  return apiUpload<ImportResult>(`/api/transactions/import?${query}`, csvText, {
    contentType: "text/csv; charset=utf-8",
    onUploadProgress: (percent) => onProgress({ phase: "uploading", percent }),
    onUploaded: () => onProgress({ phase: "processing" }),
  });
}

export function useImportCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: {
      csvText: string;
      fileName: string;
      bankAccountId: string | undefined;
      onProgress: (progress: ImportProgress) => void;
    }) => uploadCsv(options.csvText, options, options.onProgress),
    // The import adds the categories it does not know yet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CategoryInput }) =>
      id
        ? apiRequest<Category>("PUT", `/api/categories/${id}`, input)
        : apiRequest<Category>("POST", "/api/categories", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/categories/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
