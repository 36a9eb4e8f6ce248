import { useEffect } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { AppErrorBoundary } from "@client/components/layout/error-boundary";
import { LiveRegion } from "@client/components/layout/live-region";
import { Toaster } from "@client/components/ui/toaster";
import { ConsentRoot } from "@client/features/consent/consent-root";
import { queryClient } from "@client/lib/query-client";
import { AppRoutes } from "./routes";

/** The whole client: data, routes, the cookie banner and privacy dialog, toasts and the live region. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppErrorBoundary>
        <ScrollToTopOnNavigate />
        <AppRoutes />
      </AppErrorBoundary>
      <ConsentRoot />
      <Toaster />
      <LiveRegion />
    </QueryClientProvider>
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
