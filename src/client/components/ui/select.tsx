import type { ComponentProps } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@client/lib/utils";
import { inputClassName } from "./input";

/**
 * A native <select> in the input style: the platform's own picker (best on phones, fully accessible),
 * with a chevron drawn over it. Receives id/aria wiring from `FormField` like an input.
 */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select className={cn(inputClassName, "appearance-none pr-9")} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
