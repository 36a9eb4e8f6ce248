import { lazy, Suspense, useState } from "react";
import { useToast } from "@client/lib/toast";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

/**
 * Mounts the toaster (Radix Toast) the first time a toast is shown, and keeps it from then on: pages that never
 * show a toast, like the public site, never download it.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [isNeeded, setNeeded] = useState(false);
  if (toasts.length > 0 && !isNeeded) setNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
