import { lazy, Suspense, useState, type ReactNode } from "react";
import {
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  Clock,
  FileText,
  Landmark,
  Receipt,
  Wallet,
} from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatEuro, formatHours, formatSignedEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, type DashboardPeriod } from "@shared/periods";
import { APP_ROUTES, appActionPath } from "@shared/routes";
import type { DashboardMetrics } from "@shared/schemas/dashboard";
import { DASHBOARD_NAV_ITEM } from "@client/components/layout/app-navigation";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ChoiceSelect } from "@client/components/ui/choice-select";
import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { useSessionUser } from "@client/lib/session-user";
import { getFirstNameOrUsername } from "@client/lib/user-display";
import { cn } from "@client/lib/utils";
import { useDashboardMetrics, useOnboarding } from "./api";
import { isChecklistShown, OnboardingChecklist } from "./onboarding-checklist";

// recharts is the largest part of this screen: load it after the cards.
const RevenueChart = lazy(() =>
  import("./revenue-chart").then((module) => ({ default: module.RevenueChart })),
);

const euro = (decimal: string) => formatEuro(parseCents(decimal) ?? 0);
const percent = new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 1, signDisplay: "exceptZero" });

/** 'Welkom terug' is for someone who has been here before: a first visit, with empty books, is welcomed. */
function greeting(name: string, isFirstVisit: boolean | undefined): string {
  if (isFirstVisit === undefined) return `Welkom, ${name}`;
  return isFirstVisit ? `Welkom bij Balans, ${name}` : `Welkom terug, ${name}`;
}

/** Spec §2.11 made real: every figure from the user's own books. */
export function DashboardPage() {
  const user = useSessionUser();
  const [period, setPeriod] = useState<DashboardPeriod>("6months");
  const { data: metrics, isError, isPlaceholderData } = useDashboardMetrics(period);
  const onboarding = useOnboarding();
  const checklist = onboarding.data && isChecklistShown(onboarding.data) ? onboarding.data : undefined;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={DASHBOARD_NAV_ITEM.label}
        // The person signed in is greeted, also in another's administration.
        description={greeting(getFirstNameOrUsername(user.signedInAs ?? user), metrics?.isEmpty)}
      />

      {isError && !metrics && (
        <p className="rounded-lg border border-border bg-card p-4 text-sm text-destructive" role="alert">
          Het dashboard kon niet worden geladen. Vernieuw de pagina om het opnieuw te proberen.
        </p>
      )}

      {checklist && <OnboardingChecklist onboarding={checklist} />}

      {/* The checklist says what to do first; this card is for who put it away with nothing booked yet. */}
      {metrics?.isEmpty && !onboarding.isPending && !checklist && (
        <EmptyState
          icon={Wallet}
          title="Nog niets geboekt"
          description="Boek je eerste transactie, maak een factuur of schrijf uren: hier zie je dan meteen je omzet, wat je nog ontvangt, je btw en je uren."
          action={
            <>
              <Button asChild>
                <Link href={appActionPath(APP_ROUTES.transactions, "nieuw")}>Transactie toevoegen</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={appActionPath(APP_ROUTES.invoices, "nieuw")}>Factuur maken</Link>
              </Button>
            </>
          }
        />
      )}

      <MetricCards metrics={metrics} />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1">
              <CardTitle>Omzet en uitgaven</CardTitle>
              <CardDescription>
                {metrics ? (
                  <>
                    Omzet {euro(metrics.totalRevenue)} · uitgaven {euro(metrics.totalExpenses)} · winst{" "}
                    {euro(metrics.netProfit)}
                  </>
                ) : (
                  "Per maand, uit je boekhouding"
                )}
              </CardDescription>
            </div>
            <ChoiceSelect
              aria-label="Periode van de grafiek"
              className="sm:w-52"
              options={DASHBOARD_PERIODS}
              value={period}
              onChange={setPeriod}
              label={(option) => DASHBOARD_PERIOD_LABELS[option]}
            />
          </CardHeader>
          <CardContent aria-busy={!metrics || isPlaceholderData}>
            {metrics && !isPlaceholderData ? (
              <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <RevenueChart data={metrics.chart} />
              </Suspense>
            ) : (
              <Skeleton className="h-72 w-full" />
            )}
          </CardContent>
        </Card>

        <AccountsCard metrics={metrics} />
      </div>

      <RecentTransactions metrics={metrics} />
    </div>
  );
}

/** The change against `base` ("vorige maand"); with nothing then, there is no percentage to show. */
function Change({ value, base }: { value: number | null; base: string }) {
  if (value === null)
    return <span className="text-xs text-muted-foreground">Geen vergelijking: {base} was nul</span>;
  const Icon = value >= 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
      <Icon className={cn("size-3.5", value >= 0 ? "text-emerald-700" : "text-red-700")} aria-hidden />
      <span>
        {percent.format(value)}% t.o.v. {base}
      </span>
    </span>
  );
}

