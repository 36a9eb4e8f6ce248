/**
 * Client data for Offertes: query keys, queries and mutations. Every key of the quotes starts with "/api/quotes",
 * so one invalidation refreshes the list and an open quote. Converting makes an invoice, whose screens the query
 * client refreshes after every change (BOOKS_QUERY_PREFIXES holds /api/invoices).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Client } from "@shared/schemas/clients";
import type { MailDelivery } from "@shared/schemas/invoices";
import type {
  AcceptQuoteInput,
  ConvertQuoteFormInput,
  DeclineQuoteInput,
  PublicQuote,
  Quote,
  QuoteDetail,
  QuoteFormInput,
  QuoteStatus,
} from "@shared/schemas/quotes";
import { apiRequest } from "@client/lib/api";

export const quoteKeys = {
  all: ["/api/quotes"] as const,
  list: (status: QuoteStatus | undefined) => ["/api/quotes", { status }] as const,
  detail: (id: string) => ["/api/quotes", id] as const,
};

export function useQuotes(status: QuoteStatus | undefined) {
  return useQuery(queryOptions<Quote[]>({ queryKey: quoteKeys.list(status) }));
}

export function useQuote(id: string | undefined) {
  return useQuery({
    ...queryOptions<QuoteDetail>({ queryKey: quoteKeys.detail(id ?? "") }),
    enabled: Boolean(id),
  });
}

/** The clients to choose from (the key the clients screen reads; a feature does not import another feature). */
export function useClientChoices(enabled: boolean) {
  return useQuery({ ...queryOptions<Client[]>({ queryKey: ["/api/clients"] }), enabled });
}

const quoteUrl = (id: string) => `/api/quotes/${encodeURIComponent(id)}`;
export const quotePdfUrl = (id: string) => `${quoteUrl(id)}/pdf`;

function useInvalidateQuotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quoteKeys.all });
}

/** Creates a concept, or saves an existing one when an id is given. */
export function useSaveQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | undefined; input: QuoteFormInput }) =>
      id
        ? apiRequest<QuoteDetail>("PUT", quoteUrl(id), input)
        : apiRequest<QuoteDetail>("POST", "/api/quotes", input),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

export function useDeleteQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", quoteUrl(id)),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

export function useSendQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ quote: QuoteDetail; recipient: string; delivery: MailDelivery }>(
        "POST",
        `${quoteUrl(id)}/send`,
      ),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

/** 'Opnieuw versturen': the sent quote mailed again, with a new link (the old one stops working). */
export function useResendQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ quote: QuoteDetail; recipient: string; delivery: MailDelivery }>(
        "POST",
        `${quoteUrl(id)}/resend`,
      ),
    meta: { booksUnaffected: true },
    onSuccess: invalidate,
  });
}

/** Makes the draft invoice (or deposit invoice); the invoices' screens refresh with the books. */
export function useConvertQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ConvertQuoteFormInput }) =>
      apiRequest<QuoteDetail>("POST", `${quoteUrl(id)}/convert`, input),
    onSuccess: invalidate,
  });
}

/** The public page: the quote behind the link's token, without an account. */
export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: ["public-quote", token],
    queryFn: () => apiRequest<PublicQuote>("POST", "/api/public/quote", { token }),
    enabled: token !== "",
    retry: false,
  });
}

export const publicQuotePdfUrl = (token: string) =>
  `/api/public/quote/pdf?${new URLSearchParams({ token }).toString()}`;

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      answer: ({ kind: "accept" } & AcceptQuoteInput) | ({ kind: "decline" } & DeclineQuoteInput),
    ) => {
      const { kind, ...input } = answer;
      return apiRequest<PublicQuote>("POST", `/api/public/quote/${kind}`, input);
    },
    meta: { booksUnaffected: true },
    onSuccess: (quote, answer) => queryClient.setQueryData(["public-quote", answer.token], quote),
  });
}
