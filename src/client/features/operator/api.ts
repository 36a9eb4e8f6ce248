/**
 * Client data of the back office: its own query client (a 401 here means the operator's session ended, which
 * leads to /beheer/inloggen rather than to the customers' sign-in), query keys per list, and the changes.
 */
import { keepPreviousData, QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, TwoFactorRequiredAnswer } from "@shared/schemas/auth";
import {
  OPERATOR_PAGE_SIZE,
  type ContactAnswerInput,
  type ContactMessage,
  type ErrorLogRow,
  type FeatureFlagRow,
  type JobRunRow,
  type NewsletterSignupRow,
  type OperatorAnswer,
  type PrivacyRequestRow,
} from "@shared/schemas/operator";
import { apiListPage, apiRequest, ApiError, getQueryFn, queryKeyToUrl, type ListPage } from "@client/lib/api";

export const operatorQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: 30_000,
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

export const operatorKeys = {
  me: ["/api/operator/me"] as const,
  list: (path: OperatorListPath, page: number) =>
    [`/api/operator/${path}`, { limit: OPERATOR_PAGE_SIZE, offset: page * OPERATOR_PAGE_SIZE }] as const,
  all: (path: OperatorListPath) => [`/api/operator/${path}`] as const,
  jobRuns: ["/api/operator/job-runs"] as const,
};

export type OperatorListPath =
  "contact-messages" | "newsletter-signups" | "privacy-requests" | "error-logs" | "feature-flags";

export type OperatorRowOf = {
  "contact-messages": ContactMessage;
  "newsletter-signups": NewsletterSignupRow;
  "privacy-requests": PrivacyRequestRow;
  "error-logs": ErrorLogRow;
  "feature-flags": FeatureFlagRow;
};

/** The back office answers a customer's session 404: for it there is nothing here. */
export const isNotHere = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The signed-in operator; null when signed out. */
export function useOperator() {
  return useQuery<OperatorAnswer | null>({
    queryKey: operatorKeys.me,
    queryFn: getQueryFn<OperatorAnswer | null>({ on401: "returnNull" }),
  });
}

/** One page (0-based) of a back-office list with the size of the whole list. */
export function useOperatorList<TPath extends OperatorListPath>(path: TPath, page: number) {
  return useQuery<ListPage<OperatorRowOf[TPath]>>({
    queryKey: operatorKeys.list(path, page),
    queryFn: ({ queryKey, signal }) => apiListPage<OperatorRowOf[TPath]>(queryKeyToUrl(queryKey), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useJobRuns() {
  return useQuery<JobRunRow[]>({ queryKey: operatorKeys.jobRuns });
}

export const needsCode = (
  answer: OperatorAnswer | TwoFactorRequiredAnswer,
): answer is TwoFactorRequiredAnswer => "twoFactorRequired" in answer;

export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<OperatorAnswer | TwoFactorRequiredAnswer>("POST", "/api/operator/login", input),
    onSuccess: (answer) => {
      if (!needsCode(answer)) queryClient.setQueryData(operatorKeys.me, answer);
    },
  });
}

/** The code step of two-factor sign-in, the customers' route; the answer is then the operator. */
export function useOperatorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest("POST", "/api/login/two-factor", { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.me }),
  });
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>("POST", "/api/logout"),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(operatorKeys.me, null);
    },
  });
}

export function useAnswerContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContactAnswerInput }) =>
      apiRequest<void>("POST", `/api/operator/contact-messages/${encodeURIComponent(id)}/answer`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all("contact-messages") }),
  });
}

export function useToggleFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      apiRequest<FeatureFlagRow>("PATCH", `/api/operator/feature-flags/${encodeURIComponent(id)}`, {
        isEnabled,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all("feature-flags") }),
  });
}
