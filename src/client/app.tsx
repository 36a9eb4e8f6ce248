/**
 * The client's frame, shared by both builds (see vite.config.ts).
 * 1. Public pages (marketing, blog, support, legal) render through the light public router: no data layer,
 *    no app code, so they stay small and can be prerendered and hydrated.
 * 2. /inloggen, /aanmelden, the pages of account mails and everything under /app are the signed-in area, which each entry supplies: the
 *    app's entry loads it lazily (data layer, app shell); the public site's entry loads those pages from the
 *    server, where they run on the app's build.
 * 3. Around both: the cookie banner and privacy dialog, toasts and the polite live region.
 */
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Route, Router, Switch, useLocation } from "wouter";
import { AppErrorBoundary } from "@client/components/layout/error-boundary";
import { LiveRegion } from "@client/components/layout/live-region";
import { DeferredToaster } from "@client/components/ui/deferred-toaster";
import { PublicRoutes } from "@client/public/public-routes";

// The cookie banner and privacy dialog load next to the page instead of before it: nothing is shown until the
// stored consent has been read anyway (spec §2.7), and the page paints and hydrates sooner without them.
const ConsentRoot = lazy(async () => ({
  default: (await import("@client/features/consent/consent-root")).ConsentRoot,
}));

/**
 * Paths of the signed-in area and the auth page (spec §2.1), and of the operators' back office; everything else
 * is the public site.
 */
const APP_AREA_PATHS =
  /^\/(?:(?:inloggen|aanmelden|wachtwoord-vergeten|wachtwoord-herstellen|e-mail-bevestigen|offerte|betaling|uitnodiging)\/?|app(?:\/.*)?|beheer(?:\/.*)?)$/i;

export function App({ signedInArea, ssrPath }: { signedInArea: ReactNode; ssrPath?: string }) {
  const content = (
    <>
      <AppErrorBoundary>
        <ScrollToTopOnNavigate />
        <Switch>
          <Route path={APP_AREA_PATHS}>{signedInArea}</Route>
          <Route>
            <PublicRoutes />
          </Route>
        </Switch>
      </AppErrorBoundary>
      <Suspense fallback={null}>
        <ConsentRoot />
      </Suspense>
      <DeferredToaster />
      <LiveRegion />
    </>
  );
  return ssrPath === undefined ? content : <Router ssrPath={ssrPath}>{content}</Router>;
}

/** A new page starts at its top, as it would with a full page load. */
function ScrollToTopOnNavigate() {
  const [pathname] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
