import { useEffect } from "react";
import { announce } from "./announcer";

export const APP_NAME = "Balans";
export const DEFAULT_DOCUMENT_TITLE = "Balans — Eenvoudig boekhouden voor iedereen";

/** The title last set; null until the first page of the visit has set one (that page is read anyway). */
let currentTitle: string | null = null;

/**
 * Sets the browser tab title ("Transacties — Balans"; without a title, the product's default title) and
 * announces the new page to screen readers after client-side navigation.
 */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    const documentTitle = title ? `${title} — ${APP_NAME}` : DEFAULT_DOCUMENT_TITLE;
    document.title = documentTitle;
    if (currentTitle !== null && currentTitle !== documentTitle) announce(title ?? DEFAULT_DOCUMENT_TITLE);
    currentTitle = documentTitle;
  }, [title]);
}
