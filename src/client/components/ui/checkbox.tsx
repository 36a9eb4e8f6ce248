import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

/** A native checkbox in the brand colour, sized for touch; pair it with a <label>. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-4 shrink-0 rounded border-input accent-primary outline-none",
        "focus-visible:ring-3 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
