/**
 * The back office under /beheer, for operators only (the server serves these pages to an operator's session
 * alone, and its API answers a customer 404): its sign-in page, and a small shell with one screen per list.
 */
import type { ComponentType, ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { Link, Redirect, Route, Switch, useLocation } from "wouter";
import { OPERATOR_ROUTES } from "@shared/routes";
import { Logo } from "@client/components/layout/logo";
import { NotFound } from "@client/components/layout/not-found";
import { Button } from "@client/components/ui/button";
import { PageLoader } from "@client/components/ui/spinner";
import { toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { operatorQueryClient, useOperator, useOperatorLogout } from "./api";
import { NotHere } from "./not-here";
import { ContactMessagesPage } from "./contact-messages-page";
import { FeatureFlagsPage } from "./feature-flags-page";
import { OperatorLoginPage } from "./operator-login-page";
import { ErrorLogPage, JobRunsPage, NewsletterPage, PrivacyRequestsPage } from "./records-pages";

const SCREENS: { path: string; label: string; screen: ComponentType }[] = [
  { path: OPERATOR_ROUTES.contactMessages, label: "Contact", screen: ContactMessagesPage },
  { path: OPERATOR_ROUTES.newsletter, label: "Nieuwsbrief", screen: NewsletterPage },
  { path: OPERATOR_ROUTES.privacyRequests, label: "Privacy", screen: PrivacyRequestsPage },
  { path: OPERATOR_ROUTES.errorLog, label: "Foutlog", screen: ErrorLogPage },
  { path: OPERATOR_ROUTES.featureFlags, label: "Functies", screen: FeatureFlagsPage },
  { path: OPERATOR_ROUTES.jobRuns, label: "Taken", screen: JobRunsPage },
];

export function OperatorRoutes() {
  return (
    <QueryClientProvider client={operatorQueryClient}>
      <Switch>
        <Route path={OPERATOR_ROUTES.signIn} component={OperatorLoginPage} />
        <Route>
          <OperatorShell>
            <Switch>
              {SCREENS.map(({ path, screen }) => (
                <Route key={path} path={path} component={screen} />
              ))}
              <Route>
                <NotFound homeHref={OPERATOR_ROUTES.contactMessages} homeLabel="Naar de contactberichten" />
              </Route>
            </Switch>
          </OperatorShell>
        </Route>
      </Switch>
    </QueryClientProvider>
  );
}

function OperatorShell({ children }: { children: ReactNode }) {
  const operator = useOperator();
  const logout = useOperatorLogout();
  const [location, navigate] = useLocation();
  if (operator.isPending) return <PageLoader className="min-h-dvh" />;
  if (operator.isError) return <NotHere error={operator.error} onRetry={() => void operator.refetch()} />;
  if (!operator.data) return <Redirect to={OPERATOR_ROUTES.signIn} replace />;
  const signOut = async () => {
    try {
      await logout.mutateAsync();
      navigate(OPERATOR_ROUTES.signIn);
    } catch (error) {
      toastError(error, "Uitloggen mislukt");
    }
  };
  return (
    <div className="min-h-dvh bg-muted/30">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Logo />
            <span className="rounded-md bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">
              Beheer
            </span>
          </div>
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <span className="hidden sm:inline">{operator.data.email ?? operator.data.username}</span>
            <Button variant="ghost" size="sm" onClick={() => void signOut()}>
              <LogOut aria-hidden /> Uitloggen
            </Button>
          </div>
        </div>
        <nav aria-label="Beheer" className="mx-auto max-w-5xl overflow-x-auto px-4">
          <ul className="flex gap-1 pb-2">
            {SCREENS.map(({ path, label }) => (
              <li key={path}>
                <Link
                  href={path}
                  aria-current={location === path ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground",
                    location === path && "bg-accent text-accent-foreground",
                  )}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main-content" className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}
