/**
 * Client data for Abonnementen: query keys, queries and mutations. Every key starts with
 * "/api/recurring-invoices", so one invalidation refreshes the list, an open template and its history. Pausing,
 * resuming and ending change no figure; a retry makes an invoice, which the query client's books refresh covers.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  RecurringInvoice,
  RecurringInvoiceFormInput,
  RecurringInvoiceRun,
} from "@shared/schemas/recurring-invoices";
import { apiRequest } from "@client/lib/api";

export const recurringInvoiceKeys = {
  all: ["/api/recurring-invoices"] as const,
  runs: (id: string) => ["/api/recurring-invoices", id, "runs"] as const,
};

const templateUrl = (id: string) => `/api/recurring-invoices/${encodeURIComponent(id)}`;

export function useRecurringInvoices() {
  return useQuery(queryOptions<RecurringInvoice[]>({ queryKey: recurringInvoiceKeys.all }));
}

export function useRecurringInvoiceRuns(id: string | undefined) {
  return useQuery({
    ...queryOptions<RecurringInvoiceRun[]>({ queryKey: recurringInvoiceKeys.runs(id ?? "") }),
    enabled: id !== undefined,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recurringInvoiceKeys.all });
}

/** Creates a template, or saves an existing one when an id is given. */
export function useSaveRecurringInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | undefined; input: RecurringInvoiceFormInput }) =>
      id
        ? apiRequest<RecurringInvoice>("PUT", templateUrl(id), input)
        : apiRequest<RecurringInvoice>("POST", "/api/recurring-invoices", input),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

export type TemplateAction = "pause" | "resume" | "end";

export function useTemplateAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TemplateAction }) =>
      apiRequest<RecurringInvoice>("POST", `${templateUrl(id)}/${action}`),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

export function useDeleteRecurringInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", templateUrl(id)),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

/** 'Opnieuw proberen' on a failed period: may issue and book an invoice. */
export function useRetryRun() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, runId }: { id: string; runId: string }) =>
      apiRequest<RecurringInvoiceRun>("POST", `${templateUrl(id)}/runs/${encodeURIComponent(runId)}/retry`),
    onSuccess: invalidate,
  });
}
