/**
 * Client data for the invoices screen (spec §2.15, §7): query keys, queries and mutations in one place. Every
 * invoice key starts with "/api/invoices", so one invalidation after a change refreshes list, counters and
 * the next number. The form's client picker and the seller's KOR setting are read through this feature's own
 * queries (a feature does not import another feature).
 * The form sends what was typed (InvoiceFormInput), not the schema's parsed output: the output is in cents and
 * hundredths, and the server parses the input itself with the same schema.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Client } from "@shared/schemas/clients";
import {
  INVOICE_PAGE_SIZE,
  type BillableEntry,
  type BillableHoursQuery,
  type CreditFormInput,
  type HoursInvoiceInput,
  type Invoice,
  type InvoiceDetail,
  type InvoiceDocument,
  type InvoiceFormInput,
  type InvoiceStatus,
  type InvoiceSummary,
  type PaymentFormInput,
  type SendPreview,
  type SentInvoice,
} from "@shared/schemas/invoices";
import type { CompanyProfile } from "@shared/schemas/settings";
import { apiRequest } from "@client/lib/api";

export const invoiceQueryKeys = {
  all: ["/api/invoices"] as const,
  list: (status: InvoiceStatus | undefined, offset: number) =>
    ["/api/invoices", { status, limit: INVOICE_PAGE_SIZE + 1, offset }] as const,
  summary: ["/api/invoices", "summary"] as const,
  nextNumber: (issueDate: string) => ["/api/invoices", "next-number", { issueDate }] as const,
  detail: (id: string) => ["/api/invoices", id] as const,
  document: (id: string) => ["/api/invoices", id, "document"] as const,
  sendPreview: (id: string) => ["/api/invoices", id, "send-preview"] as const,
};

/** The PDF download (a plain link, so the browser saves the file). */
export const invoicePdfUrl = (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`;
/** The e-invoice (UBL 2.1, Peppol BIS Billing 3.0) of an issued invoice, as a download. */
export const invoiceUblUrl = (id: string) => `/api/invoices/${encodeURIComponent(id)}/ubl`;
/** The same PDF opened in the browser rather than saved (the send preview). */
export const invoicePdfViewUrl = (id: string) => `${invoicePdfUrl(id)}?inline=1`;

export function useInvoiceDocument(id: string | undefined) {
  return useQuery({
    ...queryOptions<InvoiceDocument>({ queryKey: invoiceQueryKeys.document(id ?? "") }),
    enabled: Boolean(id),
  });
}

/**
 * One page of the list, newest first: a user with 5,000 invoices downloads and renders 50. One row more than a
 * page is asked for, so the screen knows whether a next page exists; the previous rows stay while one loads.
 */
export function useInvoicePage(status: InvoiceStatus | undefined, page: number) {
  return useQuery({
    ...queryOptions<Invoice[]>({ queryKey: invoiceQueryKeys.list(status, page * INVOICE_PAGE_SIZE) }),
    select: (rows) => ({
      invoices: rows.slice(0, INVOICE_PAGE_SIZE),
      hasNextPage: rows.length > INVOICE_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceSummary() {
  return useQuery(queryOptions<InvoiceSummary>({ queryKey: invoiceQueryKeys.summary }));
}

/** The number an invoice dated `issueDate` gets when sent now: the form's hint (a draft is numbered when sent). */
export function useNextInvoiceNumber(issueDate: string) {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(issueDate) ? issueDate : new Date().toISOString().slice(0, 10);
  return useQuery({
    ...queryOptions<{ invoiceNumber: string }>({ queryKey: invoiceQueryKeys.nextNumber(date) }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string | undefined) {
  return useQuery({
    ...queryOptions<InvoiceDetail>({ queryKey: invoiceQueryKeys.detail(id ?? "") }),
    enabled: Boolean(id),
  });
}

/** A draft's own client, for the VAT of lines added while editing it. */
export function useInvoiceClient(id: string | undefined) {
  return useQuery({
    ...queryOptions<Client>({ queryKey: ["/api/clients", id ?? ""] }),
    enabled: Boolean(id),
  });
}

/** The seller's settings: with KOR, new lines default to 'VAT exempt'. */
export function useSellerSettings() {
  return useQuery(queryOptions<CompanyProfile>({ queryKey: ["/api/settings/company"] }));
}

/** 'Uren factureren': the client's billable hours that are on no invoice yet. */
export function useBillableHours(query: BillableHoursQuery) {
  return useQuery({
    ...queryOptions<BillableEntry[]>({ queryKey: ["/api/invoices", "billable-hours", { ...query }] }),
    enabled: Boolean(query.clientId),
    staleTime: 0,
  });
}

export function useCreateInvoiceFromHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HoursInvoiceInput) =>
      apiRequest<InvoiceDetail>("POST", "/api/invoices/from-hours", input),
    // The entries are now invoiced: the hours screen shows that too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["/api/time-entries"] }),
      ]),
  });
}

function useInvalidateInvoices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all });
}

const invoiceUrl = (id: string, action?: string) =>
  `/api/invoices/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

export function useCreateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: InvoiceFormInput) => apiRequest<InvoiceDetail>("POST", "/api/invoices", input),
    onSuccess: invalidate,
  });
}

export function useUpdateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: InvoiceFormInput }) =>
      apiRequest<InvoiceDetail>("PUT", invoiceUrl(id), input),
    onSuccess: invalidate,
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", invoiceUrl(id)),
    // A deleted draft releases the hours it billed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["/api/time-entries"] }),
      ]),
  });
}

export function useMarkInvoiceSent() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (id: string) => apiRequest<InvoiceDetail>("POST", invoiceUrl(id, "mark-sent")),
    onSuccess: invalidate,
  });
}

/** 'Betaling registreren': money received, or with a minus sign a refund of what was paid too much. */
export function useRecordPayment() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PaymentFormInput }) =>
      apiRequest<InvoiceDetail>("POST", invoiceUrl(id, "payments"), input),
    onSuccess: invalidate,
  });
}

export function useDeletePayment() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      apiRequest<InvoiceDetail>("DELETE", invoiceUrl(id, `payments/${encodeURIComponent(paymentId)}`)),
    onSuccess: invalidate,
  });
}

/**
 * What 'Versturen' will send: recipient, subject, text and the PDF's name (a draft shows the number it will
 * get). Asked again each time the dialog opens, since the client's address or the series may have changed.
 */
export function useSendPreview(id: string | undefined) {
  return useQuery({
    ...queryOptions<SendPreview>({ queryKey: invoiceQueryKeys.sendPreview(id ?? "") }),
    enabled: Boolean(id),
    staleTime: 0,
    gcTime: 0,
  });
}

/** E-mails the PDF to the client (a draft is issued first); the outbox in Settings shows it. */
export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: { subject: string; message: string } }) =>
      apiRequest<SentInvoice>("POST", invoiceUrl(id, "send"), input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["/api/settings/outbox"] }),
      ]),
  });
}

/** A credit note for the whole invoice (empty input), chosen lines or an amount; answers the credit note. */
export function useCreditInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CreditFormInput }) =>
      apiRequest<InvoiceDetail>("POST", invoiceUrl(id, "credit"), input),
    onSuccess: invalidate,
  });
}
