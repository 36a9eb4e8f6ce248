/** The back office's read-only lists: newsletter sign-ups, privacy requests, the error log and the job runs. */
import { AlertTriangle, Clock, Mail, ShieldCheck } from "lucide-react";
import { formatDate } from "@shared/format";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { PageLoader } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { useJobRuns } from "./api";
import { formatMoment, OperatorListPage, RowCard } from "./operator-list";

const NEWSLETTER_STATUS = {
  pending: ["Wacht op bevestiging", "warning"],
  confirmed: ["Bevestigd", "success"],
  unsubscribed: ["Afgemeld", "muted"],
} as const;

export function NewsletterPage() {
  return (
    <OperatorListPage
      path="newsletter-signups"
      title="Nieuwsbrief"
      description="Aanmeldingen voor de nieuwsbrief; alleen bevestigde adressen krijgen hem."
      empty={{
        icon: Mail,
        title: "Nog geen aanmeldingen",
        description: "Aanmeldingen via de site verschijnen hier.",
      }}
      renderRow={(signup) => (
        <RowCard>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-foreground">{signup.email}</p>
              <p className="text-muted-foreground">
                {signup.name ? `${signup.name} · ` : ""}Aangemeld {formatMoment(signup.createdAt)}
                {signup.source && ` · via ${signup.source}`}
              </p>
            </div>
            <Badge variant={NEWSLETTER_STATUS[signup.status][1]}>{NEWSLETTER_STATUS[signup.status][0]}</Badge>
          </div>
        </RowCard>
      )}
    />
  );
}

const REQUEST_TYPES: Record<string, string> = {
  access: "Inzage",
  erasure: "Verwijdering",
  rectification: "Correctie",
  portability: "Overdracht",
  restriction: "Beperking",
  objection: "Bezwaar",
};

const REQUEST_STATUS = {
  pending: "Ontvangen",
  in_progress: "In behandeling",
  completed: "Afgehandeld",
  rejected: "Afgewezen",
} as const;

export function PrivacyRequestsPage() {
  return (
    <OperatorListPage
      path="privacy-requests"
      title="Privacyverzoeken"
      description="AVG-verzoeken met hun uiterste datum: een maand na ontvangst (art. 12 lid 3). Open verzoeken staan bovenaan."
      empty={{
        icon: ShieldCheck,
        title: "Geen privacyverzoeken",
        description: "Verzoeken via de privacypagina verschijnen hier.",
      }}
      renderRow={(request) => (
        <RowCard>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-foreground">
                {REQUEST_TYPES[request.requestType] ?? request.requestType} · {request.email}
              </p>
              <p className="text-muted-foreground">
                Ontvangen {formatMoment(request.receivedAt)} · uiterlijk {formatDate(request.dueDate)}
                {request.identityVerified ? " · identiteit bevestigd" : " · identiteit nog niet bevestigd"}
                {request.completedAt && ` · afgehandeld ${formatMoment(request.completedAt)}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {request.isOverdue && (
                <Badge className="bg-red-50 text-red-800">
                  <AlertTriangle aria-hidden /> Te laat
                </Badge>
              )}
              <Badge variant={request.status === "completed" ? "success" : "outline"}>
                {REQUEST_STATUS[request.status]}
              </Badge>
            </div>
          </div>
        </RowCard>
      )}
    />
  );
}

export function ErrorLogPage() {
  return (
    <OperatorListPage
      path="error-logs"
      title="Foutlog"
      description="Fouten die de app heeft vastgelegd, de nieuwste bovenaan."
      empty={{
        icon: AlertTriangle,
        title: "Geen fouten vastgelegd",
        description: "Zodra er een fout wordt vastgelegd, staat die hier.",
      }}
      renderRow={(error) => (
        <RowCard>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-foreground">{error.message}</p>
              <p className="text-muted-foreground">
                {formatMoment(error.createdAt)}
                {error.errorType && ` · ${error.errorType}`}
                {error.errorCode && ` · ${error.errorCode}`}
                {error.url && ` · ${error.url}`}
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <Badge
                variant={error.severity === "critical" || error.severity === "error" ? "warning" : "muted"}
              >
                {error.severity}
              </Badge>
              {error.resolved && <Badge variant="success">Opgelost</Badge>}
            </div>
          </div>
        </RowCard>
      )}
    />
  );
}

export function JobRunsPage() {
  const runs = useJobRuns();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Taken"
        description="De laatste uitvoering van elke geplande taak, over alle servers."
      />
      {runs.isPending ? (
        <PageLoader />
      ) : runs.isError ? (
        <EmptyState
          title="De taken konden niet worden geladen"
          description={getErrorMessage(runs.error)}
          action={
            <Button variant="outline" onClick={() => void runs.refetch()}>
              Opnieuw proberen
            </Button>
          }
        />
      ) : runs.data.length === 0 ? (
        <EmptyState
          icon={Clock}
          title="Nog geen taken uitgevoerd"
          description="Na de eerste run van een geplande taak staat die hier."
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Taken">
          {runs.data.map((run) => (
            <li key={run.name}>
              <RowCard>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-foreground">{run.name}</p>
                    <p className="text-muted-foreground">
                      Laatst {formatMoment(run.lastRunAt)} · {run.lastDurationMs} ms
                      {run.lastSuccessAt
                        ? ` · laatst gelukt ${formatMoment(run.lastSuccessAt)}`
                        : " · nog nooit gelukt"}
                    </p>
                    {run.lastError && <p className="mt-1 text-red-700">{run.lastError}</p>}
                  </div>
                  <Badge variant={run.lastStatus === "ok" ? "success" : "warning"}>
                    {run.lastStatus === "ok" ? "Gelukt" : "Mislukt"}
                  </Badge>
                </div>
              </RowCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
