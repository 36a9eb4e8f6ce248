/**
 * Client data for the Inkoopfacturen screen: query keys, queries and mutations in one place. Every key starts
 * with "/api/purchase-invoices", so one invalidation after a change refreshes the list, its counters and the
 * open detail. Suppliers and categories are read through this feature's own queries (a feature
 * does not import another feature), with the same keys the other screens use.
 * The forms send what was typed (strings); the server parses it with the same schemas.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Category } from "@shared/schemas/categories";
import type { PaymentFormInput } from "@shared/schemas/invoices";
import type {
  PurchaseInbox,
  PurchaseInvoiceDetail,
  PurchaseInvoiceList,
  PurchaseListQuery,
} from "@shared/schemas/purchase-invoices";
import { apiRequest } from "@client/lib/api";

export const PURCHASE_PAGE_SIZE = 50;
/** How often a document being read is asked after: the progress bar moves, the form fills once it is read. */
const READING_POLL_MS = 1_000;

/** The list's filters as the screen keeps them; `status` includes the derived 'open' and 'overdue'. */
export type PurchaseListFilter = Pick<PurchaseListQuery, "status" | "q">;

export const purchaseQueryKeys = {
  all: ["/api/purchase-invoices"] as const,
  list: (filter: PurchaseListFilter, offset: number) =>
    ["/api/purchase-invoices", { ...filter, limit: PURCHASE_PAGE_SIZE, offset }] as const,
  detail: (id: string) => ["/api/purchase-invoices", id] as const,
  inbox: ["/api/purchase-invoices", "inbox"] as const,
};

const purchaseUrl = (id: string, action?: string) =>
  `/api/purchase-invoices/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/** The original as the browser shows it (PDF or image inline) or, with `download`, saves it. */
export const purchaseDocumentUrl = (id: string, { download = false } = {}) =>
  `${purchaseUrl(id, "document")}${download ? "?download=1" : ""}`;

/**
 * One page of the list with the counters. While a document on it is being read, the page is asked again every
 * second, so its progress bar moves and the row turns into 'Te controleren' by itself.
 */
export function usePurchaseInvoicePage(filter: PurchaseListFilter, page: number) {
  return useQuery({
    ...queryOptions<PurchaseInvoiceList>({
      queryKey: purchaseQueryKeys.list(filter, page * PURCHASE_PAGE_SIZE),
    }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === "reading") ? READING_POLL_MS : false,
  });
}

/** One purchase invoice in full; asked again every second while it is being read. */
export function usePurchaseInvoice(id: string | undefined) {
  return useQuery({
    ...queryOptions<PurchaseInvoiceDetail>({ queryKey: purchaseQueryKeys.detail(id ?? "") }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === "reading" ? READING_POLL_MS : false),
  });
}

/** The expense categories a line can be booked on (the key the transactions screen reads too). */
export function useExpenseCategories() {
  return useQuery({
    ...queryOptions<Category[]>({ queryKey: ["/api/categories"] }),
    select: (categories) => categories.filter((category) => category.type === "expense"),
  });
}

export function usePurchaseInbox() {
  return useQuery(queryOptions<PurchaseInbox>({ queryKey: purchaseQueryKeys.inbox }));
}

function useInvalidatePurchases() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: purchaseQueryKeys.all });
}

/**
 * Booking can create a supplier and teach it defaults: Relaties and the pickers that list suppliers refresh
 * too. Payments can book a bank transaction, which the query client's books refresh already covers.
 */
function useInvalidatePurchasesAndSuppliers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: purchaseQueryKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["/api/clients"] }),
    ]);
}

/** The form as typed: amounts and dates as text, empty strings for what is not filled in. */
export type PurchaseFormPayload = {
  supplierId: string;
  supplierName: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  description: string;
  vatTreatment: string;
  iban: string;
  paymentReference: string;
  lines: Array<{
    description: string | null;
    categoryId: string;
    vatRate: string;
    netAmount: string;
    vatAmount: string | null;
  }>;
};
export type PurchaseBookPayload = PurchaseFormPayload & { paidOn?: string; paidWith?: string };

export function useCreatePurchaseInvoice() {
  const invalidate = useInvalidatePurchases();
  return useMutation({
    mutationFn: (input: PurchaseFormPayload) =>
      apiRequest<PurchaseInvoiceDetail>("POST", "/api/purchase-invoices", input),
    onSuccess: invalidate,
  });
}

export function useSavePurchaseInvoice() {
  const invalidate = useInvalidatePurchases();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PurchaseFormPayload }) =>
      apiRequest<PurchaseInvoiceDetail>("PUT", purchaseUrl(id), input),
    onSuccess: invalidate,
  });
}

export function useBookPurchaseInvoice() {
  const invalidate = useInvalidatePurchasesAndSuppliers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PurchaseBookPayload }) =>
      apiRequest<PurchaseInvoiceDetail>("POST", purchaseUrl(id, "book"), input),
    onSuccess: invalidate,
  });
}

export function useDeletePurchaseInvoice() {
  const invalidate = useInvalidatePurchases();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", purchaseUrl(id)),
    onSuccess: invalidate,
  });
}

/** 'Corrigeren': a new purchase invoice in review with the amounts negated, to adjust and book. */
export function useCreditPurchaseInvoice() {
  const invalidate = useInvalidatePurchases();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PurchaseInvoiceDetail>("POST", purchaseUrl(id, "credit")),
    onSuccess: invalidate,
  });
}

export function useRecordPurchasePayment() {
  const invalidate = useInvalidatePurchases();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PaymentFormInput }) =>
      apiRequest<PurchaseInvoiceDetail>("POST", purchaseUrl(id, "payments"), input),
    onSuccess: invalidate,
  });
}

export function useDeletePurchasePayment() {
  const invalidate = useInvalidatePurchases();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      apiRequest<PurchaseInvoiceDetail>(
        "DELETE",
        purchaseUrl(id, `payments/${encodeURIComponent(paymentId)}`),
      ),
    onSuccess: invalidate,
  });
}

/** 'Nieuw adres': the old inbox address stops working at once. */
export function useRenewPurchaseInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PurchaseInbox>("POST", "/api/purchase-invoices/inbox/renew"),
    onSuccess: (inbox) => queryClient.setQueryData(purchaseQueryKeys.inbox, inbox),
    meta: { booksUnaffected: true },
  });
}
