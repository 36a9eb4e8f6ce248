/**
 * Starting a demo (spec §7 POST /api/demo/start, §8 Demo): the server creates a demo account full of data and
 * signs this browser in; the answer's user goes straight into the session cache.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DemoStartAnswer } from "@shared/schemas/demo";
import { apiRequest, getErrorMessage } from "@client/lib/api";
import { SESSION_QUERY_KEY } from "@client/lib/query-client";

/** Spec §8: the message when the server gives none. */
const DEMO_FAILED_DEFAULT = "Demo aanmaken mislukt";
/** Spec §8: the toast text for a rate-limited start (the server's message contains 'Te veel'). */
export const DEMO_TOO_MANY_TEXT = "Te veel demo aanvragen. Probeer het over 10 minuten opnieuw.";
export const DEMO_TRY_LATER_TEXT = "Probeer het later opnieuw.";

/** The description of the 'Demo starten mislukt' toast for an error (spec §8). */
export function demoErrorDescription(error: unknown): string {
  const message = getErrorMessage(error) || DEMO_FAILED_DEFAULT;
  return message.includes("Te veel") ? DEMO_TOO_MANY_TEXT : DEMO_TRY_LATER_TEXT;
}

export function useStartDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DemoStartAnswer>("POST", "/api/demo/start"),
    // A 401 here is a failed start, not the end of a session.
    meta: { ignoreUnauthorized: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, answer.user);
    },
  });
}
