import { clsx } from "clsx";

/** Marks the essential cookie category, which cannot be switched off. */
export function AlwaysActiveBadge({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground",
        className,
      )}
    >
      Altijd actief
    </span>
  );
}
