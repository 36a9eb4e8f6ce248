import { useMutation } from "@tanstack/react-query";
import type { NewsletterAnswer, NewsletterSignupInput } from "@shared/schemas/public-site";
import { apiRequest } from "@client/lib/api";

/** POST /api/newsletter: starts the double opt-in. */
export function useNewsletterSignup() {
  return useMutation({
    mutationFn: (input: NewsletterSignupInput) =>
      apiRequest<NewsletterAnswer>("POST", "/api/newsletter", input),
  });
}

/** POST /api/newsletter/confirm or /unsubscribe with the token from the e-mail link. */
export function useNewsletterLink(action: "confirm" | "unsubscribe") {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<NewsletterAnswer>("POST", `/api/newsletter/${action}`, { token }),
  });
}
