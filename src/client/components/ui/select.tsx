import type { ComponentProps } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@client/lib/utils";
import { inputClassName } from "./input";

/**
 * The browser's own select, styled like an input: it is keyboard- and screen-reader-friendly everywhere and
 * opens the native picker on phones. Pass `<option>`s as children.
 */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select className={cn(inputClassName, "appearance-none pr-9")} {...props} />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
