import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";
import { euros } from "./whole-euros";

/**
 * A table of the return (the rubrieken, a correction, the opgaaf ICP): rows on a CSS grid rather than a <table>,
 * so that on a phone a row can fold its cells onto two lines. `columns` is the grid template (`grid-cols-[…]`) of
 * the header and of every row; the amount columns come last and are right-aligned.
 */
export function ReturnTable({
  label,
  columns,
  headers,
  amountHeaders,
  headerClassName,
  className,
  children,
}: {
  label: string;
  columns: string;
  headers: readonly string[];
  amountHeaders: readonly string[];
  headerClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="table" aria-label={label} className={cn("flex flex-col", className)}>
      <div
        role="row"
        className={cn(
          "grid gap-2 border-b border-border py-1.5 text-xs font-medium text-muted-foreground",
          columns,
          headerClassName,
        )}
      >
        {headers.map((header) => (
          <span key={header} role="columnheader">
            {header}
          </span>
        ))}
        {amountHeaders.map((header) => (
          <span key={header} role="columnheader" className="text-right">
            {header}
          </span>
        ))}
      </div>
      {children}
    </div>
  );
}

/** A row of a ReturnTable, with the same `columns` as the table. */
export function ReturnRow({
  columns,
  label,
  className,
  children,
}: {
  columns: string;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="row"
      aria-label={label}
      className={cn("grid gap-2 border-b border-border/60 py-2", columns, className)}
    >
      {children}
    </div>
  );
}

/** An amount in whole euros, right-aligned; empty where a rubriek has no such column. */
export function AmountCell({ value, className }: { value: number | null; className?: string }) {
  return (
    <span role="cell" className={cn("text-right tabular-nums", className)}>
      {euros(value)}
    </span>
  );
}

/** A cell of words or a code. */
export function TextCell({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span role="cell" className={className}>
      {children}
    </span>
  );
}
