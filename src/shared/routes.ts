/**
 * The paths the client router knows. The server answers other paths with the app's 'Page Not Found' screen and
 * status 404; the client router uses the same list, so the two cannot disagree.
 */
export const APP_ROUTES = {
  dashboard: "/app/dashboard",
  transactions: "/app/transactions",
  timeTracking: "/app/time-tracking",
  invoices: "/app/invoices",
  purchaseInvoices: "/app/purchase-invoices",
  clients: "/app/clients",
  reports: "/app/reports",
  taxes: "/app/taxes",
  settings: "/app/settings",
} as const;

/** Public pages that exist today; the marketing site adds its pages here as they are built. */
export const PUBLIC_ROUTES = [
  "/",
  "/inloggen",
  "/aanmelden",
  "/legal/cookiebeleid",
  "/support",
  "/support/contact",
  "/support/status",
  "/zoeken",
  "/nieuwsbrief/bevestigen",
  "/nieuwsbrief/afmelden",
] as const;

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/app") return true;
  return (
    (Object.values(APP_ROUTES) as string[]).includes(path) ||
    (PUBLIC_ROUTES as readonly string[]).includes(path)
  );
}
