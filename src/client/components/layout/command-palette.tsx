import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { useLocation } from "wouter";
import { ChevronLeft, Search, X } from "lucide-react";
import { DESCRIPTION_REQUIRED_MESSAGE } from "@shared/schemas/time-tracking";
import { APP_ROUTES } from "@shared/routes";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { focusMainContent } from "@client/lib/main-content";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { KeyHint } from "./key-hint";
import {
  ACTION_COMMANDS,
  filterCommands,
  SCREEN_COMMANDS,
  START_TIMER_COMMAND_ID,
  type PaletteCommand,
  type PaletteGroup,
} from "./palette-commands";
import { PaletteList } from "./palette-list";
import { usePaletteSearch } from "./use-palette-search";
import { usePaletteTimer, type TimerStep } from "./use-palette-timer";

interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShowShortcuts: () => void;
}

/** What to do once the palette has closed (and given focus back). */
interface AfterClose {
  run: () => void;
  /** A new screen: focus goes to its start, not back to what had it on the old one. */
  isNewScreen: boolean;
}

/**
 * 'Snel naar' (Ctrl/⌘-K or the top bar's button): jump to any screen, client or invoice, or start a common
 * action. A modal dialog with a search field that owns a listbox (the ARIA combobox pattern); Esc closes it and
 * focus returns where it was.
 */
export function CommandPalette({ open, onOpenChange, onShowShortcuts }: CommandPaletteProps) {
  const [, navigate] = useLocation();
  const afterClose = useRef<AfterClose | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const closeThen = (next: AfterClose) => {
    afterClose.current = next;
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideCloseButton
        className="top-3 max-w-xl translate-y-0 gap-0 overflow-hidden p-0 sm:top-[12vh]"
        // Into the search field (not autoFocus: the dialog must first note what had focus, to give it back).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const next = afterClose.current;
          afterClose.current = null;
          if (!next) return;
          if (next.isNewScreen) {
            event.preventDefault();
            focusMainContent();
          }
          next.run();
        }}
      >
        <PaletteBody
          inputRef={inputRef}
          onNavigate={(href) => closeThen({ isNewScreen: true, run: () => navigate(href) })}
          onShowShortcuts={() => closeThen({ isNewScreen: false, run: onShowShortcuts })}
        />
      </DialogContent>
    </Dialog>
  );
}

type Step = { kind: "search" } | TimerStep;

const STEP_LABELS: Record<Step["kind"], string> = {
  search: "Zoek een scherm, actie, klant of factuur",
  "timer-project": "Kies een project voor de timer",
  "timer-description": "Waar werk je aan?",
};

