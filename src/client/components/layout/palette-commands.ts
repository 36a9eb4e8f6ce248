/**
 * What the command palette offers without asking the server: every screen (from the navigation) and the common
 * actions. Each entry says what choosing it does; the palette carries that out.
 */
import { Clock, FilePlus, Keyboard, Play, Plus, UserPlus, type LucideIcon } from "lucide-react";
import { APP_ROUTES, appActionPath } from "@shared/routes";
import { ALL_NAV_ITEMS } from "./app-navigation";

export type PaletteAction =
  | { kind: "navigate"; href: string }
  | { kind: "show-shortcuts" }
  // Starting the timer takes two more steps in the palette: the project, then what you work on.
  | { kind: "start-timer" }
  | { kind: "choose-project"; projectId: string; projectName: string }
  | { kind: "confirm-timer" };

export interface PaletteCommand {
  /** Unique within the palette; part of the option's element id. */
  id: string;
  label: string;
  /** A second line or column: a client's city, an invoice's client. */
  detail?: string | undefined;
  /** Shown at the right: an amount, or the keys of a shortcut. */
  hint?: string | undefined;
  /** Whether `hint` is a key sequence (drawn as keys, read as "sneltoets"). */
  isHintKeys?: boolean;
  icon: LucideIcon;
  /** More words that find it. */
  keywords?: string | undefined;
  action: PaletteAction;
}

export interface PaletteGroup {
  id: string;
  label: string;
  commands: PaletteCommand[];
}

export const SCREEN_COMMANDS: readonly PaletteCommand[] = ALL_NAV_ITEMS.map((item) => ({
  id: `screen-${item.href.split("/").at(-1)}`,
  label: item.label,
  icon: item.icon,
  keywords: item.keywords,
  hint: item.shortcutKey ? `g ${item.shortcutKey}` : undefined,
  isHintKeys: true,
  action: { kind: "navigate", href: item.href },
}));

export const START_TIMER_COMMAND_ID = "action-start-timer";

export const ACTION_COMMANDS: readonly PaletteCommand[] = [
  {
    id: "action-new-invoice",
    label: "Nieuwe factuur",
    icon: FilePlus,
    keywords: "factuur maken verkoopfactuur",
    action: { kind: "navigate", href: appActionPath(APP_ROUTES.invoices, "nieuw") },
  },
  {
    id: "action-new-transaction",
    label: "Nieuwe transactie",
    icon: Plus,
    keywords: "boeking uitgave inkomst bank",
    action: { kind: "navigate", href: appActionPath(APP_ROUTES.transactions, "nieuw") },
  },
  {
    id: START_TIMER_COMMAND_ID,
    label: "Timer starten",
    icon: Play,
    keywords: "uren tijd klok",
    action: { kind: "start-timer" },
  },
  {
    id: "action-new-client",
    label: "Klant toevoegen",
    icon: UserPlus,
    keywords: "nieuwe klant relatie",
    action: { kind: "navigate", href: appActionPath(APP_ROUTES.clients, "nieuw") },
  },
  {
    id: "action-new-time-entry",
    label: "Uren toevoegen",
    detail: "Handmatig, zonder timer",
    icon: Clock,
    keywords: "tijdregistratie uren schrijven",
    action: { kind: "navigate", href: appActionPath(APP_ROUTES.timeTracking, "nieuw") },
  },
  {
    id: "action-shortcuts",
    label: "Sneltoetsen tonen",
    icon: Keyboard,
    keywords: "help toetsenbord",
    hint: "?",
    isHintKeys: true,
    action: { kind: "show-shortcuts" },
  },
];

/** Lower case without accents: "café" is found by typing "cafe". */
function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The commands whose label, detail or keywords contain every typed word; all of them when nothing is typed. */
export function filterCommands(commands: readonly PaletteCommand[], text: string): PaletteCommand[] {
  const words = normalise(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const haystack = normalise([command.label, command.detail, command.keywords].join(" "));
    return words.every((word) => haystack.includes(word));
  });
}
