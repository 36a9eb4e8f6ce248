/**
 * The public site's browser entry, built on Preact's React-compatible runtime (see vite.config.ts): hydrates
 * the prerendered page in #root. A link into the signed-in area loads that page from the server, which
 * answers it with the app's build.
 */
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { LoadFromServer } from "./components/layout/load-from-server";
import { setUpPage } from "./page-setup";

hydrateRoot(
  setUpPage(),
  <StrictMode>
    <App signedInArea={<LoadFromServer />} />
  </StrictMode>,
);
