/**
 * The app's single QueryClient (spec §7): data is never stale by itself, no refetch on focus, no polling,
 * no retries — screens invalidate exactly the keys their mutations touch.
 * An authorisation failure anywhere (spec §8) shows a toast and sends the browser to /api/login after 500 ms.
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
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppMutationMeta;
  }
}

export const SESSION_QUERY_KEY = ["/api/user"] as const;

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
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) =>
        handleUnauthorized(error, { ignore: query.meta?.ignoreUnauthorized, queryKey: query.queryKey }),
    }),
    mutationCache: new MutationCache({
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
}

export const queryClient = createQueryClient();
