import { createContext } from "react";
import type { PageMeta } from "@shared/content/seo";

/** What a page tells the prerenderer while it renders on the server: its metadata and HTTP status. */
export interface SsrPageInfo {
  meta?: PageMeta;
  status: number;
}

/** Provided only while prerendering (src/client/entry-server.tsx); null in the browser. */
export const SsrPageContext = createContext<SsrPageInfo | null>(null);
