/**
 * The signed-in area and the auth page (spec §2.1–2.3), loaded lazily by app.tsx; the public site has its own
 * router (public/public-routes.tsx).
 * 1. /inloggen and /aanmelden: the auth page, only for visitors (a signed-in user goes to /app); so is
 *    /wachtwoord-vergeten. The pages of mailed links (a new password, a confirmed address) open for anyone.
 * 2. /app and everything under it: only for a signed-in user (others go to /inloggen), inside the app shell;
 *    /app itself redirects to /app/dashboard and an unknown /app path shows the not-found screen in the shell.
 * 3. /beheer and everything under it: the operators' back office (features/operator), its own sign-in included.
 * Screens load lazily too, so signing in does not download every screen.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Redirect, Route, Switch } from "wouter";
import { APP_ROUTES, INVITATION_PATH, PAYMENT_RETURN_PATH, PUBLIC_QUOTE_PATH } from "@shared/routes";
import { ErrorScreen } from "@client/components/layout/error-screen";
import { NotFound } from "@client/components/layout/not-found";
import { mountToaster } from "@client/components/ui/deferred-toaster";
import { PageLoader } from "@client/components/ui/spinner";
import { useCurrentUser } from "@client/features/auth/api";
import { getErrorMessage } from "@client/lib/api";
import { nextPathAfterSignIn } from "@client/lib/next-path";
import { queryClient } from "@client/lib/query-client";
import { SessionUserProvider } from "@client/lib/session-user";

// Errors in the app are toasts, some shown just before a redirect: the toaster is ready with the app.
mountToaster();

/** `React.lazy` for a module's named export: `lazyNamed(() => import("./x"), "X")`. */
function lazyNamed<TModule, TKey extends keyof TModule>(load: () => Promise<TModule>, name: TKey) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const AuthPage = lazyNamed(() => import("@client/features/auth/auth-page"), "AuthPage");
const ForgotPasswordPage = lazyNamed(
  () => import("@client/features/auth/account-recovery"),
  "ForgotPasswordPage",
);
const ResetPasswordPage = lazyNamed(
  () => import("@client/features/auth/account-recovery"),
  "ResetPasswordPage",
);
const ConfirmEmailPage = lazyNamed(
  () => import("@client/features/auth/account-recovery"),
  "ConfirmEmailPage",
);
const OperatorRoutes = lazyNamed(() => import("@client/features/operator/operator-routes"), "OperatorRoutes");
const PaymentReturnPage = lazyNamed(
  () => import("@client/features/payment-links/payment-return-page"),
  "PaymentReturnPage",
);
const InvitationPage = lazyNamed(
  () => import("@client/features/administrations/invitation-page"),
  "InvitationPage",
);
const AppShell = lazy(async () => ({
  default: (await import("@client/components/layout/app-shell")).AppShell,
}));

const DashboardPage = lazyNamed(() => import("@client/features/dashboard/dashboard-page"), "DashboardPage");
const TransactionsPage = lazyNamed(
  () => import("@client/features/transactions/transactions-page"),
  "TransactionsPage",
);
const BankPage = lazyNamed(() => import("@client/features/bank/bank-page"), "BankPage");
const TimeTrackingPage = lazyNamed(
  () => import("@client/features/time-tracking/time-tracking-page"),
  "TimeTrackingPage",
);
const InvoicesPage = lazyNamed(() => import("@client/features/invoices/invoices-page"), "InvoicesPage");
const RecurringInvoicesPage = lazyNamed(
  () => import("@client/features/recurring-invoices/recurring-invoices-page"),
  "RecurringInvoicesPage",
);
const PurchaseInvoicesPage = lazyNamed(
  () => import("@client/features/purchase-invoices/purchase-invoices-page"),
  "PurchaseInvoicesPage",
);
const MemorialPage = lazyNamed(() => import("@client/features/memorial/memorial-page"), "MemorialPage");
const QuotesPage = lazyNamed(() => import("@client/features/quotes/quotes-page"), "QuotesPage");
const PublicQuotePage = lazyNamed(
  () => import("@client/features/quotes/public-quote-page"),
  "PublicQuotePage",
);
const FixedAssetsPage = lazyNamed(
  () => import("@client/features/fixed-assets/fixed-assets-page"),
  "FixedAssetsPage",
);
const ClientsPage = lazyNamed(() => import("@client/features/clients/clients-page"), "ClientsPage");
const ReportsPage = lazyNamed(() => import("@client/features/reports/reports-page"), "ReportsPage");
const ExportsPage = lazyNamed(() => import("@client/features/exports/exports-page"), "ExportsPage");
const VatReturnsPage = lazyNamed(
  () => import("@client/features/vat-returns/vat-returns-page"),
  "VatReturnsPage",
);
const SettingsPage = lazy(async () => ({
  default: (await import("@client/features/settings/settings-page")).SettingsPage,
}));
const SubscriptionSection = lazyNamed(
  () => import("@client/features/billing/subscription-section"),
  "SubscriptionSection",
);
/** Settings with its Abonnement tab, which the billing feature provides. */
const SettingsScreen = () => <SettingsPage subscriptionSection={SubscriptionSection} />;