/** The dialog's contents, mounted while it is open: every opening starts empty. */
function PaletteBody({
  inputRef,
  onNavigate,
  onShowShortcuts,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onNavigate: (href: string) => void;
  onShowShortcuts: () => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [step, setStep] = useState<Step>({ kind: "search" });
  const [text, setText] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const search = usePaletteSearch(step.kind === "search" ? text : "");
  const timer = usePaletteTimer();

  const groups: PaletteGroup[] = (
    step.kind === "search"
      ? [
          { id: "screens", label: "Schermen", commands: filterCommands(SCREEN_COMMANDS, text) },
          {
            id: "actions",
            label: "Acties",
            commands: filterCommands(ACTION_COMMANDS, text).map((command) =>
              command.id === START_TIMER_COMMAND_ID ? timer.actionCommand(command) : command,
            ),
          },
          ...search.groups,
        ]
      : timer.stepGroups(step, text)
  ).filter((group) => group.commands.length > 0);
  const commands = groups.flatMap((group) => group.commands);
  const active = commands[Math.min(activeIndex, commands.length - 1)];
  const optionId = (command: PaletteCommand) => `${listId}-${command.id}`;
  const activeId = active ? optionId(active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const goToStep = (next: Step) => {
    setStep(next);
    setText("");
    setActiveIndex(0);
    setError(null);
    // The field asks the next question; it keeps focus (also after the Terug button).
    inputRef.current?.focus();
  };

  const startTimer = async (projectId: string, projectName: string) => {
    const description = text.trim();
    if (!description) {
      setError(DESCRIPTION_REQUIRED_MESSAGE);
      return;
    }
    try {
      await timer.start(projectId, description);
      toast({ title: "Timer gestart", description: `${projectName}: ${description}` });
      onNavigate(APP_ROUTES.timeTracking);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  const choose = (command: PaletteCommand) => {
    const { action } = command;
    switch (action.kind) {
      case "navigate":
        return onNavigate(action.href);
      case "show-shortcuts":
        return onShowShortcuts();
      case "start-timer":
        return goToStep({ kind: "timer-project" });
      case "choose-project":
        return goToStep({
          kind: "timer-description",
          projectId: action.projectId,
          projectName: action.projectName,
        });
      case "confirm-timer":
        if (step.kind === "timer-description" && !timer.isStarting) {
          void startTimer(step.projectId, step.projectName);
        }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = commands.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (count === 0) return;
      const current = Math.min(activeIndex, count - 1);
      setActiveIndex((current + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active) choose(active);
    } else if (event.key === "Backspace" && text === "" && step.kind !== "search") {
      event.preventDefault();
      goToStep(step.kind === "timer-description" ? { kind: "timer-project" } : { kind: "search" });
    }
  };

  const typed = text.trim();
  const isBusy = search.isSearching || (step.kind === "timer-project" && timer.isLoadingProjects);
  const status = isBusy
    ? "Zoeken…"
    : commands.length === 0
      ? typed
        ? `Geen resultaten voor ‘${typed}’`
        : "Geen resultaten"
      : `${step.kind === "search" ? "" : `${STEP_LABELS[step.kind]}: `}${commands.length} ${commands.length === 1 ? "resultaat" : "resultaten"}`;
  const errorId = `${id}-error`;

  return (
    <>
      <DialogTitle className="sr-only">Snel naar</DialogTitle>
      <DialogDescription className="sr-only">
        Typ om een scherm, actie, klant of factuur te vinden. Kies met de pijltjestoetsen en Enter; Escape
        sluit.
      </DialogDescription>
      {step.kind !== "search" && (
        <div className="flex items-center gap-2 border-b border-border px-3 py-2 text-sm">
          <button
            type="button"
            onClick={() =>
              goToStep(step.kind === "timer-description" ? { kind: "timer-project" } : { kind: "search" })
            }
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40"
          >
            <ChevronLeft aria-hidden className="size-4" />
            Terug
          </button>
          <span className="truncate font-medium">
            Timer starten{step.kind === "timer-description" && ` · ${step.projectName}`}
          </span>
        </div>
      )}
      <div className="flex items-center gap-2 border-b border-border px-3">
        {isBusy || timer.isStarting ? (
          <Spinner className="size-4 shrink-0 text-muted-foreground" />
        ) : (
          <Search aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        )}
        <input
          ref={inputRef}
          role="combobox"
          aria-label={STEP_LABELS[step.kind]}
          aria-expanded={commands.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={step.kind === "timer-description" ? 500 : 100}
          placeholder={`${STEP_LABELS[step.kind]}…`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveIndex(0);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-foreground outline-none placeholder:text-muted-foreground sm:text-[0.9375rem]"
        />
        <DialogClose className="inline-flex size-8 items-center justify-center rounded-md text-xs font-medium text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40 sm:w-auto sm:px-1.5">
          <X aria-hidden className="size-4 sm:hidden" />
          <span aria-hidden className="hidden sm:inline">
            Esc
          </span>
          <span className="sr-only">Sluiten</span>
        </DialogClose>
      </div>
      {error && (
        <p
          id={errorId}
          className="border-b border-border px-4 py-2 text-[0.8125rem] font-medium text-destructive"
        >
          {error}
        </p>
      )}
      <PaletteList
        id={listId}
        label="Resultaten"
        groups={groups}
        activeId={activeId}
        optionId={optionId}
        onActivate={(command) => setActiveIndex(commands.indexOf(command))}
        onChoose={choose}
      />
      <p
        role="status"
        className={cn(
          "px-4 py-6 text-center text-sm text-muted-foreground",
          !isBusy && commands.length > 0 && "sr-only",
          isBusy && commands.length > 0 && "border-t border-border py-2 text-xs",
        )}
      >
        {status}
      </p>
      <div className="hidden items-center gap-4 border-t border-border bg-muted/40 px-4 py-2 text-xs text-muted-foreground sm:flex">
        <span className="inline-flex items-center gap-1.5">
          <KeyHint keys={["↑", "↓"]} /> kiezen
        </span>
        <span className="inline-flex items-center gap-1.5">
          <KeyHint keys={["Enter"]} /> openen
        </span>
        <span className="inline-flex items-center gap-1.5">
          <KeyHint keys={["Esc"]} /> sluiten
        </span>
      </div>
    </>
  );
}
