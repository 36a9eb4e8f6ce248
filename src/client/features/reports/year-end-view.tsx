import { useState } from "react";
import { Lock, LockOpen } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { BOOK_YEAR_STATE_LABELS, type BookYearState, type BookYearsAnswer } from "@shared/schemas/ledger";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { FormField } from "@client/components/ui/form-field";
import { inputClassName } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useBookYears, useYearEndStep } from "./api";

type BookYear = BookYearsAnswer["years"][number];

const STATE_BADGES: Readonly<Record<BookYearState, "success" | "warning" | "muted">> = {
  closed: "success",
  open: "warning",
  running: "muted",
};

/** The instant of a closing or reopening as a Dutch date (Amsterdam). */
const dayOf = (instant: string) => formatDate(businessDate(new Date(instant)));

/**
 * Jaarafsluiting: each book year with its result; a finished year whose VAT returns are filed can be closed
 * (its result and privé go to Eigen vermogen, the year is locked), the latest closed year reopened with a reason.
 */
export function YearEndView() {
  const { data, error } = useBookYears();
  const step = useYearEndStep();
  const [closing, setClosing] = useState<BookYear | null>(null);
  const [reopening, setReopening] = useState<BookYear | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

  const run = async (request: Parameters<typeof step.mutateAsync>[0], done: string) => {
    try {
      await step.mutateAsync(request);
      toast({ title: done });
      setClosing(null);
      setReopening(null);
      setReason("");
      setReasonError(null);
    } catch (failure) {
      const message = getErrorMessage(failure);
      if (request.action === "reopen") setReasonError(message);
      else toast({ variant: "destructive", title: "Afsluiten mislukt", description: message });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Jaarafsluiting</CardTitle>
        <CardDescription>
          Sluit een boekjaar af als het voorbij is en de btw-aangiftes zijn ingediend. Het resultaat en privé
          gaan naar het eigen vermogen en het jaar gaat op slot; heropenen kan met een reden.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? (
          <p className="text-sm text-destructive">{getErrorMessage(error)}</p>
        ) : !data ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <ul aria-label="Boekjaren" className="divide-y divide-border rounded-lg border border-border">
            {data.years.map((year) => (
              <li key={year.year} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <span className="font-semibold text-foreground">{year.year}</span>
                    <Badge variant={STATE_BADGES[year.state]}>{BOOK_YEAR_STATE_LABELS[year.state]}</Badge>
                  </div>
                  <span className="text-sm text-muted-foreground">
                    Resultaat {formatEuro(parseCents(year.result) ?? 0)}
                    {year.closedAt && ` · afgesloten op ${dayOf(year.closedAt)}`}
                  </span>
                  {year.blockedReason && year.state === "open" && (
                    <span className="text-xs text-muted-foreground">{year.blockedReason}</span>
                  )}
                </div>
                {year.state === "open" && (
                  <Button
                    variant="outline"
                    className="self-start sm:self-auto"
                    disabled={year.blockedReason !== null}
                    onClick={() => setClosing(year)}
                  >
                    <Lock aria-hidden />
                    Jaar {year.year} afsluiten
                  </Button>
                )}
                {year.state === "closed" && year.blockedReason === null && (
                  <Button
                    variant="ghost"
                    className="self-start sm:self-auto"
                    onClick={() => setReopening(year)}
                  >
                    <LockOpen aria-hidden />
                    Heropenen
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {data && data.events.length > 0 && (
          <section aria-label="Logboek" className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold text-muted-foreground">Logboek</h3>
            <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
              {data.events.map((event) => (
                <li key={`${event.at}-${event.year}-${event.action}`}>
                  {dayOf(event.at)}: {event.year} {event.action === "closed" ? "afgesloten" : "heropend"}
                  {event.reason && ` — ${event.reason}`}
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>

      <ConfirmDialog
        open={closing !== null}
        onClose={() => setClosing(null)}
        title={`Boekjaar ${closing?.year ?? ""} afsluiten?`}
        description="Het resultaat en privé gaan op 1 januari naar het eigen vermogen. Daarna kun je in dit jaar niets meer boeken, tot je het heropent."
        confirmLabel="Afsluiten"
        isDestructive={false}
        isPending={step.isPending}
        onConfirm={() => {
          if (closing)
            return run({ year: closing.year, action: "close" }, `Boekjaar ${closing.year} afgesloten`);
        }}
      />
      <ConfirmDialog
        open={reopening !== null}
        onClose={() => {
          setReopening(null);
          setReasonError(null);
        }}
        title={`Boekjaar ${reopening?.year ?? ""} heropenen?`}
        description="De afsluitboeking vervalt en het jaar is weer te boeken. De reden komt in het logboek."
        confirmLabel="Heropenen"
        isPending={step.isPending}
        onConfirm={() => {
          if (reopening)
            return run(
              { year: reopening.year, action: "reopen", reason },
              `Boekjaar ${reopening.year} heropend`,
            );
        }}
      >
        <FormField label="Reden" error={reasonError ?? undefined}>
          <textarea
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={cn(inputClassName, "h-auto min-h-20 resize-y")}
          />
        </FormField>
      </ConfirmDialog>
    </Card>
  );
}