export const APP_HOME_PATH = APP_ROUTES.dashboard;

/** One screen per path of the shared route list (the server answers 404 for paths not in it). */
const APP_SCREENS: Record<keyof typeof APP_ROUTES, ComponentType> = {
  dashboard: DashboardPage,
  transactions: TransactionsPage,
  bank: BankPage,
  timeTracking: TimeTrackingPage,
  invoices: InvoicesPage,
  recurringInvoices: RecurringInvoicesPage,
  purchaseInvoices: PurchaseInvoicesPage,
  memorial: MemorialPage,
  quotes: QuotesPage,
  fixedAssets: FixedAssetsPage,
  clients: ClientsPage,
  reports: ReportsPage,
  exports: ExportsPage,
  vatReturns: VatReturnsPage,
  settings: SettingsScreen,
};

const AUTH_PATHS = /^\/(?:inloggen|aanmelden)\/?$/i;

export function AppRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInRoutes />
    </QueryClientProvider>
  );
}

function SignedInRoutes() {
  return (
    <Switch>
      <Route path={AUTH_PATHS}>
        <VisitorsOnly>
          <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
            <AuthPage />
          </Suspense>
        </VisitorsOnly>
      </Route>
      <Route path="/wachtwoord-vergeten">
        <VisitorsOnly>
          <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
            <ForgotPasswordPage />
          </Suspense>
        </VisitorsOnly>
      </Route>
      {/* A link from a mail works whoever is signed in here: the reset signs its own account in. */}
      <Route path="/wachtwoord-herstellen">
        <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
          <ResetPasswordPage />
        </Suspense>
      </Route>
      {/* A client answers a quote here without an account, whoever is signed in on this browser. */}
      <Route path={PUBLIC_QUOTE_PATH}>
        <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
          <PublicQuotePage />
        </Suspense>
      </Route>
      {/* The payer of an invoice lands here from the payment provider, without an account. */}
      <Route path={PAYMENT_RETURN_PATH}>
        <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
          <PaymentReturnPage />
        </Suspense>
      </Route>
      {/* An invitation to someone's administration: signed out, it leads to sign-in and back. */}
      <Route path={INVITATION_PATH}>
        <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
          <InvitationPage />
        </Suspense>
      </Route>
      <Route path="/e-mail-bevestigen">
        <Suspense fallback={<PageLoader label="Laden..." className="min-h-dvh" />}>
          <ConfirmEmailPage />
        </Suspense>
      </Route>
      {/* The back office: its own sign-in, session and data (the server serves it to operators only). */}
      <Route path="/beheer/*?">
        <Suspense fallback={<PageLoader className="min-h-dvh" />}>
          <OperatorRoutes />
        </Suspense>
      </Route>
      <Route path="/app/*?">
        <SignedInOnly>
          <Suspense fallback={<PageLoader className="min-h-dvh" />}>
            <AppShell>
              <Switch>
                <Route path="/app">
                  <Redirect to={APP_HOME_PATH} replace />
                </Route>
                {(Object.keys(APP_SCREENS) as (keyof typeof APP_ROUTES)[]).map((screen) => (
                  <Route key={screen} path={APP_ROUTES[screen]} component={APP_SCREENS[screen]} />
                ))}
                <Route>
                  <NotFound homeHref={APP_HOME_PATH} homeLabel="Naar het dashboard" />
                </Route>
              </Switch>
            </AppShell>
          </Suspense>
        </SignedInOnly>
      </Route>
    </Switch>
  );
}

/** Spec §2.1: a signed-in user visiting /inloggen or /aanmelden is sent to /app. */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader className="min-h-dvh" />;
  // When the session check itself fails (server down), still let the visitor try to sign in.
  if (user) return <Redirect to={nextPathAfterSignIn(window.location.search)} replace />;
  return children;
}

/** Spec §2.1: a visitor who is not signed in and opens any /app path is sent to /inloggen. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError, error, refetch } = useCurrentUser();
  if (isPending) return <PageLoader className="min-h-dvh" />;
  if (isError) {
    return (
      <ErrorScreen
        title="Je sessie kon niet worden geladen"
        description={getErrorMessage(error)}
        onRetry={() => void refetch()}
      />
    );
  }
  if (!user) return <Redirect to="/inloggen" replace />;
  return <SessionUserProvider user={user}>{children}</SessionUserProvider>;
}
