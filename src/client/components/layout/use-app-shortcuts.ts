import { useEffect, useEffectEvent, useRef } from "react";
import { useLocation } from "wouter";
import { isInOverlay, isTypingTarget } from "@client/lib/keyboard";
import { ALL_NAV_ITEMS } from "./app-navigation";

/** "g" then a screen's letter within this time opens the screen. */
const GO_SEQUENCE_MS = 1500;
export const GO_KEY = "g";
export const GO_SHORTCUTS = ALL_NAV_ITEMS.filter((item) => item.shortcutKey !== undefined);

interface AppShortcutHandlers {
  onTogglePalette: () => void;
  onShowShortcuts: () => void;
}

/**
 * The app's keyboard shortcuts (listed in the Sneltoetsen dialog): Ctrl/⌘-K everywhere, even in a field, as in
 * other apps; "?" and "g" then a letter only when no field, dialog or menu has the key press, so typing a "?"
 * or a "g" is never taken away.
 */
export function useAppShortcuts({ onTogglePalette, onShowShortcuts }: AppShortcutHandlers): void {
  const [, navigate] = useLocation();
  const goPressedAt = useRef<number | null>(null);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const key = event.key.toLowerCase();
    if (key === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      onTogglePalette();
      return;
    }
    const goStartedAt = goPressedAt.current;
    goPressedAt.current = null;
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (isTypingTarget(event.target) || isInOverlay(event.target)) return;
    if (event.key === "?") {
      event.preventDefault();
      onShowShortcuts();
      return;
    }
    if (goStartedAt !== null && event.timeStamp - goStartedAt <= GO_SEQUENCE_MS) {
      const item = GO_SHORTCUTS.find((candidate) => candidate.shortcutKey === key);
      if (item) {
        event.preventDefault();
        navigate(item.href);
        return;
      }
    }
    if (key === GO_KEY && !event.shiftKey) goPressedAt.current = event.timeStamp;
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}