/** "1 openstaande factuur", "3 openstaande facturen". */
const countOf = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/** A figure of the books; until they are loaded, `value` is undefined and the card shows placeholders. */
function MetricCard({
  title,
  icon: Icon,
  value,
  note,
  change,
  testId,
}: {
  title: string;
  icon: typeof Wallet;
  value: string | undefined;
  /** The line under the figure. */
  note: ReactNode;
  /** The change against `base`, under the note. */
  change?: { value: number | null; base: string } | undefined;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        {value === undefined ? (
          <>
            <Skeleton className="h-8 w-32" />
            <Skeleton className="h-4 w-40" />
          </>
        ) : (
          <>
            <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
              {value}
            </p>
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground">{note}</p>
            {change && <Change value={change.value} base={change.base} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function MetricCards({ metrics }: { metrics: DashboardMetrics | undefined }) {
  const vatCents = metrics ? (parseCents(metrics.vat.amount) ?? 0) : 0;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        title="Te ontvangen"
        icon={FileText}
        value={metrics && euro(metrics.receivables.amount)}
        note={metrics && countOf(metrics.receivables.count, "openstaande factuur", "openstaande facturen")}
        change={metrics && { value: metrics.receivables.changePercent, base: "eind vorige maand" }}
        testId="card-receivables"
      />
      <MetricCard
        title="Te betalen"
        icon={Receipt}
        value={metrics && euro(metrics.payables.amount)}
        note={
          metrics &&
          countOf(metrics.payables.count, "openstaande inkoopfactuur", "openstaande inkoopfacturen")
        }
        testId="card-payables"
      />
      <MetricCard
        title={vatCents < 0 ? "Btw terug te vragen" : "Btw te betalen"}
        icon={Landmark}
        value={metrics && formatEuro(Math.abs(vatCents))}
        note={
          <>
            Dit kwartaal <Badge variant="muted">{metrics?.vat.label}</Badge>
          </>
        }
        change={metrics && { value: metrics.vat.changePercent, base: metrics.vat.previousLabel }}
        testId="card-vat"
      />
      <MetricCard
        title="Gefactureerde uren"
        icon={Clock}
        value={metrics && formatHours(metrics.hours.hours)}
        note="Factureerbare uren deze maand"
        change={metrics && { value: metrics.hours.changePercent, base: "vorige maand" }}
        testId="card-hours"
      />
    </div>
  );
}

function AccountsCard({ metrics }: { metrics: DashboardMetrics | undefined }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle>Rekeningen</CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link href={APP_ROUTES.settings}>Beheren</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {!metrics ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : (
          <ul className="flex flex-col" data-testid="accounts">
            {metrics.accounts.map((account) => (
              <li
                key={account.id}
                className="flex items-center justify-between gap-3 border-b border-border py-2.5"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{account.name}</span>
                  {account.iban && (
                    <span className="truncate text-xs text-muted-foreground">{account.iban}</span>
                  )}
                </div>
                <span className="text-sm font-medium whitespace-nowrap tabular-nums">
                  {euro(account.balance)}
                </span>
              </li>
            ))}
            {metrics.accounts.length === 0 && (
              <li className="py-2.5 text-sm text-muted-foreground">Nog geen bankrekeningen.</li>
            )}
            <li className="flex items-center justify-between gap-3 pt-3 text-sm font-semibold">
              <span>Totaal</span>
              <span className="tabular-nums" data-testid="accounts-total">
                {euro(metrics.accountsTotal)}
              </span>
            </li>
            {metrics.bankLinesToHandle > 0 && (
              <li className="pt-3">
                <Link
                  href={APP_ROUTES.bank}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="bank-lines-to-handle"
                >
                  {countOf(
                    metrics.bankLinesToHandle,
                    "bankregel af te handelen",
                    "bankregels af te handelen",
                  )}
                </Link>
              </li>
            )}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RecentTransactions({ metrics }: { metrics: DashboardMetrics | undefined }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle>Recente transacties</CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link href={APP_ROUTES.transactions}>
            Bekijk alle
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {!metrics ? (
          <div className="flex flex-col gap-2">
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
        ) : metrics.recentTransactions.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">
            Nog geen transacties.{" "}
            <Link
              href={appActionPath(APP_ROUTES.transactions, "nieuw")}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Voeg je eerste transactie toe
            </Link>
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-sm" data-testid="recent-transactions">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3 text-left font-medium">
                    Datum
                  </th>
                  <th scope="col" className="py-2 pr-3 text-left font-medium">
                    Omschrijving
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 text-left font-medium sm:table-cell">
                    Klant
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Bedrag
                  </th>
                </tr>
              </thead>
              <tbody>
                {metrics.recentTransactions.map((transaction) => {
                  const cents = parseCents(transaction.amountIncludingVat) ?? 0;
                  return (
                    <tr key={transaction.id} className="border-t border-border">
                      <td className="py-2.5 pr-3 whitespace-nowrap text-muted-foreground">
                        {formatDate(transaction.date)}
                      </td>
                      <td className="py-2.5 pr-3">{transaction.description}</td>
                      <td className="hidden py-2.5 pr-3 text-muted-foreground sm:table-cell">
                        {transaction.clientName ?? "–"}
                      </td>
                      <td
                        className={cn(
                          "py-2.5 text-right font-medium whitespace-nowrap tabular-nums",
                          transaction.type === "income" ? "text-emerald-700" : "text-foreground",
                        )}
                      >
                        {formatSignedEuro(transaction.type === "income" ? cents : -cents)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
