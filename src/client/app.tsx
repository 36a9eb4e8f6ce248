/**
 * The whole client.
 * 1. Public pages (marketing, blog, support, legal) render through the light public router: no data layer,
 *    no app code, so they stay small and can be prerendered and hydrated.
 * 2. /inloggen, /aanmelden and everything under /app load the signed-in area (data layer, app shell) lazily.
 * 3. Around both: the cookie banner and privacy dialog, toasts and the polite live region.
 */
import { lazy, Suspense, useEffect } from "react";
import { Route, Router, Switch, useLocation } from "wouter";
import { AppErrorBoundary } from "@client/components/layout/error-boundary";
import { LiveRegion } from "@client/components/layout/live-region";
import { DeferredToaster } from "@client/components/ui/deferred-toaster";
import { PublicRoutes } from "@client/public/public-routes";

const SignedInArea = lazy(async () => ({ default: (await import("./routes")).AppRoutes }));

// The cookie banner and privacy dialog load next to the page instead of before it: nothing is shown until the
// stored consent has been read anyway (spec §2.7), and the page paints and hydrates sooner without them.
const ConsentRoot = lazy(async () => ({
  default: (await import("@client/features/consent/consent-root")).ConsentRoot,
}));

/** Paths of the signed-in area and the auth page (spec §2.1); everything else is the public site. */
const APP_AREA_PATHS = /^\/(?:(?:inloggen|aanmelden)\/?|app(?:\/.*)?)$/i;

export function App({ ssrPath }: { ssrPath?: string }) {
  const content = (
    <>
      <AppErrorBoundary>
        <ScrollToTopOnNavigate />
        <Switch>
          <Route path={APP_AREA_PATHS}>
            <Suspense fallback={<AppLoading />}>
              <SignedInArea />
            </Suspense>
          </Route>
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

function AppLoading() {
  return (
    <div
      role="status"
      className="flex min-h-dvh animate-appear-delayed items-center justify-center text-muted-foreground"
    >
      Laden...
    </div>
  );
}

/** A new page starts at its top, as it would with a full page load. */
function ScrollToTopOnNavigate() {
  const [pathname] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
