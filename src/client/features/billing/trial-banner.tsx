import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CalendarClock, Lock } from "lucide-react";
import { settingsTabPath } from "@shared/routes";
import { formatLongDate } from "@shared/format";
import { useSessionUser } from "@client/lib/session-user";
import { billingQuery } from "./api";

/**
 * Above every screen: the days left of the trial (a calm notice), or that the books are read-only until a
 * subscription starts. Nothing on installations without subscriptions, for demo accounts or while paid.
 */
export function TrialBanner() {
  const user = useSessionUser();
  const billing = useQuery({ ...billingQuery, enabled: !user.isDemo });
  const status = billing.data;
  if (!status?.isAvailable) return null;
  const link = (
    <Link
      href={settingsTabPath("subscription")}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {user.signedInAs ? "Bekijk het abonnement" : "Abonnement starten"}
    </Link>
  );

  if (status.state === "trial" && status.trialEndsOn !== null) {
    const days = status.trialDaysLeft ?? 0;
    return (
      <div
        role="region"
        aria-label="Proefperiode"
        className="mb-6 flex flex-col gap-2 rounded-xl border border-border bg-card p-3 text-sm sm:flex-row sm:items-center sm:gap-3"
      >
        <CalendarClock aria-hidden className="size-5 shrink-0 text-muted-foreground" />
        <p className="flex-1">
          {days === 0
            ? "Vandaag is de laatste dag van je proefperiode."
            : `Je proefperiode loopt nog ${days} ${days === 1 ? "dag" : "dagen"}, tot en met ${formatLongDate(status.trialEndsOn)}.`}
        </p>
        {link}
      </div>
    );
  }
  if (status.state === "read_only") {
    return (
      <div
        role="region"
        aria-label="Abonnement"
        className="mb-6 flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:gap-3"
      >
        <Lock aria-hidden className="size-5 shrink-0 text-amber-700" />
        <p className="flex-1">
          {status.paidThrough ? "Je abonnement is afgelopen." : "Je proefperiode is afgelopen."} Je
          administratie is alleen-lezen: je kunt alles inzien en exporteren. Start een abonnement om weer te
          boeken; je gegevens blijven bewaard.
        </p>
        {link}
      </div>
    );
  }
  return null;
}
