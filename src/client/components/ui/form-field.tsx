import { useId, type ReactElement, type ReactNode } from "react";
import { Slot } from "radix-ui";
import { cn } from "@client/lib/utils";
import { Label } from "./label";

/** The accessibility wiring a form control receives from its `FormField`. */
export interface FormControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface FormFieldProps {
  label: ReactNode;
  /** The Dutch validation message; shown under the control and linked to it. */
  error?: string | undefined;
  /** A short help text under the control (replaced by the error while there is one). */
  hint?: ReactNode;
  /** Adds '(optioneel)' to the label. */
  optional?: boolean;
  /** Instead of '(optioneel)': a field that may stay empty for now but is needed later, e.g. "voor facturen". */
  neededFor?: string;
  /** Something to show at the right of the label row (e.g. a link). */
  labelAside?: ReactNode;
  id?: string;
  className?: string;
  /**
   * The control. A single element receives id, aria-describedby and aria-invalid automatically; use the
   * function form when the control is wrapped (e.g. an input with a button inside).
   */
  children: ReactElement | ((control: FormControlProps) => ReactNode);
}

/** Label + control + hint + error message, wired for screen readers. */
export function FormField({
  label,
  error,
  hint,
  optional,
  neededFor,
  labelAside,
  id,
  className,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field${generatedId}`;
  // The error replaces the hint: both usually say the same thing ("Minimaal 6 karakters").
  const hintId = hint && !error ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control: FormControlProps = {
    id: controlId,
    ...(describedBy && { "aria-describedby": describedBy }),
    ...(error && { "aria-invalid": true as const }),
  };

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={controlId}>
          {label}
          {(optional || neededFor) && (
            <span className="ml-1 font-normal text-muted-foreground">
              {neededFor ? `(nodig ${neededFor})` : "(optioneel)"}
            </span>
          )}
        </Label>
        {labelAside}
      </div>
      {typeof children === "function" ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>}
      {hintId && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
