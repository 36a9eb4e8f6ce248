import { useState } from "react";
import { FolderPlus, Pause, Play, Square } from "lucide-react";
import type { Project } from "@shared/schemas/projects";
import { TIMER_START_MESSAGE, TIMER_UNDER_A_MINUTE_MESSAGE, type Timer } from "@shared/schemas/time-tracking";
import { formatClock, needsStopConfirmation, stopConfirmationReasons } from "@shared/time-tracking/duration";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { ProjectPicker } from "@client/components/pickers/project-picker";
import { ApiError } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { usePauseTimer, useResumeTimer, useStartTimer, useStopTimer, useTimer } from "./api";
import { ProjectFormDialog } from "./project-form-dialog";
import { estimatedServerNow, useWorkedMilliseconds } from "./use-timer-clock";

interface TimerCardProps {
  /** The user's projects: whether there is one to choose, and the running timer's project's name. */
  projects: Project[] | undefined;
}

/**
 * Spec §2.14 and §4 Timer, made real (issue 5): the timer is kept on the server, Pauze stops the clock and
 * Hervat continues it, 'Stop & Opslaan' saves the worked time in whole minutes.
 */
export function TimerCard({ projects }: TimerCardProps) {
  const timerQuery = useTimer();
  const timer = timerQuery.data;
  const worked = useWorkedMilliseconds(timer, timerQuery.dataUpdatedAt);
  const [projectId, setProjectId] = useState("");
  const [description, setDescription] = useState("");
  const [missing, setMissing] = useState<{ project: boolean; description: boolean }>();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isNewProjectOpen, setIsNewProjectOpen] = useState(false);
  const start = useStartTimer();
  const pause = usePauseTimer();
  const resume = useResumeTimer();
  const stop = useStopTimer();

  const state = timer?.state ?? "stopped";
  const isBusy = start.isPending || pause.isPending || resume.isPending || stop.isPending;
  const hasActiveProject = projects?.some((project) => project.status === "active") ?? false;
  // While the timer runs, the fields show what it runs on (also when it was started on another device).
  const shownProjectId = state === "stopped" ? projectId : (timer?.projectId ?? "");
  const shownDescription = state === "stopped" ? description : (timer?.description ?? "");
  const shownProject = projects?.find((project) => project.id === shownProjectId);

  const timerTimes = timer?.startedAt
    ? {
        startedAt: new Date(timer.startedAt),
        pausedAt: timer.pausedAt ? new Date(timer.pausedAt) : null,
        pausedMilliseconds: timer.pausedMilliseconds,
      }
    : undefined;
  const reasons =
    timerTimes && isConfirmOpen
      ? stopConfirmationReasons(timerTimes, estimatedServerNow(timer!, timerQuery.dataUpdatedAt))
      : undefined;
  const confirmReason =
    reasons?.overMidnight && reasons.overLongTime
      ? "liep over middernacht en langer dan 12 uur"
      : reasons?.overMidnight
        ? "liep over middernacht"
        : reasons?.overLongTime
          ? "liep langer dan 12 uur"
          : "liep over middernacht of langer dan 12 uur";

  const failed = (error: unknown) => toastError(error);

  const onStart = async () => {
    const missingNow = { project: projectId === "", description: description.trim() === "" };
    if (missingNow.project || missingNow.description) {
      setMissing(missingNow);
      toast({ variant: "destructive", title: "Fout", description: TIMER_START_MESSAGE });
      return;
    }
    setMissing(undefined);
    await start.mutateAsync({ projectId, description: description.trim() }).catch(failed);
  };

  const onStop = async (confirm: boolean) => {
    if (!timer || !timerTimes) return;
    if (!confirm && needsStopConfirmation(timerTimes, estimatedServerNow(timer, timerQuery.dataUpdatedAt))) {
      setIsConfirmOpen(true);
      return;
    }
    try {
      const { entry } = await stop.mutateAsync({ confirm });
      setIsConfirmOpen(false);
      setProjectId("");
      setDescription("");
      toast(
        entry
          ? { title: "Tijdregistratie succesvol opgeslagen" }
          : { title: "Timer gestopt", description: TIMER_UNDER_A_MINUTE_MESSAGE },
      );
    } catch (error) {
      // The server's clock decided it needs a confirmation after all.
      if (error instanceof ApiError && error.fieldErrors?.confirm) {
        setIsConfirmOpen(true);
        return;
      }
      setIsConfirmOpen(false);
      toast({ variant: "destructive", title: "Fout", description: "Kon tijdregistratie niet opslaan" });
    }
  };

  return (
    <Card role="region" aria-labelledby="timer-title" className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1.5">
          <CardTitle id="timer-title">Timer</CardTitle>
          <CardDescription>Kies een project, beschrijf je taak en start de klok.</CardDescription>
        </div>
        <TimerBadge state={state} />
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {projects && !hasActiveProject && state === "stopped" ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-border bg-muted/40 p-4 text-sm text-muted-foreground">
            <p>Maak eerst een project aan om tijd op te schrijven.</p>
            <Button variant="outline" size="sm" onClick={() => setIsNewProjectOpen(true)}>
              <FolderPlus aria-hidden />
              Project aanmaken
            </Button>
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <FormField label="Project" error={missing?.project ? "Selecteer een project" : undefined}>
              {(control) => (
                <ProjectPicker
                  {...control}
                  value={shownProjectId}
                  selectedProject={shownProject}
                  onChange={(id) => setProjectId(id)}
                  status="active"
                  texts={{ placeholder: "Selecteer een project" }}
                  disabled={state !== "stopped" || !projects}
                />
              )}
            </FormField>
            <FormField
              label="Beschrijving"
              error={missing?.description ? "Voer een beschrijving in" : undefined}
            >
              <Input
                value={shownDescription}
                onChange={(event) => setDescription(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" && state === "stopped") void onStart();
                }}
                placeholder="Waar werk je aan?"
                maxLength={500}
                disabled={state !== "stopped"}
              />
            </FormField>
          </div>
        )}

        <div className="flex flex-col items-center gap-5 rounded-xl bg-muted/60 px-4 py-6 sm:px-6">
          {timerQuery.isPending ? (
            <Skeleton className="h-12 w-52" />
          ) : (
            <time
              role="timer"
              aria-label="Gewerkte tijd"
              dateTime={`PT${Math.floor(worked / 1000)}S`}
              className="font-mono text-4xl font-semibold tracking-tight text-foreground tabular-nums sm:text-5xl"
            >
              {formatClock(worked)}
            </time>
          )}
          <div className="flex flex-wrap items-center justify-center gap-2">
            <Button onClick={() => void onStart()} disabled={state !== "stopped" || isBusy || !timer}>
              {start.isPending ? <Spinner /> : <Play aria-hidden />}
              Start
            </Button>
            {state === "paused" ? (
              <Button
                variant="outline"
                onClick={() => void resume.mutateAsync(undefined).catch(failed)}
                disabled={isBusy}
              >
                {resume.isPending ? <Spinner /> : <Play aria-hidden />}
                Hervat
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={() => void pause.mutateAsync(undefined).catch(failed)}
                disabled={state !== "running" || isBusy}
              >
                {pause.isPending ? <Spinner /> : <Pause aria-hidden />}
                Pauze
              </Button>
            )}
            <Button
              variant="destructive"
              onClick={() => void onStop(false)}
              disabled={state === "stopped" || isBusy}
            >
              {stop.isPending ? <Spinner /> : <Square aria-hidden />}
              Stop &amp; Opslaan
            </Button>
          </div>
        </div>
        {state === "paused" && (
          <p className="text-sm text-muted-foreground">
            Gepauzeerd — de pauze telt niet mee. Klik op Hervat om verder te gaan.
          </p>
        )}
      </CardContent>

      <ConfirmDialog
        open={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title="Lange registratie opslaan?"
        description={
          <>
            Deze timer {confirmReason} ({formatClock(worked)} gewerkt). Klopt dat, of ben je vergeten hem te
            stoppen? Je kunt de registratie na het opslaan nog aanpassen.
          </>
        }
        confirmLabel="Toch opslaan"
        onConfirm={() => onStop(true)}
        isPending={stop.isPending}
        isDestructive={false}
      />
      <ProjectFormDialog
        open={isNewProjectOpen}
        onOpenChange={setIsNewProjectOpen}
        // The new project is what the user wants to time next.
        onSaved={(project) => setProjectId(project.id)}
      />
    </Card>
  );
}

/** Spec §2.14: Actief or Gestopt; a paused timer says so. */
function TimerBadge({ state }: { state: Timer["state"] }) {
  if (state === "running") {
    return (
      <Badge variant="success">
        <span className="size-1.5 rounded-full bg-emerald-600 motion-safe:animate-pulse" aria-hidden />
        Actief
      </Badge>
    );
  }
  if (state === "paused") return <Badge variant="warning">Gepauzeerd</Badge>;
  return <Badge variant="muted">Gestopt</Badge>;
}
