import { QueryClientProvider } from "@tanstack/react-query";
import type { PageMeta } from "@shared/content/seo";
import { Link } from "wouter";
import { AlertTriangle, CheckCircle2, Database, RefreshCw, Timer, XCircle } from "lucide-react";
import type { HealthAnswer } from "@shared/schemas/public-site";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { queryClient } from "@client/lib/query-client";
import { cn } from "@client/lib/utils";
import { STATUS_REFRESH_MS, useHealth } from "./api";
import { formatNumber } from "@shared/format";

/** Dutch names of the scheduled jobs; an unknown job shows its own name. */
const JOB_LABELS: Record<string, string> = {
  "delete-expired-sessions": "Verlopen sessies opruimen",
  "mark-overdue-invoices": "Verlopen facturen markeren",
  "recurring-transactions": "Terugkerende transacties boeken",
  "deliver-outbox": "E-mail versturen",
  analyze: "Databasestatistieken bijwerken",
  "delete-expired-demos": "Verlopen demo's verwijderen",
  "refill-demo-pool": "Demo's klaarzetten",
  "delete-expired-retained-accounts": "Bewaarde gegevens na de bewaartermijn verwijderen",
  "delete-expired-rate-limits": "Verlopen limieten opruimen",
  "remove-orphaned-documents": "Losse originelen opruimen",
  "post-depreciation": "Afschrijvingen boeken",
};

const timeFormat = new Intl.DateTimeFormat("nl-NL", {
  timeZone: "Europe/Amsterdam",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

const formatMs = (value: number) => `${formatNumber(value, value < 10 ? 2 : 0)} ms`;

type Overall = "loading" | "ok" | "degraded" | "down";

function overallOf(data: HealthAnswer | undefined, isError: boolean): Overall {
  if (isError) return "down";
  if (!data) return "loading";
  if (data.status !== "ok" || !data.database.reachable) return "down";
  return data.jobs?.some((job) => job.lastStatus === "failed") ? "degraded" : "ok";
}

const OVERALL_COPY: Record<Exclude<Overall, "loading">, { title: string; text: string }> = {
  ok: { title: "Alle systemen werken", text: "Balans is bereikbaar en alle onderdelen werken normaal." },
  degraded: {
    title: "Gedeeltelijke storing",
    text: "Balans is bereikbaar, maar een achtergrondtaak is bij de laatste uitvoering mislukt. We kijken ernaar.",
  },
  down: {
    title: "Storing",
    text: "Balans is op dit moment niet (volledig) bereikbaar. We werken aan een oplossing.",
  },
};

/** /support/status: live health from GET /api/health, refreshed every 30 seconds. */
function StatusPage() {
  const { data, isError, isFetching, refetch, dataUpdatedAt, errorUpdatedAt } = useHealth();
  const overall = overallOf(data, isError);
  const checkedAt = Math.max(dataUpdatedAt, errorUpdatedAt);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-medium text-primary">
        <Link href="/support" className="underline-offset-4 hover:underline">
          Support
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
        Status van Balans
      </h1>
      <p className="mt-3 text-muted-foreground">
        De actuele staat van de dienst, rechtstreeks gemeten. Deze pagina ververst zichzelf elke{" "}
        {STATUS_REFRESH_MS / 1000} seconden.
      </p>

      <div aria-live="polite" className="mt-8">
        {overall === "loading" ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <div
            className={cn(
              "flex items-start gap-4 rounded-xl border p-5",
              overall === "ok" && "border-emerald-200 bg-emerald-50",
              overall === "degraded" && "border-amber-200 bg-amber-50",
              overall === "down" && "border-red-200 bg-red-50",
            )}
          >
            {overall === "ok" ? (
              <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
            ) : overall === "degraded" ? (
              <AlertTriangle className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
            ) : (
              <XCircle className="mt-0.5 size-6 shrink-0 text-red-700" aria-hidden />
            )}
            <div>
              <h2 className="text-lg font-semibold text-foreground">{OVERALL_COPY[overall].title}</h2>
              <p className="mt-1 text-sm text-slate-700">{OVERALL_COPY[overall].text}</p>
            </div>
          </div>
        )}
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <p>
          {checkedAt > 0 ? (
            <>Laatst gecontroleerd om {timeFormat.format(new Date(checkedAt))}</>
          ) : (
            "Controleren…"
          )}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={cn(isFetching && "animate-spin")} aria-hidden />
          Nu verversen
        </Button>
      </div>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Database className="size-4 text-muted-foreground" aria-hidden />
              Database
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Bereikbaar</dt>
              <dd className="font-medium text-foreground">
                {data ? (data.database.reachable ? "Ja" : "Nee") : isError ? "Nee" : "…"}
              </dd>
              <dt className="text-muted-foreground">Reactietijd</dt>
              <dd className="font-medium text-foreground" data-testid="database-latency">
                {data?.database.latencyMs !== undefined ? formatMs(data.database.latencyMs) : "—"}
              </dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Versie</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="font-mono text-sm text-foreground">{data ? data.version : "—"}</p>
          </CardContent>
        </Card>
      </div>

      <Card className="mt-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Timer className="size-4 text-muted-foreground" aria-hidden />
            Achtergrondtaken
          </CardTitle>
        </CardHeader>
        <CardContent>
          {!data ? (
            <p className="text-sm text-muted-foreground">{isError ? "Niet beschikbaar." : "Laden…"}</p>
          ) : !data.jobs || data.jobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">Er zijn nog geen achtergrondtaken uitgevoerd.</p>
          ) : (
            <div className="-mx-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Laatste uitvoering per achtergrondtaak</caption>
                <thead className="text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-2 py-2 font-medium">
                      Taak
                    </th>
                    <th scope="col" className="px-2 py-2 font-medium">
                      Laatst uitgevoerd
                    </th>
                    <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell">
                      Duur
                    </th>
                    <th scope="col" className="px-2 py-2 font-medium">
                      Resultaat
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {data.jobs.map((job) => (
                    <tr key={job.name}>
                      <th scope="row" className="px-2 py-2.5 font-medium text-foreground">
                        {JOB_LABELS[job.name] ?? job.name}
                      </th>
                      <td className="px-2 py-2.5 whitespace-nowrap text-muted-foreground">
                        {timeFormat.format(new Date(job.lastRunAt))}
                      </td>
                      <td className="hidden px-2 py-2.5 text-right whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell">
                        {formatMs(job.lastDurationMs)}
                      </td>
                      <td className="px-2 py-2.5">
                        {job.lastStatus === "ok" ? (
                          <Badge variant="success">Gelukt</Badge>
                        ) : (
                          <Badge variant="warning">Mislukt</Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>

      <p className="mt-8 text-sm text-muted-foreground">
        Merk je iets dat hier niet staat?{" "}
        <Link
          href="/support/contact"
          className="text-primary underline underline-offset-4 hover:decoration-2"
        >
          Laat het ons weten
        </Link>
        .
      </p>
    </div>
  );
}

const META: PageMeta = {
  title: "Status",
  path: "/support/status",
  description:
    "De actuele status van Balans: bereikbaarheid, reactietijd van de database en de laatste uitvoering van de achtergrondtaken.",
  keywords: ["status", "storing", "uptime", "Balans"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <QueryClientProvider client={queryClient}>
      <StatusPage />
    </QueryClientProvider>
  );
}
