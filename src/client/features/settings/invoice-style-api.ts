/** Settings → Factuuropmaak: the accent colour and page footer of the user's documents (/api/settings/invoice-style). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvoiceStyle, InvoiceStyleFormInput } from "@shared/schemas/invoice-styles";
import { apiRequest } from "@client/lib/api";

export const invoiceStyleQueryKey = ["/api/settings/invoice-style"] as const;

export function useInvoiceStyle() {
  return useQuery(queryOptions<InvoiceStyle>({ queryKey: invoiceStyleQueryKey }));
}

export function useSaveInvoiceStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceStyleFormInput) =>
      apiRequest<InvoiceStyle>("PUT", "/api/settings/invoice-style", input),
    meta: { booksUnaffected: true },
    onSuccess: (saved) => queryClient.setQueryData(invoiceStyleQueryKey, saved),
  });
}
