import { LoaderCircle } from "lucide-react";
import { cn } from "@client/lib/utils";

interface SpinnerProps {
  className?: string;
  /** When given, the spinner is announced as a status with this text; without it, it is decorative. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle className={cn("size-4 animate-spin", className)} aria-hidden />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner with visible text, for whole screens or content areas that are loading. */
export function PageLoader({ label = "Laden...", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        "flex min-h-[50vh] animate-appear-delayed flex-col items-center justify-center gap-3 text-muted-foreground",
        className,
      )}
    >
      <LoaderCircle className="size-7 animate-spin text-primary" aria-hidden />
      <span className="text-sm">{label}</span>
    </div>
  );
}
