import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { BillingCheckout, BillingStatus } from "@shared/schemas/billing";
import { apiRequest } from "@client/lib/api";

/** Balans's own subscription: the state for the banner and Settings → Abonnement, starting and cancelling. */
export const BILLING_KEY = ["/api/billing"] as const;
export const billingQuery = queryOptions<BillingStatus>({ queryKey: BILLING_KEY });

/** 'Abonnement starten': the provider's checkout for the first month, where the browser goes next. */
export function useStartSubscription() {
  return useMutation({
    mutationFn: () => apiRequest<BillingCheckout>("POST", "/api/billing/subscription"),
    meta: { booksUnaffected: true },
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>("DELETE", "/api/billing/subscription"),
    meta: { booksUnaffected: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
