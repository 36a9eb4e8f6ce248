/**
 * The public site's dynamic pages (support hub, contact, status, search results, newsletter links), loaded
 * lazily like every public page. routes.tsx mounts each inside the public layout.
 */
import { lazy, type ComponentType } from "react";

function lazyNamed<TModule, TKey extends keyof TModule>(load: () => Promise<TModule>, name: TKey) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const SERVICE_PAGES: Record<string, ComponentType> = {
  "/support": lazyNamed(() => import("./support/support-page"), "SupportPage"),
  "/support/contact": lazyNamed(() => import("./support/contact-page"), "ContactPage"),
  "/support/status": lazyNamed(() => import("./support/status-page"), "StatusPage"),
  "/zoeken": lazyNamed(() => import("./search/search-results-page"), "SearchResultsPage"),
  "/nieuwsbrief/bevestigen": lazyNamed(
    () => import("./newsletter/newsletter-link-page"),
    "NewsletterConfirmPage",
  ),
  "/nieuwsbrief/afmelden": lazyNamed(
    () => import("./newsletter/newsletter-link-page"),
    "NewsletterUnsubscribePage",
  ),
};
