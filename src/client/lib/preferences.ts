/**
 * How the user likes to work, kept with the account (GET/PUT /api/settings/preferences) so it follows them to
 * every device and needs no cookie. Any screen may read and change it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Preferences } from "@shared/schemas/settings";
import { apiRequest } from "./api";

const PREFERENCES_KEY = ["/api/settings/preferences"] as const;

export function usePreferences() {
  return useQuery(queryOptions<Preferences>({ queryKey: PREFERENCES_KEY }));
}

/** Saves a preference; the screens follow at once, and go back if the server refuses. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Preferences) => apiRequest<Preferences>("PUT", PREFERENCES_KEY[0], input),
    meta: { booksUnaffected: true },
    onMutate: (input) => {
      const before = queryClient.getQueryData<Preferences>(PREFERENCES_KEY);
      queryClient.setQueryData(PREFERENCES_KEY, input);
      return { before };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(PREFERENCES_KEY, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
