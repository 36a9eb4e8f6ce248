/**
 * The app's single QueryClient (spec §7):
 * 1. Data is never stale by itself: no refetch on focus, no polling, no retries.
 * 2. Every successful mutation invalidates the books-derived queries (`BOOKS_QUERY_PREFIXES`): any change can
 *    move a figure on the dashboard, the reports or the VAT return, so no mutation has to remember them; one
 *    that cannot touch the money says so with `meta: { booksUnaffected: true }`. Screens invalidate only their
 *    own other keys (lists, pickers) themselves.
 * 3. An authorisation failure anywhere (spec §8) shows a toast and sends the browser to /api/login after 500 ms.
 */
import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { getQueryFn, isUnauthorizedError } from "./api";
import { toast } from "./toast";

export interface AppQueryMeta extends Record<string, unknown> {
  /** Do not treat a 401 from this query as "the session ended" (e.g. the session probe itself). */
  ignoreUnauthorized?: boolean;
}

export interface AppMutationMeta extends Record<string, unknown> {
  /** Do not treat a 401 from this mutation as "the session ended" (e.g. a failed sign-in). */
  ignoreUnauthorized?: boolean;
  /**
   * This change cannot move the books (sign-out, profile, password, logo, contact forms): skip refreshing the
   * books-derived queries. Leave it out when in doubt; an extra refetch is cheap, stale figures are not.
   */
  booksUnaffected?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppMutationMeta;
  }
}

export const SESSION_QUERY_KEY = ["/api/user"] as const;

/**
 * The API paths whose answers are read from the books (the ledger and the records it is posted from); a query
 * key starting with one of them, or with a path below it, is refreshed after every change.
 */
export const BOOKS_QUERY_PREFIXES = [
  // Dashboard: the cards, the chart, the account balances and the recent transactions.
  "/api/dashboard",
  // Reports: the summary cards (cashflow among them) and every report.
  "/api/reports",
  // Accountant: the first and last day of the books (the exports themselves are downloads, never cached).
  "/api/exports",
  // Belastingen: the periods with their state and the VAT return; a return is filed from what was shown.
  "/api/vat-returns",
  // The bell: overdue invoices, a VAT return due or late (and a timer left running).
  "/api/notifications",
  // Settings → Grootboekrekeningen: the chart of accounts with its balances.
  "/api/ledger",
  // The bank accounts with their balances (Settings and the transactions screen's picker).
  "/api/bank-accounts",
  // The transactions list and its totals: an invoice payment can book a bank transaction.
  "/api/transactions",
  // The invoices with their open amounts and counters: a payment or a bank line can settle one.
  "/api/invoices",
  // The purchase invoices likewise: a bank line matched to one pays it.
  "/api/purchase-invoices",
  // Bank lines with their proposals and the open count: a new invoice, transaction or rule changes what is
  // proposed, and booking elsewhere can settle a line.
  "/api/bank-lines",
  // The imported statements and the reconciliation of each account's bank balance with the books.
  "/api/bank-statements",
  // The dashboard's first steps: saving company data or an account, adding a client, issuing an invoice or
  // importing a statement each ticks one off.
  "/api/onboarding",
] as const;

/** Whether the query shows figures from the books: its key starts with one of `BOOKS_QUERY_PREFIXES`. */
export function isBooksQuery(queryKey: QueryKey): boolean {
  const [path] = queryKey;
  return (
    typeof path === "string" &&
    BOOKS_QUERY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
}

/** Pages where a 401 is expected and must not bounce the visitor. */
const AUTH_PATHS = new Set(["/inloggen", "/aanmelden"]);
const LOGIN_REDIRECT_DELAY_MS = 500;

let isRedirectingToLogin = false;

function isSessionProbe(queryKey: QueryKey | undefined): boolean {
  return queryKey?.[0] === SESSION_QUERY_KEY[0];
}

function handleUnauthorized(error: unknown, options: { ignore?: boolean; queryKey?: QueryKey }): void {
  if (!isUnauthorizedError(error) || options.ignore || isSessionProbe(options.queryKey)) return;
  if (typeof window === "undefined" || AUTH_PATHS.has(window.location.pathname)) return;
  // Several queries can fail at once when a session ends; tell the user and leave only once.
  if (isRedirectingToLogin) return;
  isRedirectingToLogin = true;
  toast({
    variant: "destructive",
    title: "Niet geautoriseerd",
    description: "Je bent uitgelogd. Opnieuw inloggen...",
  });
  setTimeout(() => {
    window.location.href = "/api/login";
  }, LOGIN_REDIRECT_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) =>
        handleUnauthorized(error, { ignore: query.meta?.ignoreUnauthorized, queryKey: query.queryKey }),
    }),
    mutationCache: new MutationCache({
      // Marks every books-derived query stale at once and refetches those on display in the background: the
      // change's own toast and dialog do not wait for them; those not on display fetch when next shown.
      onSuccess: (_data, _variables, _onMutateResult, mutation) => {
        if (mutation.meta?.booksUnaffected) return;
        void client.invalidateQueries({ predicate: (query) => isBooksQuery(query.queryKey) });
      },
      onError: (error, _variables, _onMutateResult, mutation) =>
        handleUnauthorized(error, { ignore: mutation.meta?.ignoreUnauthorized }),
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
