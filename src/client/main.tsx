/**
 * Browser entry: fonts and styles, then the React app in #root.
 * The Inter woff2 file is preloaded from index.html; nothing is fetched from third parties.
 */
import "@fontsource-variable/inter/wght.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

const container = document.getElementById("root");
if (!container) throw new Error("Element #root ontbreekt in index.html");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
