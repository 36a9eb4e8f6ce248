import type { ReactNode } from "react";
import { Plus, Trash2 } from "lucide-react";
import { cn } from "@client/lib/utils";
import { Button } from "./button";

interface LineListProps {
  /** The grid of the headings and of every row from sm up: `sm:grid-cols-[…]`. */
  columns: string;
  /** One heading per column, shown from sm up; on a phone each input has its own label. */
  headings: ReactNode;
  /** The rows, each a `LineItem`. */
  children: ReactNode;
  /** A message about the lines as a whole. */
  error?: string | undefined;
  /** Without it (a locked entry) no line can be added. */
  onAdd?: (() => void) | undefined;
  /** At the most lines the schema allows. */
  isFull: boolean;
}

/** The lines of a form in a dialog (a quote's, a memorial entry's): headings, rows and 'Regel toevoegen'. */
export function LineList({ columns, headings, children, error, onAdd, isFull }: LineListProps) {
  return (
    <div className="flex flex-col gap-3">
      <div
        aria-hidden
        className={cn("hidden gap-3 text-xs font-medium text-muted-foreground sm:grid", columns)}
      >
        {headings}
      </div>
      <ul aria-label="Regels" className="flex flex-col gap-3">
        {children}
      </ul>
      {error && <p className="text-[0.8125rem] font-medium text-destructive">{error}</p>}
      {onAdd && (
        <div>
          <Button type="button" variant="outline" size="sm" disabled={isFull} onClick={onAdd}>
            <Plus aria-hidden />
            Regel toevoegen
          </Button>
        </div>
      )}
    </div>
  );
}

/** One line: a card on a phone, a row of the list's grid from sm up. */
export function LineItem({
  number,
  columns,
  children,
}: {
  number: number;
  columns: string;
  children: ReactNode;
}) {
  return (
    <li
      aria-label={`Regel ${number}`}
      className={cn(
        "grid grid-cols-2 gap-3 rounded-lg border border-border p-3 sm:items-start sm:rounded-none sm:border-0 sm:p-0",
        columns,
      )}
    >
      {children}
    </li>
  );
}

export function RemoveLineButton({ number, onRemove }: { number: number; onRemove: () => void }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      onClick={onRemove}
      aria-label={`Regel ${number} verwijderen`}
      className="text-destructive hover:bg-red-50 hover:text-destructive"
    >
      <Trash2 aria-hidden />
    </Button>
  );
}
