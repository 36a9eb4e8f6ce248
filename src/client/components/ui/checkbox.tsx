import type { ComponentProps, ReactNode } from "react";
import { cn } from "@client/lib/utils";

/** A native checkbox with its label beside it; works with react-hook-form's `register`. */
export function Checkbox({
  className,
  label,
  description,
  id,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { label: ReactNode; description?: ReactNode; id: string }) {
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
        {...props}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm leading-none font-medium text-foreground">
          {label}
        </label>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
    </div>
  );
}
