import type { ReactNode } from "react";
import { cn } from "@client/lib/utils";

/** Tailwind's breakpoints: from this width on, a column has room of its own. */
export type Breakpoint = "sm" | "md" | "lg" | "xl" | "2xl";

const ORDER: readonly Breakpoint[] = ["sm", "md", "lg", "xl", "2xl"];
// Whole class names, so Tailwind finds them in this file.
const SHOWN_FROM: Record<Breakpoint, string> = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
  "2xl": "hidden 2xl:table-cell",
};
// While columns fold under it, the main column takes the room the others leave and its text wraps or truncates
// there, instead of pushing the amount and the actions off a phone's screen.
const MAIN_BELOW: Record<Breakpoint, string> = {
  sm: "w-full max-w-0 sm:w-auto sm:max-w-none",
  md: "w-full max-w-0 md:w-auto md:max-w-none",
  lg: "w-full max-w-0 lg:w-auto lg:max-w-none",
  xl: "w-full max-w-0 xl:w-auto xl:max-w-none",
  "2xl": "w-full max-w-0 2xl:w-auto 2xl:max-w-none",
};
const FOLDED_BELOW: Record<Breakpoint, string> = {
  sm: "sm:hidden",
  md: "md:hidden",
  lg: "lg:hidden",
  xl: "xl:hidden",
  "2xl": "2xl:hidden",
};

export interface TableColumn<Row> {
  /** The column's header. */
  header: string;
  /** A header only screen readers hear (the actions column). */
  isHeaderHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /**
   * Below this width the column is left out and its value goes under the main column's, so a row fits a phone
   * without sideways scrolling. Without it the column is always shown.
   */
  from?: Breakpoint;
  /** What goes under the main column when folded, when shorter than the cell (e.g. without a "–"). */
  folded?: (row: Row) => ReactNode;
  /** The column that is always shown and takes the folded values: the row's name (description, number). */
  isMain?: boolean;
  align?: "right";
  className?: string;
}

interface ResponsiveTableProps<Row> {
  /** The table's accessible name. */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  className?: string;
  /** Under the table, inside its frame (paging). */
  footer?: ReactNode;
}

/**
 * The one table of the app's lists. On a wide screen every column; on a narrower one the columns marked `from`
 * fold under the main column as a line of small text, so the name, the amount and the actions always fit.
 */
export function ResponsiveTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className,
  footer,
}: ResponsiveTableProps<Row>) {
  const folding = columns.filter((column) => column.from !== undefined && !column.isMain);
  // The folded line disappears where the last folding column has room of its own.
  const widest = folding.reduce<Breakpoint | undefined>(
    (widest, column) =>
      widest === undefined || ORDER.indexOf(column.from!) > ORDER.indexOf(widest) ? column.from : widest,
    undefined,
  );

  return (
    // relative: the headers' sr-only text is placed inside the scroll area, not against the page.
    <div
      className={cn("relative overflow-x-auto rounded-xl border border-border bg-card shadow-xs", className)}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/50 text-left text-xs font-medium text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn(
                  "px-3 py-3 font-medium",
                  column.align === "right" && "text-right",
                  column.from && !column.isMain && SHOWN_FROM[column.from],
                )}
              >
                {column.isHeaderHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="align-top hover:bg-muted/40">
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn(
                    "px-3 py-3",
                    column.align === "right" && "text-right whitespace-nowrap tabular-nums",
                    column.from && !column.isMain && SHOWN_FROM[column.from],
                    column.className,
                    column.isMain && widest && MAIN_BELOW[widest],
                  )}
                >
                  {column.cell(row)}
                  {column.isMain && widest && (
                    <div
                      className={cn(
                        "mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground",
                        FOLDED_BELOW[widest],
                      )}
                    >
                      {folding.map((other) => {
                        const value = (other.folded ?? other.cell)(row);
                        // Nothing to fold (a receipt without a number): no empty slot that still takes a gap.
                        if (value === null || value === undefined || value === false || value === "")
                          return null;
                        return (
                          <span
                            key={other.header}
                            className={cn("inline-flex max-w-full", FOLDED_BELOW[other.from!])}
                          >
                            {value}
                          </span>
                        );
                      })}
                    </div>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}
