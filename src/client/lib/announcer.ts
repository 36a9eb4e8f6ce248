/**
 * A single polite live region for the whole app: `announce("...")` makes screen readers read a message
 * (e.g. the new page after client-side navigation) without moving focus. `<LiveRegion />` renders it.
 */
import { useSyncExternalStore } from "react";

let message = "";
const listeners = new Set<() => void>();

export function announce(text: string): void {
  // Clearing first makes a repeated message be read again.
  message = "";
  listeners.forEach((listener) => listener());
  setTimeout(() => {
    message = text;
    listeners.forEach((listener) => listener());
  }, 50);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAnnouncement(): string {
  return useSyncExternalStore(
    subscribe,
    () => message,
    () => "",
  );
}
