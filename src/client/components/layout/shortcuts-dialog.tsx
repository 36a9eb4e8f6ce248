import { useId } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { commandKeyLabel } from "@client/lib/keyboard";
import { KeyHint } from "./key-hint";
import { GO_KEY, GO_SHORTCUTS } from "./use-app-shortcuts";

interface Shortcut {
  keys: readonly string[];
  /** Keys pressed one after the other rather than together. */
  isSequence?: boolean;
  description: string;
}

function shortcutSections(): { title: string; shortcuts: Shortcut[] }[] {
  return [
    {
      title: "Overal",
      shortcuts: [
        {
          keys: [commandKeyLabel(), "K"],
          description: "Snel naar een scherm, klant of factuur, of een actie starten",
        },
        { keys: ["?"], description: "Deze sneltoetsen tonen" },
      ],
    },
    {
      title: "Naar een scherm: g, dan de letter",
      shortcuts: GO_SHORTCUTS.map((item) => ({
        keys: [GO_KEY, item.shortcutKey!],
        isSequence: true,
        description: item.label,
      })),
    },
    {
      title: "In Snel naar",
      shortcuts: [
        { keys: ["↑", "↓"], description: "Door de resultaten gaan" },
        { keys: ["Enter"], description: "Het gekozen resultaat openen" },
        { keys: ["Backspace"], description: "Bij een leeg zoekveld: een stap terug" },
        { keys: ["Esc"], description: "Sluiten" },
      ],
    },
    {
      title: "In formulieren en dialogen",
      shortcuts: [
        { keys: ["Tab"], description: "Naar het volgende veld of de volgende knop" },
        { keys: ["Shift", "Tab"], description: "Terug naar het vorige veld" },
        { keys: ["Enter"], description: "Opslaan of toevoegen (in een tekstveld)" },
        { keys: ["Esc"], description: "De dialoog sluiten zonder op te slaan" },
      ],
    },
  ];
}

/** 'Sneltoetsen' (the "?" key, or from Snel naar): the app's keyboard shortcuts. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-5">
        <DialogHeader>
          <DialogTitle>Sneltoetsen</DialogTitle>
          <DialogDescription>
            Alles in Balans werkt ook met het toetsenbord. Sneltoetsen van één toets doen niets terwijl je in
            een veld typt.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {shortcutSections().map((section, index) => (
            <section key={section.title} aria-labelledby={`${id}-${index}`}>
              <h3 id={`${id}-${index}`} className="mb-2 text-sm font-semibold text-foreground">
                {section.title}
              </h3>
              <dl className="flex flex-col gap-1.5">
                {section.shortcuts.map((shortcut) => (
                  <div key={shortcut.description} className="flex items-start justify-between gap-3 text-sm">
                    <dt className="order-2 shrink-0">
                      <KeyHint keys={shortcut.keys} />
                      <span className="sr-only">{shortcut.isSequence ? " (na elkaar)" : ""}</span>
                    </dt>
                    <dd className="text-muted-foreground">{shortcut.description}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
