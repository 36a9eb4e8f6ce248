/**
 * What both browser entries (main.tsx, public-main.tsx) do before rendering: load the self-hosted Inter font
 * and the styles, schedule the Web Vitals log, register the offline page's service worker, and hand over #root.
 * The Inter woff2 file is preloaded from index.html; nothing is fetched from third parties.
 */
import "@fontsource-variable/inter/wght.css";
import "./styles.css";
import { registerServiceWorker } from "./lib/service-worker";

export function setUpPage(): HTMLElement {
  // The Web Vitals log (spec §9) loads after the page; its observers still see the paints that came before.
  window.addEventListener(
    "load",
    () => void import("./lib/web-vitals").then((module) => module.reportWebVitals()),
    { once: true },
  );
  registerServiceWorker();
  const container = document.getElementById("root");
  if (!container) throw new Error("Element #root ontbreekt in index.html");
  return container;
}
