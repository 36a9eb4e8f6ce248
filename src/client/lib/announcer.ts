/**
 * The app's live regions: `announce("...")` makes screen readers read a message (the new page after client-side
 * navigation, a toast) without moving focus; `<LiveRegion />` renders them. A polite message waits until the
 * reader is done; an assertive one (an error) interrupts.
 *
 * They stay audible while a modal dialog is open: the dialog marks the rest of the page aria-hidden, but its
 * aria-hidden library leaves live regions and their ancestors out (aria-hidden issue #10). And they exist before
 * a message arrives, which screen readers need to notice a change at all.
 */
import { useSyncExternalStore } from "react";

export type Politeness = "polite" | "assertive";

const messages: Record<Politeness, string> = { polite: "", assertive: "" };
const listeners = new Set<() => void>();

function setMessage(politeness: Politeness, text: string): void {
  messages[politeness] = text;
  listeners.forEach((listener) => listener());
}

export function announce(text: string, politeness: Politeness = "polite"): void {
  // Clearing first makes a repeated message be read again.
  setMessage(politeness, "");
  setTimeout(() => setMessage(politeness, text), 50);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAnnouncement(politeness: Politeness = "polite"): string {
  return useSyncExternalStore(
    subscribe,
    () => messages[politeness],
    () => "",
  );
}
