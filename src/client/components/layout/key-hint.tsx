import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

/** Keys drawn as keys: "g f" is two keys pressed one after the other, ["Ctrl", "K"] two held together. */
export function KeyHint({ keys, className, ...props }: { keys: readonly string[] } & ComponentProps<"span">) {
  return (
    <span className={cn("inline-flex items-center gap-1", className)} {...props}>
      {keys.map((key, index) => (
        <kbd
          key={`${key}-${index}`}
          className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-border bg-muted px-1 font-sans text-[0.6875rem] font-medium text-muted-foreground"
        >
          {key}
        </kbd>
      ))}
    </span>
  );
}
