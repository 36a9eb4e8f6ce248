/** Dashboard data: one answer per chart period with every card, the chart, the accounts and recent transactions. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DashboardPeriod } from "@shared/periods";
import type { DashboardMetrics } from "@shared/schemas/dashboard";

export const dashboardQueryKeys = {
  all: ["/api/dashboard/metrics"] as const,
  metrics: (period: DashboardPeriod) => ["/api/dashboard/metrics", { period }] as const,
};

export function useDashboardMetrics(period: DashboardPeriod) {
  // Switching the period keeps the cards on screen while the new months load; only the chart waits.
  return useQuery<DashboardMetrics>({
    queryKey: dashboardQueryKeys.metrics(period),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
