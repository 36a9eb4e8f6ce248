import type { ReactNode } from "react";
import { useDocumentTitle } from "@client/lib/use-document-title";
import { cn } from "@client/lib/utils";

interface PageHeaderProps {
  /** Also the browser tab's title ("Transacties — Balans"): every screen sets it by having a header. */
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the title (below it on small screens). */
  actions?: ReactNode;
  className?: string;
}

/** The h1 of an app screen with its subtitle and main actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-[1.75rem]">{title}</h1>
        {description && <p className="text-sm text-muted-foreground sm:text-base">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
