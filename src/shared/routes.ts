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
  recurringInvoices: "/app/abonnementen",
  purchaseInvoices: "/app/purchase-invoices",
  memorial: "/app/memoriaal",
  quotes: "/app/offertes",
  fixedAssets: "/app/investeringen",
  clients: "/app/clients",
  reports: "/app/reports",
  exports: "/app/accountant",
  vatReturns: "/app/taxes",
  settings: "/app/settings",
} as const;

/**
 * The operator back office. Only an operator's session gets these pages (plugins/client.ts, through the session
 * plugin's boundary); a customer's gets 'Page Not Found', a visitor is sent to the sign-in page.
 */
export const OPERATOR_ROUTES = {
  signIn: "/beheer/inloggen",
  contactMessages: "/beheer",
  newsletter: "/beheer/nieuwsbrief",
  privacyRequests: "/beheer/privacyverzoeken",
  errorLog: "/beheer/foutlog",
  featureFlags: "/beheer/functies",
  jobRuns: "/beheer/taken",
} as const;

export const isOperatorPath = (pathname: string) => pathname === "/beheer" || pathname.startsWith("/beheer/");

/** The page a client answers a quote on, from the link in its e-mail (no account; the token is in the query). */
export const PUBLIC_QUOTE_PATH = "/offerte";

/** Where the payment provider sends a payer back after paying an invoice online (no account; ?id=<link>). */
export const PAYMENT_RETURN_PATH = "/betaling";
/** The page of a mailed invitation to someone else's administration: /uitnodiging?token=… */
export const INVITATION_PATH = "/uitnodiging";

/**
 * A link that opens a screen with its main action started, e.g. /app/clients?actie=nieuw opens the new-client
 * form: the dashboard's first steps and the installed app's shortcuts (manifest.webmanifest) use these.
 */
export const APP_ACTION_PARAM = "actie";
export type AppAction = "nieuw" | "importeren";
export const appActionPath = (route: string, action: AppAction) => `${route}?${APP_ACTION_PARAM}=${action}`;

/** A link that opens one record on its screen, e.g. /app/invoices?open=<id> (Snel naar links this way). */
export const RECORD_PARAM = "open";
export const recordPath = (route: string, id: string) =>
  `${route}?${new URLSearchParams({ [RECORD_PARAM]: id }).toString()}`;

/** The tabs of Settings; /app/settings?tab=bank-accounts opens that tab (company data is the first). */
export const SETTINGS_TABS = [
  "company",
  "profile",
  "password",
  "bank-accounts",
  "ledger-accounts",
  "api",
  "access",
  "subscription",
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const settingsTabPath = (tab: SettingsTab) => `${APP_ROUTES.settings}?tab=${tab}`;

/** The fixed public paths: the marketing, support and legal pages, and the auth page. */
export const PUBLIC_ROUTES = [
  "/",
  "/inloggen",
  "/aanmelden",
  "/wachtwoord-vergeten",
  "/wachtwoord-herstellen",
  "/e-mail-bevestigen",
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
    path === PUBLIC_QUOTE_PATH ||
    path === PAYMENT_RETURN_PATH ||
    path === INVITATION_PATH ||
    (PUBLIC_ROUTES as readonly string[]).includes(path) ||
    getBlogPaths().has(path)
  );
}
