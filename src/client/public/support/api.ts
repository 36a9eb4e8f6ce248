import { useMutation, useQuery } from "@tanstack/react-query";
import type { ContactValues, FormToken, HealthAnswer } from "@shared/schemas/public-site";
import { apiRequest } from "@client/lib/api";

export const supportKeys = {
  formToken: ["/api/forms/token"] as const,
  health: ["/api/health"] as const,
};

/** The signed moment the contact form was shown (the server's too-fast check). */
export function useFormToken() {
  return useQuery({
    queryKey: supportKeys.formToken,
    queryFn: () => apiRequest<FormToken>("GET", "/api/forms/token"),
    staleTime: Infinity,
  });
}

export type ContactPayload = ContactValues & { formToken?: string | undefined };

/** POST /api/contact */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactPayload) =>
      apiRequest<{ reference: string; message: string }>("POST", "/api/contact", input),
    meta: { booksUnaffected: true },
  });
}

export const STATUS_REFRESH_MS = 30_000;

/**
 * GET /api/health for the status page, refreshed every 30 seconds while the page is open. A failed check is
 * itself the news ("niet bereikbaar"), so it is not retried silently.
 */
export function useHealth() {
  return useQuery({
    queryKey: supportKeys.health,
    queryFn: ({ signal }) => apiRequest<HealthAnswer>("GET", "/api/health", undefined, { signal }),
    refetchInterval: STATUS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
