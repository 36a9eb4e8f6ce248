import { BLOG_ARTICLES } from "./content/blog-index";

/**
 * The paths the client router knows. The server answers other paths with the app's 'Page Not Found' screen and
 * status 404; the client router uses the same list, so the two cannot disagree.
 */
export const APP_ROUTES = {
  dashboard: "/app/dashboard",
  transactions: "/app/transactions",
  bank: "/app/bank",
  timeTracking: "/app/time-tracking",
  invoices: "/app/invoices",
  purchaseInvoices: "/app/purchase-invoices",
  clients: "/app/clients",
  reports: "/app/reports",
  taxes: "/app/taxes",
  settings: "/app/settings",
} as const;

/** The fixed public paths: the marketing, support and legal pages, and the auth page. */
export const PUBLIC_ROUTES = [
  "/",
  "/inloggen",
  "/aanmelden",
  "/functionaliteiten",
  "/prijzen",
  "/koppelingen",
  "/online-boekhouden-zzp",
  "/facturatie-zzp",
  "/bonnetjes-scannen",
  "/btw-aangifte",
  "/over",
  "/blog",
  "/support/faq",
  "/legal/algemene-voorwaarden",
  "/legal/privacy",
  "/legal/verwerkersovereenkomst",
  "/legal/cookiebeleid",
  "/support",
  "/support/contact",
  "/support/status",
  "/zoeken",
  "/nieuwsbrief/bevestigen",
  "/nieuwsbrief/afmelden",
] as const;

/**
 * The blog's paths that exist: one per article, category and tag in the blog index. Built on first use, so
 * code that never asks (the browser bundle) does not carry the list.
 */
let blogPaths: Set<string> | undefined;
function getBlogPaths(): Set<string> {
  blogPaths ??= new Set([
    ...BLOG_ARTICLES.map((article) => `/blog/${article.slug}`),
    ...BLOG_ARTICLES.map((article) => `/blog/category/${article.category.slug}`),
    ...BLOG_ARTICLES.flatMap((article) => article.tags.map((tag) => `/blog/tag/${tag.slug}`)),
  ]);
  return blogPaths;
}

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/app") return true;
  return (
    (Object.values(APP_ROUTES) as string[]).includes(path) ||
    (PUBLIC_ROUTES as readonly string[]).includes(path) ||
    getBlogPaths().has(path)
  );
}
