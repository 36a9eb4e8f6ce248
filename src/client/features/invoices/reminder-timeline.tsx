import { BellRing, Pause, Play } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { reminderStepLabel, type ReminderTimeline as Timeline } from "@shared/schemas/reminders";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { usePauseReminders, useReminderTimeline, useSendReminder } from "./reminders-api";

const euro = (decimal: string) => formatEuro(parseCents(decimal) ?? 0);

/** Why nothing more is planned, in the user's words. */
const STOPPED_TEXTS: Record<NonNullable<Timeline["stoppedBecause"]>, string> = {
  draft: "Een concept krijgt geen herinneringen.",
  credit_note: "Een creditnota krijgt geen herinneringen.",
  settled: "Betaald of gecrediteerd: er gaan geen herinneringen meer uit.",
  all_sent: "Alle herinneringen zijn verstuurd.",
  no_email: "De klant heeft geen e-mailadres: vul het in bij de klant om herinneringen te sturen.",
};

/**
 * The invoice's payment reminders: each one sent (with what it claimed), the next one planned and its day, and
 * whether they are paused; 'Herinnering sturen' sends the next step now.
 */
export function ReminderTimeline({ invoiceId }: { invoiceId: string }) {
  const timeline = useReminderTimeline(invoiceId);
  const send = useSendReminder(invoiceId);
  const pause = usePauseReminders(invoiceId);
  if (timeline.isPending) return null;
  if (timeline.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Herinneringen laden mislukt: {getErrorMessage(timeline.error)}
      </p>
    );
  }
  const data = timeline.data;
  if (data.stoppedBecause === "draft" || data.stoppedBecause === "credit_note") return null;
  const isPaused = data.isInvoicePaused || data.isClientPaused;
  const canSend = data.stoppedBecause === null;

  const onSend = async () => {
    try {
      const result = await send.mutateAsync();
      const last = result.sent.at(-1);
      toast({
        title: "Herinnering verstuurd",
        description: last
          ? `${reminderStepLabel(last.step, last.isConsumer)} staat in de outbox.`
          : undefined,
      });
    } catch (error) {
      toastError(error);
    }
  };
  const onPause = async () => {
    try {
      await pause.mutateAsync(!data.isInvoicePaused);
      toast({ title: data.isInvoicePaused ? "Herinneringen hervat" : "Herinneringen gepauzeerd" });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section aria-labelledby="reminder-timeline-heading" className="rounded-md border p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="reminder-timeline-heading" className="text-sm font-semibold">
          Herinneringen
        </h3>
        <div className="flex flex-wrap gap-2">
          {data.isConsumer && <Badge variant="muted">Particulier</Badge>}
          {isPaused && <Badge variant="warning">Gepauzeerd</Badge>}
          {!data.isEnabled && <Badge variant="muted">Automatisch uit</Badge>}
        </div>
      </div>
      {data.sent.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nog geen herinnering verstuurd.</p>
      ) : (
        <ol className="space-y-1 text-sm" aria-label="Verstuurde herinneringen">
          {data.sent.map((reminder) => {
            const extra = [
              parseCents(reminder.interest) ? `rente ${euro(reminder.interest)}` : null,
              parseCents(reminder.costs) ? `incassokosten ${euro(reminder.costs)}` : null,
              parseCents(reminder.announcedCosts)
                ? `kondigt ${euro(reminder.announcedCosts)} kosten aan`
                : null,
            ].filter(Boolean);
            return (
              <li key={reminder.id} className="flex flex-wrap justify-between gap-x-4">
                <span>
                  <span className="text-muted-foreground">{formatDate(reminder.sentOn)}</span> ·{" "}
                  {reminderStepLabel(reminder.step, reminder.isConsumer)} verstuurd
                  {extra.length > 0 && <span className="text-muted-foreground"> ({extra.join(", ")})</span>}
                </span>
                <span className="tabular-nums">{euro(reminder.openAmount)}</span>
              </li>
            );
          })}
        </ol>
      )}
      {data.failure && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {reminderStepLabel(data.failure.step, data.isConsumer)} kon niet worden verstuurd (
          {data.failure.attempts === 1 ? "1 poging" : `${data.failure.attempts} pogingen`}, laatst op{" "}
          {formatDate(businessDate(new Date(data.failure.lastFailedAt)))}): {data.failure.reason}. Balans
          probeert het bij de volgende ronde opnieuw.
        </p>
      )}
      <p className="mt-2 border-t pt-2 text-sm">
        {data.stoppedBecause
          ? STOPPED_TEXTS[data.stoppedBecause]
          : isPaused
            ? data.isClientPaused && !data.isInvoicePaused
              ? "Gepauzeerd voor alle facturen van deze klant: er gaat niets automatisch uit."
              : "Gepauzeerd: er gaat niets automatisch uit tot je de herinneringen hervat."
            : data.next && data.isEnabled
              ? `Volgende: ${reminderStepLabel(data.next.step, data.isConsumer)} op ${formatDate(data.next.date)}.`
              : data.next
                ? `Volgende stap: ${reminderStepLabel(data.next.step, data.isConsumer)}. Automatisch versturen staat uit (Instellingen → Bedrijf → Herinneringen).`
                : null}
      </p>
      {data.stoppedBecause !== "settled" && (
        <div className="mt-3 flex flex-wrap gap-2">
          {canSend && (
            <Button size="sm" onClick={onSend} disabled={send.isPending}>
              {send.isPending ? <Spinner /> : <BellRing aria-hidden />}
              Herinnering sturen
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onPause} disabled={pause.isPending}>
            {data.isInvoicePaused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {data.isInvoicePaused ? "Herinneringen hervatten" : "Herinneringen pauzeren"}
          </Button>
        </div>
      )}
    </section>
  );
}
