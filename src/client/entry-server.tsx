/**
 * The prerender bundle's entry (built with `vite build --mode public --ssr`, used by scripts/prerender.ts):
 * renders one public path to HTML with the same App and runtime (Preact) the browser hydrates, and reports
 * the page's metadata and status.
 */
import type { VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import type { ReactElement } from "react";
import { listTerms } from "@shared/content/blog";
import { BLOG_ARTICLES } from "@shared/content/blog-index";
import type { PageMeta } from "@shared/content/seo";
import { queryClient } from "@client/lib/query-client";
import { App } from "./app";
import { PUBLIC_PAGES } from "./public/public-pages";
import { SsrPageContext, type SsrPageInfo } from "./public/ssr-context";

export interface RenderedPage {
  html: string;
  status: number;
  meta?: PageMeta;
}

/**
 * Waits for every lazily loaded module the page needs, so the HTML is complete; the parts that waited are
 * marked, and the browser keeps them as they are until their code has loaded there too.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const info: SsrPageInfo = { status: 200 };
  // The build aliases React to Preact, so this React element is a Preact VNode.
  const tree: ReactElement = (
    <SsrPageContext.Provider value={info}>
      <App ssrPath={path} signedInArea={null} />
    </SsrPageContext.Provider>
  );
  const html = await renderToStringAsync(tree as unknown as VNode);
  return { html, status: info.status, ...(info.meta && { meta: info.meta }) };
}

/** Every path of the public site: the fixed pages, then each article, category and tag. */
export function listPublicPaths(): string[] {
  const fixed = PUBLIC_PAGES.map((page) => page.path).filter((path) => !path.includes(":"));
  return [
    ...fixed,
    ...BLOG_ARTICLES.map((article) => `/blog/${article.slug}`),
    ...listTerms(BLOG_ARTICLES, "category").map((term) => `/blog/category/${term.slug}`),
    ...listTerms(BLOG_ARTICLES, "tags").map((term) => `/blog/tag/${term.slug}`),
  ];
}

/** The source file of the page module that renders `path` (for preloading its chunk). */
export function pageSourceFor(path: string): string | undefined {
  const fixed = PUBLIC_PAGES.find((page) => page.path === path);
  if (fixed) return fixed.source;
  const pattern = PUBLIC_PAGES.filter((page) => page.path.includes(":")).find((page) =>
    new RegExp(`^${page.path.replace(/:[^/]+/g, "[^/]+")}$`).test(path),
  );
  return pattern?.source;
}

export type QueryData = [queryKey: readonly unknown[], data: unknown][];

/** The server data the next page renders with (the same goes into its initial-query-data block). */
export function setQueryData(entries: QueryData): void {
  queryClient.clear();
  for (const [queryKey, data] of entries) queryClient.setQueryData(queryKey, data);
}
