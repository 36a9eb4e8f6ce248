/**
 * Data of the Bank screen: query keys, queries and mutations for bank statements, bank lines ('Af te handelen')
 * and rules ('Voortaan automatisch'). The lines and statements are books-derived: the query client refreshes
 * every key under /api/bank-lines and /api/bank-statements after any change (lib/query-client.ts), so the
 * mutations here invalidate only the rules they change.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BankAccount, BankAccountFormInput } from "@shared/schemas/bank-accounts";
import type {
  AcceptLinesAnswer,
  BankAccountReconciliation,
  BankLineCandidates,
  CreateRuleAnswer,
  BankImportAnswer,
  BankLineList,
  BankLineListQuery,
  BankRule,
  BankStatementSummary,
  BookLineFormInput,
  RuleFormInput,
} from "@shared/schemas/bank-statements";
import type { Category } from "@shared/schemas/categories";
import { apiRequest, getQueryFn } from "@client/lib/api";

export const bankLineKeys = {
  all: ["/api/bank-lines"] as const,
  list: (query: BankLineListQuery) => ["/api/bank-lines", query] as const,
  candidates: (id: string) => ["/api/bank-lines", id, "candidates"] as const,
};
export const bankStatementKeys = {
  all: ["/api/bank-statements"] as const,
  balances: ["/api/bank-statements", "balances"] as const,
};
export const bankRuleKeys = { all: ["/api/bank-rules"] as const };
/** The same keys the transactions screen reads (a feature does not import another; the cache is shared). */
export const categoryKeys = { all: ["/api/categories"] as const };
export const bankAccountKeys = { all: ["/api/bank-accounts"] as const };

export function useBankLines(query: BankLineListQuery) {
  return useQuery({
    queryKey: bankLineKeys.list(query),
    queryFn: getQueryFn<BankLineList>({ on401: "throw" }),
    // Switching tabs or pages keeps the previous rows on screen until the next ones are there.
    placeholderData: (previous) => previous,
  });
}

export function useLineCandidates(id: string | undefined) {
  return useQuery({
    queryKey: bankLineKeys.candidates(id ?? ""),
    queryFn: getQueryFn<BankLineCandidates>({ on401: "throw" }),
    enabled: id !== undefined,
  });
}

export function useBankStatements() {
  return useQuery({
    queryKey: bankStatementKeys.all,
    queryFn: getQueryFn<BankStatementSummary[]>({ on401: "throw" }),
  });
}

export function useAccountBalances() {
  return useQuery({
    queryKey: bankStatementKeys.balances,
    queryFn: getQueryFn<BankAccountReconciliation[]>({ on401: "throw" }),
  });
}

export function useBankRules(enabled = true) {
  return useQuery({
    queryKey: bankRuleKeys.all,
    queryFn: getQueryFn<BankRule[]>({ on401: "throw" }),
    enabled,
  });
}

export function useCategories(enabled = true) {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: getQueryFn<Category[]>({ on401: "throw" }),
    enabled,
  });
}

export function useBankAccounts() {
  return useQuery({ queryKey: bankAccountKeys.all, queryFn: getQueryFn<BankAccount[]>({ on401: "throw" }) });
}

export type ImportRequest = {
  file: Blob;
  fileName: string;
  /** For a file that does not name its account. */
  bankAccountId?: string | undefined;
  /** After 'needs-choice': import the rows that could be read. */
  skipBadRows?: boolean;
};

export function importStatementUrl({ fileName, bankAccountId, skipBadRows }: Omit<ImportRequest, "file">) {
  const params = new URLSearchParams({ fileName });
  if (bankAccountId) params.set("bankAccountId", bankAccountId);
  if (skipBadRows !== undefined) params.set("skipBadRows", String(skipBadRows));
  return `/api/bank-statements/import?${params.toString()}`;
}

/**
 * Sends the file's bytes as they are: the server recognises the format (and the encoding) from the content, so
 * the browser's guess at a type ("text/xml", "" for .sta) is replaced by application/octet-stream.
 */
export function useImportStatement() {
  return useMutation({
    mutationFn: ({ file, ...request }: ImportRequest) =>
      apiRequest<BankImportAnswer>(
        "POST",
        importStatementUrl(request),
        new Blob([file], { type: "application/octet-stream" }),
      ),
  });
}

export function useCreateBankAccount() {
  return useMutation({
    mutationFn: (input: BankAccountFormInput) => apiRequest<BankAccount>("POST", "/api/bank-accounts", input),
  });
}

/** The body is the form's input: amounts as decimals ("1210.00"), which the server parses with the same schema. */
export function useBookLine() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: BookLineFormInput }) =>
      apiRequest<unknown>("POST", `/api/bank-lines/${id}/book`, input),
  });
}

export function useAcceptLines() {
  return useMutation({
    mutationFn: (ids: string[]) => apiRequest<AcceptLinesAnswer>("POST", "/api/bank-lines/accept", { ids }),
  });
}

export function useUndoBooking() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/bank-lines/${id}/booking`),
  });
}

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleFormInput) => apiRequest<CreateRuleAnswer>("POST", "/api/bank-rules", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankRuleKeys.all }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    // Deleting a rule changes the proposals of the open lines: the books refresh (the default) covers those.
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/bank-rules/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankRuleKeys.all }),
  });
}
