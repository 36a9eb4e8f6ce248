/**
 * The reminders of one invoice: the timeline, 'Herinnering sturen' and pause/resume. Keys sit under the invoice's
 * own ("/api/invoices", id), so a payment or credit note refreshes the timeline with the rest of the invoice.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderTimeline } from "@shared/schemas/reminders";
import { apiRequest } from "@client/lib/api";

export const reminderQueryKeys = {
  timeline: (invoiceId: string) => ["/api/invoices", invoiceId, "reminders"] as const,
};

export function useReminderTimeline(invoiceId: string) {
  return useQuery(queryOptions<ReminderTimeline>({ queryKey: reminderQueryKeys.timeline(invoiceId) }));
}

export function useSendReminder(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ReminderTimeline>("POST", `/api/invoices/${encodeURIComponent(invoiceId)}/reminders`),
    meta: { booksUnaffected: true },
    onSuccess: (timeline) => {
      queryClient.setQueryData(reminderQueryKeys.timeline(invoiceId), timeline);
      // The outbox in Settings lists the new e-mail.
      void queryClient.invalidateQueries({ queryKey: ["/api/settings/outbox"] });
    },
  });
}

export function usePauseReminders(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPaused: boolean) =>
      apiRequest<ReminderTimeline>("PUT", `/api/invoices/${encodeURIComponent(invoiceId)}/reminders/pause`, {
        isPaused,
      }),
    meta: { booksUnaffected: true },
    onSuccess: (timeline) => queryClient.setQueryData(reminderQueryKeys.timeline(invoiceId), timeline),
  });
}
