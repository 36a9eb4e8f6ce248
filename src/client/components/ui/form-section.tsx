import type { ReactNode } from "react";

/** A titled group of fields in a two-column grid (one column on a phone). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-4 w-full border-b border-border pb-2 text-sm font-semibold text-foreground">
        {title}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
