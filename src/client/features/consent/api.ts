/**
 * Server data of the privacy center: the cookie policy in force, the session's audit lines, GDPR requests, and
 * the download of the consent data kept in this browser.
 */
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { COOKIE_INVENTORY } from "@shared/consent";
import type {
  ConsentAuditLine,
  CookiePolicy,
  GdprRequestAnswer,
  GdprRequestInput,
} from "@shared/schemas/consent";
import { apiRequest, getQueryFn } from "@client/lib/api";
import type { ConsentState } from "@client/lib/consent/manager";

export const cookiePolicyQueryOptions = queryOptions({
  queryKey: ["/api/cookie-policy"],
  queryFn: getQueryFn<CookiePolicy>({ on401: "throw" }),
});

export function useCookiePolicy() {
  return useQuery(cookiePolicyQueryOptions);
}

/** The last 5 audit lines of this browser's session; refetched whenever the local history changes. */
export function useConsentAuditLines(sessionId: string | null, historyVersion: string) {
  return useQuery({
    queryKey: ["/api/consent/audit", { sessionId, v: historyVersion }],
    queryFn: () =>
      apiRequest<ConsentAuditLine[]>("GET", `/api/consent/audit?sessionId=${encodeURIComponent(sessionId!)}`),
    enabled: sessionId !== null,
  });
}

export function useCreateGdprRequest() {
  return useMutation({
    mutationFn: (input: GdprRequestInput) =>
      apiRequest<GdprRequestAnswer>("POST", "/api/gdpr-requests", input),
    // Asking sends an e-mail; an erasure is carried out from the link's page, not from here.
    meta: { booksUnaffected: true },
  });
}

/** Spec §7: downloading consent data yields a JSON file. */
export function downloadConsentData(state: ConsentState, now: Date = new Date()): void {
  const data = {
    exportedAt: now.toISOString(),
    sessionId: state.sessionId,
    consent: state.record,
    history: state.history,
    cookieInventory: COOKIE_INVENTORY,
  };
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `balans-cookievoorkeuren-${now.toISOString().slice(0, 10)}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
