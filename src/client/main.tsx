/**
 * Browser entry: fonts and styles, then the React app in #root. A prerendered public page already has its
 * content in #root and is hydrated; every other page (the app, sign-in) is rendered from scratch.
 * The Inter woff2 file is preloaded from index.html; nothing is fetched from third parties.
 */
import "@fontsource-variable/inter/wght.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";

const container = document.getElementById("root");
if (!container) throw new Error("Element #root ontbreekt in index.html");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

// The Web Vitals log (spec §9) loads after the page; its observers still see the paints that came before.
window.addEventListener(
  "load",
  () => void import("./lib/web-vitals").then((module) => module.reportWebVitals()),
  {
    once: true,
  },
);
