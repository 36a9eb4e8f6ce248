/**
 * Every page of the public site: its route pattern, the module that renders it, and that module's source file
 * (the prerenderer preloads the page's code chunk with it). A page module exports `Page` and `getMeta`, which
 * answers null for parameters that name nothing (an unknown article), so the page shows 'Page Not Found'.
 */
import type { ComponentType } from "react";
import type { PageMeta } from "@shared/content/seo";

export type PageParams = Record<string, string | undefined>;

export interface PublicPageProps {
  params: PageParams;
  meta: PageMeta;
}

export interface PublicPageModule {
  Page: ComponentType<PublicPageProps>;
  getMeta: (params: PageParams) => PageMeta | null;
}

export interface PublicPageEntry {
  path: string;
  source: string;
  load: () => Promise<PublicPageModule>;
}

export const PUBLIC_PAGES: PublicPageEntry[] = [
  { path: "/", source: "public/pages/home-page.tsx", load: () => import("./pages/home-page") },
  {
    path: "/functionaliteiten",
    source: "public/pages/features-page.tsx",
    load: () => import("./pages/features-page"),
  },
  { path: "/prijzen", source: "public/pages/pricing-page.tsx", load: () => import("./pages/pricing-page") },
  {
    path: "/koppelingen",
    source: "public/pages/integrations-page.tsx",
    load: () => import("./pages/integrations-page"),
  },
  {
    path: "/online-boekhouden-zzp",
    source: "public/pages/solution-pages.tsx",
    load: () => import("./pages/solution-pages").then((module) => module.bookkeeping),
  },
  {
    path: "/facturatie-zzp",
    source: "public/pages/solution-pages.tsx",
    load: () => import("./pages/solution-pages").then((module) => module.invoicing),
  },
  {
    path: "/bonnetjes-scannen",
    source: "public/pages/solution-pages.tsx",
    load: () => import("./pages/solution-pages").then((module) => module.receipts),
  },
  {
    path: "/btw-aangifte",
    source: "public/pages/solution-pages.tsx",
    load: () => import("./pages/solution-pages").then((module) => module.vatReturn),
  },
  { path: "/over", source: "public/pages/about-page.tsx", load: () => import("./pages/about-page") },
  { path: "/blog", source: "public/pages/blog-pages.tsx", load: () => import("./pages/blog-pages") },
  {
    path: "/blog/category/:categorySlug",
    source: "public/pages/blog-pages.tsx",
    load: () => import("./pages/blog-pages").then((module) => module.category),
  },
  {
    path: "/blog/tag/:tagSlug",
    source: "public/pages/blog-pages.tsx",
    load: () => import("./pages/blog-pages").then((module) => module.tag),
  },
  {
    path: "/blog/:slug",
    source: "public/pages/blog-article-page.tsx",
    load: () => import("./pages/blog-article-page"),
  },
  {
    path: "/support",
    source: "public/support/support-page.tsx",
    load: () => import("./support/support-page"),
  },
  { path: "/support/faq", source: "public/pages/faq-page.tsx", load: () => import("./pages/faq-page") },
  {
    path: "/support/contact",
    source: "public/support/contact-page.tsx",
    load: () => import("./support/contact-page"),
  },
  {
    path: "/support/status",
    source: "public/support/status-page.tsx",
    load: () => import("./support/status-page"),
  },
  {
    path: "/zoeken",
    source: "public/search/search-results-page.tsx",
    load: () => import("./search/search-results-page"),
  },
  {
    path: "/nieuwsbrief/bevestigen",
    source: "public/newsletter/newsletter-link-page.tsx",
    load: () => import("./newsletter/newsletter-link-page").then((module) => module.confirm),
  },
  {
    path: "/nieuwsbrief/afmelden",
    source: "public/newsletter/newsletter-link-page.tsx",
    load: () => import("./newsletter/newsletter-link-page").then((module) => module.unsubscribe),
  },
  {
    path: "/legal/algemene-voorwaarden",
    source: "public/pages/legal-pages.tsx",
    load: () => import("./pages/legal-pages").then((module) => module.terms),
  },
  {
    path: "/legal/privacy",
    source: "public/pages/privacy-page.tsx",
    load: () => import("./pages/privacy-page"),
  },
  {
    path: "/legal/verwerkersovereenkomst",
    source: "public/pages/legal-pages.tsx",
    load: () => import("./pages/legal-pages").then((module) => module.processingAgreement),
  },
  {
    path: "/legal/cookiebeleid",
    source: "public/pages/cookie-policy.tsx",
    load: () => import("./pages/cookie-policy"),
  },
];
