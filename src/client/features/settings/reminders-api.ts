/** Settings → Herinneringen: the user's reminder sequence (/api/settings/reminders). */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderSettings, ReminderSettingsFormInput } from "@shared/schemas/reminders";
import { apiRequest } from "@client/lib/api";

export const reminderSettingsQueryKey = ["/api/settings/reminders"] as const;

export function useReminderSettings() {
  return useQuery(queryOptions<ReminderSettings>({ queryKey: reminderSettingsQueryKey }));
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderSettingsFormInput) =>
      apiRequest<ReminderSettings>("PUT", "/api/settings/reminders", input),
    meta: { booksUnaffected: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderSettingsQueryKey, saved);
      // Every invoice's timeline plans its next step with these days.
      void queryClient.invalidateQueries({ queryKey: ["/api/invoices"] });
    },
  });
}
