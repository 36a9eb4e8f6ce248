import type { ReactNode } from "react";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { buttonVariants } from "@client/components/ui/button-variants";

interface ErrorScreenProps {
  title: string;
  description: ReactNode;
  retryLabel?: string;
  onRetry: () => void;
}

/** A full-screen message for failures that stop the app from working at all (session probe, lost chunk). */
export function ErrorScreen({
  title,
  description,
  retryLabel = "Opnieuw proberen",
  onRetry,
}: ErrorScreenProps) {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert className="size-6" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold text-foreground">{title}</h1>
      <p className="max-w-md text-sm text-muted-foreground">{description}</p>
      {/* Plain classes instead of <Button>: this screen is part of every page's first download. */}
      <button type="button" className={buttonVariants()} onClick={onRetry}>
        <RefreshCw aria-hidden />
        {retryLabel}
      </button>
    </div>
  );
}
