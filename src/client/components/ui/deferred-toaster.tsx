import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useToast } from "@client/lib/toast";

const loadToaster = () => import("./toaster");
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

let isMountRequested = false;
const listeners = new Set<() => void>();

/**
 * Mounts the toaster right away and starts loading its code: the signed-in area calls this when it loads, so
 * a toast shown just before a redirect (an ended session) is on screen at once.
 */
export function mountToaster(): void {
  if (isMountRequested) return;
  isMountRequested = true;
  void loadToaster();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The toaster (Radix Toast), mounted when the signed-in area asks for it or the first time a toast is shown,
 * and kept from then on: pages that never show a toast, like most of the public site, never download it.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const isRequested = useSyncExternalStore(
    subscribe,
    () => isMountRequested,
    () => false,
  );
  const [hasHadToast, setHasHadToast] = useState(false);
  if (toasts.length > 0 && !hasHadToast) setHasHadToast(true);
  if (!isRequested && !hasHadToast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
