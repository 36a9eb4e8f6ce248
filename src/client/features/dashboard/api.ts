/**
 * Dashboard data: one answer per chart period with every card, the chart, the accounts and recent transactions;
 * and the first-steps checklist, refreshed by the query client after every change (lib/query-client.ts).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DashboardPeriod } from "@shared/periods";
import type { DashboardMetrics } from "@shared/schemas/dashboard";
import type { Onboarding } from "@shared/schemas/onboarding";
import type { Preferences } from "@shared/schemas/settings";
import { apiRequest } from "@client/lib/api";
import { PREFERENCES_KEY } from "@client/lib/preferences";
import { toastError } from "@client/lib/toast";

export const dashboardQueryKeys = {
  all: ["/api/dashboard/metrics"] as const,
  metrics: (period: DashboardPeriod) => ["/api/dashboard/metrics", { period }] as const,
  onboarding: ["/api/onboarding"] as const,
};

export function useDashboardMetrics(period: DashboardPeriod) {
  // Switching the period keeps the cards on screen while the new months load; only the chart waits.
  return useQuery<DashboardMetrics>({
    queryKey: dashboardQueryKeys.metrics(period),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOnboarding() {
  return useQuery<Onboarding>({ queryKey: dashboardQueryKeys.onboarding });
}

/** 'Niet meer tonen': the checklist goes at once, and stays away on every device (a preference). */
export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  const setDismissed = (isDismissed: boolean) =>
    queryClient.setQueryData<Onboarding>(
      dashboardQueryKeys.onboarding,
      (onboarding) => onboarding && { ...onboarding, isDismissed },
    );
  return useMutation({
    mutationFn: () => apiRequest<Preferences>("PUT", PREFERENCES_KEY[0], { isOnboardingDismissed: true }),
    meta: { booksUnaffected: true },
    onMutate: () => setDismissed(true),
    onError: (error) => {
      setDismissed(false);
      toastError(error);
    },
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_KEY, preferences),
  });
}
