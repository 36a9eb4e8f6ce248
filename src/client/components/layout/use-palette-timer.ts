import { FolderKanban, Play } from "lucide-react";
import { APP_ROUTES } from "@shared/routes";
import { useProjects, useStartTimer, useTimer } from "@client/features/time-tracking/api";
import { filterCommands, type PaletteCommand, type PaletteGroup } from "./palette-commands";

export type TimerStep =
  { kind: "timer-project" } | { kind: "timer-description"; projectId: string; projectName: string };

/**
 * 'Timer starten' in the palette: choose a project, type what you work on, Enter. It starts the same timer as the
 * Uren screen (kept on the server), through the time-tracking feature's own mutation.
 */
export function usePaletteTimer() {
  const timer = useTimer();
  const projects = useProjects();
  const start = useStartTimer();
  const running = timer.data && timer.data.state !== "stopped" ? timer.data : undefined;

  /** The palette's action: 'Timer starten', or, with a timer already on, the way to it. */
  const actionCommand = (command: PaletteCommand): PaletteCommand =>
    running
      ? {
          ...command,
          label: "Timer bekijken",
          detail: running.description ? `De timer loopt al: ${running.description}` : "De timer loopt al",
          action: { kind: "navigate", href: APP_ROUTES.timeTracking },
        }
      : command;

  const stepGroups = (step: TimerStep, text: string): PaletteGroup[] => {
    if (step.kind === "timer-description") {
      const description = text.trim();
      return [
        {
          id: "timer",
          label: `Timer voor ${step.projectName}`,
          commands: [
            {
              id: "timer-confirm",
              label: description ? `Start: ${description}` : "Typ waar je aan werkt en druk op Enter",
              icon: Play,
              action: { kind: "confirm-timer" },
            },
          ],
        },
      ];
    }
    const active = (projects.data ?? []).filter((project) => project.status === "active");
    const commands: PaletteCommand[] =
      projects.data && active.length === 0
        ? [
            {
              id: "timer-no-projects",
              label: "Project aanmaken op Uren",
              detail: "Je hebt nog geen actief project om tijd op te schrijven.",
              icon: FolderKanban,
              action: { kind: "navigate", href: APP_ROUTES.timeTracking },
            },
          ]
        : filterCommands(
            active.map((project) => ({
              id: `project-${project.id}`,
              label: project.name,
              icon: FolderKanban,
              action: { kind: "choose-project", projectId: project.id, projectName: project.name },
            })),
            text,
          );
    return [{ id: "projects", label: "Projecten", commands }];
  };

  return {
    actionCommand,
    stepGroups,
    isLoadingProjects: projects.isPending,
    isStarting: start.isPending,
    start: (projectId: string, description: string) => start.mutateAsync({ projectId, description }),
  };
}
