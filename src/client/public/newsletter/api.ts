import { useMutation } from "@tanstack/react-query";
import type { NewsletterAnswer } from "@shared/schemas/public-site";
import { apiRequest } from "@client/lib/api";

/** POST /api/newsletter/confirm or /unsubscribe with the token from the e-mail link. */
export function useNewsletterLink(action: "confirm" | "unsubscribe") {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<NewsletterAnswer>("POST", `/api/newsletter/${action}`, { token }),
    meta: { booksUnaffected: true },
  });
}
