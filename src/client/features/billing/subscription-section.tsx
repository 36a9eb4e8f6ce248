import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CreditCard, Download, XCircle } from "lucide-react";
import { formatDate, formatEuro, formatLongDate } from "@shared/format";
import { parseCents } from "@shared/money";
import type { BillingStatus } from "@shared/schemas/billing";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { useSessionUser } from "@client/lib/session-user";
import { toast } from "@client/lib/toast";
import { billingQuery, useCancelSubscription, useStartSubscription } from "./api";

const euro = (decimal: string) => formatEuro(parseCents(decimal) ?? 0);

const STATE_BADGES: Record<
  BillingStatus["state"],
  { label: string; variant: "success" | "warning" | "muted" }
> = {
  trial: { label: "Proefperiode", variant: "muted" },
  active: { label: "Actief", variant: "success" },
  read_only: { label: "Alleen-lezen", variant: "warning" },
  unlimited: { label: "Zonder abonnement", variant: "muted" },
};

/**
 * Settings → Abonnement: the trial or the subscription, starting it at the payment provider's checkout,
 * cancelling it ('Opzeggen', the paid month runs out) and Balans's invoices for it.
 */
export function SubscriptionSection() {
  const billing = useQuery(billingQuery);
  const user = useSessionUser();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Abonnement</CardTitle>
        <CardDescription>
          Eén abonnement met alles erin, maandelijks opzegbaar. Na je proefperiode of na de laatste betaalde
          maand kun je je administratie nog inzien en exporteren; er wordt nooit iets verwijderd.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {billing.isPending ? (
          <Skeleton className="h-32" />
        ) : billing.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Abonnement laden mislukt: {getErrorMessage(billing.error)}
          </p>
        ) : user.isDemo ? (
          <p className="text-sm text-muted-foreground">
            Een demo-account heeft geen abonnement nodig: het eindigt vanzelf na twee uur.
          </p>
        ) : !billing.data.isAvailable ? (
          <p className="text-sm text-muted-foreground">
            Abonnementen zijn op deze installatie niet beschikbaar. Je gebruikt Balans hier zonder
            proefperiode of beperking.
          </p>
        ) : (
          <Subscription status={billing.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Subscription({ status }: { status: BillingStatus }) {
  const start = useStartSubscription();
  const cancel = useCancelSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const badge =
    status.isCancelled && status.state === "active"
      ? { label: "Opgezegd", variant: "warning" as const }
      : STATE_BADGES[status.state];

  const startSubscription = async () => {
    try {
      const { checkoutUrl } = await start.mutateAsync();
      window.location.assign(checkoutUrl);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Abonnement starten mislukt",
        description: getErrorMessage(error),
      });
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <CreditCard className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <p className="flex flex-wrap items-center gap-2 text-base font-medium">
              Balans
              <Badge variant={badge.variant}>{badge.label}</Badge>
            </p>
            <p>
              {euro(status.price.net)} per maand excl. btw ({euro(status.price.total)} incl. 21% btw),
              maandelijks opzegbaar.
            </p>
            <StateText status={status} />
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          {!status.isRenewing && (
            <Button onClick={startSubscription} disabled={start.isPending}>
              {start.isPending
                ? "Bezig..."
                : status.pendingCheckoutUrl
                  ? "Verder met betalen"
                  : "Abonnement starten"}
            </Button>
          )}
          {status.isRenewing && (
            <Button variant="outline" onClick={() => setIsConfirming(true)}>
              <XCircle aria-hidden />
              Opzeggen
            </Button>
          )}
        </div>
      </div>
      {status.hasFailedPayment && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
          Je laatste maandbetaling is niet gelukt of teruggeboekt.
          {status.paidThrough
            ? ` Je kunt boeken tot en met ${formatLongDate(status.paidThrough)}; start daarna het abonnement opnieuw.`
            : " Start het abonnement opnieuw om weer te boeken."}
        </p>
      )}
      <Invoices invoices={status.invoices} />
      <ConfirmDialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Abonnement opzeggen?"
        description={
          status.paidThrough
            ? `Er wordt niets meer afgeschreven. Je kunt boeken tot en met ${formatLongDate(status.paidThrough)}; daarna kun je je gegevens nog inzien en exporteren.`
            : "Er wordt niets meer afgeschreven."
        }
        confirmLabel="Opzeggen"
        isDestructive
        isPending={cancel.isPending}
        onConfirm={async () => {
          try {
            await cancel.mutateAsync();
            setIsConfirming(false);
            toast({ title: "Abonnement opgezegd" });
          } catch (error) {
            toast({ variant: "destructive", title: "Opzeggen mislukt", description: getErrorMessage(error) });
          }
        }}
      />
    </div>
  );
}

function StateText({ status }: { status: BillingStatus }) {
  if (status.state === "trial" && status.trialEndsOn) {
    return (
      <p>
        Je proefperiode loopt tot en met <strong>{formatLongDate(status.trialEndsOn)}</strong>
        {status.trialDaysLeft === 0
          ? " (vandaag is de laatste dag)"
          : ` (nog ${status.trialDaysLeft} ${status.trialDaysLeft === 1 ? "dag" : "dagen"})`}
        . Je hebt geen betaalgegevens nodig om Balans te proberen.
      </p>
    );
  }
  if (status.state === "active" && status.paidThrough) {
    return status.isCancelled ? (
      <p>
        Opgezegd. Je kunt boeken tot en met <strong>{formatLongDate(status.paidThrough)}</strong>; daarna kun
        je je gegevens nog inzien en exporteren.
      </p>
    ) : (
      <p>
        Betaald tot en met <strong>{formatLongDate(status.paidThrough)}</strong>
        {status.isRenewing ? "; daarna wordt het elke maand verlengd." : "."}
      </p>
    );
  }
  if (status.state === "read_only") {
    return (
      <p>
        {status.paidThrough ? "Je abonnement is afgelopen." : "Je proefperiode is afgelopen."} Je
        administratie is alleen-lezen; start een abonnement om weer te boeken. Je gegevens blijven bewaard.
      </p>
    );
  }
  return null;
}

function Invoices({ invoices }: { invoices: BillingStatus["invoices"] }) {
  if (invoices.length === 0) return null;
  return (
    <section aria-labelledby="billing-invoices" className="flex flex-col gap-2">
      <h3 id="billing-invoices" className="text-sm font-semibold">
        Facturen van Balans
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border text-sm">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3">
            <span className="font-medium">{invoice.invoiceNumber}</span>
            <span className="text-muted-foreground">
              {formatDate(invoice.periodStart)} t/m {formatDate(invoice.periodEnd)}
            </span>
            <span className="tabular-nums">{euro(invoice.amount)}</span>
            <a
              href={`/api/billing/invoices/${invoice.id}/pdf`}
              download
              className="ml-auto inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              aria-label={`Factuur ${invoice.invoiceNumber} downloaden`}
            >
              <Download className="size-4" aria-hidden />
              PDF
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
