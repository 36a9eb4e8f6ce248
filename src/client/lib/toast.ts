/**
 * A tiny toast store in the style of shadcn/ui's `use-toast`: `toast()` can be called from anywhere (a mutation
 * callback, the query client), `useToast()` subscribes a component. The `<Toaster />` renders what is here.
 * Constants from spec §9: one toast at a time, removed 1,000,000 ms after dismissal.
 */
import { useSyncExternalStore, type ReactNode } from "react";
import { getErrorMessage } from "./api";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself; the provider default is 5000 (spec §9). */
  duration?: number;
  /** An optional action element (use `<ToastAction altText=...>`). */
  action?: ReactNode;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setToasts(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast, or all when no id is given. */
export function dismissToast(id?: string): void {
  for (const item of toasts) {
    if (id === undefined || item.id === id) scheduleRemoval(item.id);
  }
  setToasts(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

/** Shows a toast. The newest toast replaces older ones beyond TOAST_LIMIT. */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => setToasts(toasts.map((item) => (item.id === id ? { ...item, ...next } : item))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return toasts;
}

export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}

/**
 * The toast of a failed action: the title names it ("Fout" unless the screen says more) and the
 * server's message says why. Every mutation's error ends here, so the wording and variant cannot drift.
 */
export function toastError(error: unknown, title = "Fout"): ToastHandle {
  return toast({ variant: "destructive", title, description: getErrorMessage(error) });
}
