import { CircleCheck, Info, TrendingDown, TrendingUp } from "lucide-react";
import type { HoursCriterion } from "@shared/schemas/time-tracking";
import { HOURS_CRITERION } from "@shared/time-tracking/hours-criterion";
import { Badge } from "@client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useHoursCriterion } from "./api";
import { formatFixed, formatNumber } from "@shared/format";

/**
 * The urencriterium (domain.md §8): 1,225 hours in the business per calendar year, also when you started
 * mid-year. Shows the hours booked this year, the pace needed per remaining week and whether that is on track.
 */
export function HoursCriterionCard() {
  const { data: progress, isError } = useHoursCriterion();
  const percentage = progress ? Math.min(100, (progress.bookedMinutes / progress.goalMinutes) * 100) : 0;

  return (
    <Card className="flex flex-col">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <CardTitle>Urencriterium {progress?.year}</CardTitle>
          {progress && <CriterionBadge progress={progress} />}
        </div>
        <CardDescription>Minimaal {formatNumber(HOURS_CRITERION, 0)} uur per kalenderjaar.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {!progress ? (
          isError ? (
            <p className="text-sm text-muted-foreground">De uren van dit jaar konden niet worden geladen.</p>
          ) : (
            <div className="flex flex-col gap-3">
              <Skeleton className="h-8 w-40" />
              <Skeleton className="h-2.5 w-full" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          )
        ) : (
          <>
            <div className="flex items-baseline gap-2">
              <span className="text-3xl font-semibold tracking-tight tabular-nums">
                {formatFixed(progress.bookedMinutes / 60, 1)}
              </span>
              <span className="text-sm text-muted-foreground">
                van {formatNumber(HOURS_CRITERION, 0)} uur dit jaar
              </span>
            </div>
            <div
              role="progressbar"
              aria-label="Voortgang urencriterium"
              aria-valuemin={0}
              aria-valuemax={HOURS_CRITERION}
              aria-valuenow={Math.round(progress.bookedMinutes / 60)}
              aria-valuetext={`${formatFixed(progress.bookedMinutes / 60, 1)} van ${formatNumber(HOURS_CRITERION, 0)} uur`}
              className="h-2.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={
                  progress.isOnTrack
                    ? "h-full rounded-full bg-emerald-600"
                    : "h-full rounded-full bg-amber-500"
                }
                style={{ width: `${percentage}%` }}
              />
            </div>
            {progress.isReached ? (
              <p className="text-sm text-muted-foreground">
                Je hebt het urencriterium voor {progress.year} gehaald. Blijf je uren registreren: de
                Belastingdienst kan om een controleerbare urenadministratie vragen.
              </p>
            ) : !progress.isReachable ? (
              // Asking a starter in November for 200 hours a week helps nobody: say plainly what it means.
              <p className="text-sm text-muted-foreground">
                Met nog {formatFixed(progress.weeksLeft, 1)} weken haal je de{" "}
                {formatNumber(HOURS_CRITERION, 0)} uur in {progress.year} niet meer. Het urencriterium wordt
                niet naar rato berekend, dus over {progress.year} heb je geen recht op de zelfstandigenaftrek.
                Registreer je uren gewoon door: vanaf 1 januari telt het nieuwe jaar.
              </p>
            ) : (
              <>
                <dl className="grid grid-cols-2 gap-3 text-sm">
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-muted-foreground">Nog nodig</dt>
                    <dd className="font-medium tabular-nums">
                      {formatFixed(progress.remainingMinutes / 60, 1)} uur
                    </dd>
                  </div>
                  <div className="flex flex-col gap-0.5">
                    <dt className="text-muted-foreground">Benodigd tempo</dt>
                    <dd className="font-medium tabular-nums">
                      {formatFixed(progress.minutesPerWeekNeeded / 60, 1)} uur per week
                    </dd>
                  </div>
                </dl>
                <p className="text-xs text-muted-foreground">
                  Nog {formatFixed(progress.weeksLeft, 1)} weken in {progress.year}. Bij een gelijkmatig tempo
                  had je nu {formatFixed(progress.expectedMinutesByNow / 60, 1)} uur gehad.
                </p>
              </>
            )}
            <details className="group mt-auto rounded-lg border border-border bg-muted/40 px-3 py-2 text-sm">
              <summary className="flex cursor-pointer list-none items-center gap-2 font-medium text-foreground">
                <Info className="size-4 text-muted-foreground" aria-hidden />
                Welke uren tellen mee?
              </summary>
              <div className="mt-2 flex flex-col gap-2 text-muted-foreground">
                <p>
                  Alle uren die je hier registreert tellen mee, factureerbaar of niet: werk voor klanten,
                  reistijd, administratie, acquisitie en offertes, marketing en je website, vakstudie voor je
                  bedrijf en onderhoud van kantoor en computers. Privé- en hobbytijd telt niet mee.
                </p>
                <p>
                  De 1.225 uur gelden per kalenderjaar en worden niet naar rato verlaagd als je halverwege het
                  jaar start. Daarnaast moet je meer dan de helft van je werktijd aan je onderneming besteden
                  (dat geldt niet voor starters). Houd een gedetailleerde, controleerbare urenregistratie bij.
                </p>
              </div>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CriterionBadge({ progress }: { progress: HoursCriterion }) {
  const { isReached, isOnTrack, isReachable } = progress;
  if (!isReached && !isReachable) {
    return (
      <Badge variant="warning">
        <TrendingDown aria-hidden />
        Niet meer haalbaar
      </Badge>
    );
  }
  if (isReached) {
    return (
      <Badge variant="success">
        <CircleCheck aria-hidden />
        Gehaald
      </Badge>
    );
  }
  return isOnTrack ? (
    <Badge variant="success">
      <TrendingUp aria-hidden />
      Op schema
    </Badge>
  ) : (
    <Badge variant="warning">
      <TrendingDown aria-hidden />
      Achter op schema
    </Badge>
  );
}
