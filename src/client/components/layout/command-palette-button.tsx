import { Command, Search } from "lucide-react";
import { commandKeyLabel, isApplePlatform } from "@client/lib/keyboard";
import { cn } from "@client/lib/utils";
import { KeyHint } from "./key-hint";

/** The top bar's way into Snel naar, with its shortcut; on a phone (no keyboard) just the icon. */
export function CommandPaletteButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-keyshortcuts={isApplePlatform() ? "Meta+K" : "Control+K"}
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center gap-2 rounded-lg text-sm font-medium text-foreground",
        "transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/40",
        "lg:w-auto lg:border lg:border-input lg:bg-card lg:px-3 lg:text-muted-foreground lg:shadow-xs",
      )}
    >
      {/* Without the shortcut beside it, a magnifier says more than the ⌘ sign. */}
      <Search aria-hidden className="size-[1.125rem] lg:hidden" />
      <Command aria-hidden className="hidden size-4 lg:block" />
      <span className="sr-only lg:not-sr-only">Snel naar…</span>
      <KeyHint keys={[commandKeyLabel(), "K"]} aria-hidden className="hidden lg:inline-flex" />
    </button>
  );
}
