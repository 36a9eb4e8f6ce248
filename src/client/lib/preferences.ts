/**
 * How the user likes to work, kept with the account (GET/PUT /api/settings/preferences) so it follows them to
 * every device and needs no cookie. Any screen may read and change it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Preferences, PreferencesInput } from "@shared/schemas/settings";
import { apiRequest } from "./api";

export const PREFERENCES_KEY = ["/api/settings/preferences"] as const;

export function usePreferences() {
  return useQuery(queryOptions<Preferences>({ queryKey: PREFERENCES_KEY }));
}

/** Saves the preferences given (the others stay); the screens follow at once, and go back if the server refuses. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PreferencesInput) => apiRequest<Preferences>("PUT", PREFERENCES_KEY[0], changes),
    meta: { booksUnaffected: true },
    onMutate: (changes) => {
      const before = queryClient.getQueryData<Preferences>(PREFERENCES_KEY);
      if (before) queryClient.setQueryData(PREFERENCES_KEY, { ...before, ...changes });
      return { before };
    },
    onError: (_error, _changes, context) => queryClient.setQueryData(PREFERENCES_KEY, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
