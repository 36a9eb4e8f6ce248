import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from "react";
import { Check, CircleCheck, Pencil, Sparkles, Undo2 } from "lucide-react";
import { formatDate } from "@shared/format";
import { formatIban } from "@shared/validators/iban";
import type { BankLine } from "@shared/schemas/bank-statements";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Spinner } from "@client/components/ui/spinner";
import { cn } from "@client/lib/utils";
import { euro, isIncoming } from "./bank-format";

/** What the page can ask of the list: put focus where the user would want it next. */
export interface BankLinesListHandle {
  /** Focus the row after this line (or before it, when it was the last): the line is done. */
  focusAfter: (lineId: string) => void;
}

interface BankLinesListProps {
  lines: BankLine[];
  /** Lines with a request in flight: their buttons wait. */
  pendingIds: ReadonlySet<string>;
  /** Accept the line's proposal; resolves true when it was booked. */
  onAccept: (line: BankLine) => Promise<boolean>;
  /** Open the booking dialog ('Anders verwerken'). */
  onBook: (line: BankLine) => void;
  /** Undo a booking; resolves true when it was undone. */
  onUndo: (line: BankLine) => Promise<boolean>;
  /** The id of the keyboard hint under the list, read with each row. */
  hintId: string;
  ref?: Ref<BankLinesListHandle>;
}

const COLUMNS = "md:grid-cols-[6rem_minmax(0,1.1fr)_minmax(0,1fr)_7rem_minmax(0,1.3fr)]";
const isTypingTarget = (target: EventTarget) =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

/**
 * The bank lines as rows (a table-like grid from md, cards below it). One row at a time is in the tab order
 * (roving tabindex): ArrowUp/ArrowDown or j/k move between rows, Enter accepts the row's proposal, e opens the
 * booking dialog. After a line is handled, focus goes to the next row, so a run of lines is done from the keyboard.
 */
export function BankLinesList({
  lines,
  pendingIds,
  onAccept,
  onBook,
  onUndo,
  hintId,
  ref,
}: BankLinesListProps) {
  const rows = useRef(new Map<string, HTMLLIElement>());
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = useRef(0);
  // The one row in the tab order: the current row, or the first while none has been chosen (or it went away).
  const tabStopId = lines.some((line) => line.id === activeId) ? activeId : (lines[0]?.id ?? null);

  const focusRow = useCallback(
    (id: string | undefined) => {
      if (!id) return;
      setActiveId(id);
      activeIndex.current = Math.max(
        0,
        lines.findIndex((line) => line.id === id),
      );
      rows.current.get(id)?.focus();
    },
    [lines],
  );

  const focusAfter = useCallback(
    (lineId: string) => {
      const index = lines.findIndex((line) => line.id === lineId);
      // Already gone from the list (refreshed meanwhile): the row now in its place is the next one.
      if (index === -1) return focusRow(lines[Math.min(activeIndex.current, lines.length - 1)]?.id);
      focusRow(lines[index + 1]?.id ?? lines[index - 1]?.id);
    },
    [lines, focusRow],
  );
  useImperativeHandle(ref, () => ({ focusAfter }), [focusAfter]);

  // A row that had focus and went away (accepted in bulk, undone elsewhere): the row now in its place takes it,
  // rather than leaving the keyboard user at the top of the page.
  useEffect(() => {
    if (activeId === null || lines.some((line) => line.id === activeId)) return;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    const next = lines[Math.min(activeIndex.current, lines.length - 1)];
    if (next) rows.current.get(next.id)?.focus();
  }, [lines, activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, line: BankLine, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    const isRow = event.target === event.currentTarget;
    switch (event.key) {
      case "ArrowDown":
      case "j":
        event.preventDefault();
        focusRow(lines[index + 1]?.id);
        return;
      case "ArrowUp":
      case "k":
        event.preventDefault();
        focusRow(lines[index - 1]?.id);
        return;
      case "Home":
        if (!isRow) return;
        event.preventDefault();
        focusRow(lines[0]?.id);
        return;
      case "End":
        if (!isRow) return;
        event.preventDefault();
        focusRow(lines.at(-1)?.id);
        return;
      case "Enter":
        // On a button inside the row, Enter presses that button.
        if (!isRow || line.booking !== null || !line.proposal || pendingIds.has(line.id)) return;
        event.preventDefault();
        void accept(line);
        return;
      case "e":
      case "E":
        if (line.booking !== null) return;
        event.preventDefault();
        onBook(line);
        return;
    }
  };

  const accept = async (line: BankLine) => {
    if (await onAccept(line)) focusAfter(line.id);
  };
  const undo = async (line: BankLine) => {
    if (await onUndo(line)) focusAfter(line.id);
  };

  return (
    <div className="flex flex-col">
      <div
        aria-hidden
        className={cn(
          "hidden gap-x-4 border-b border-border px-4 pb-2 text-xs font-medium text-muted-foreground md:grid",
          COLUMNS,
        )}
      >
        <span>Datum</span>
        <span>Tegenpartij</span>
        <span>Omschrijving</span>
        <span className="text-right">Bedrag</span>
        <span>Voorstel</span>
      </div>
      <ul aria-label="Bankregels" className="flex flex-col gap-3 md:gap-0 md:divide-y md:divide-border">
        {lines.map((line, index) => (
          <li
            key={line.id}
            ref={(element) => {
              if (element) rows.current.set(line.id, element);
              else rows.current.delete(line.id);
            }}
            tabIndex={line.id === tabStopId ? 0 : -1}
            aria-describedby={hintId}
            aria-busy={pendingIds.has(line.id) || undefined}
            onFocus={() => {
              setActiveId(line.id);
              activeIndex.current = index;
            }}
            onKeyDown={(event) => onKeyDown(event, line, index)}
            className={cn(
              "rounded-xl border border-border bg-card p-4 shadow-xs transition-colors outline-none md:rounded-none md:border-0 md:px-4 md:py-3 md:shadow-none",
              "focus:relative focus:z-10 focus:bg-accent/50 focus:ring-2 focus:ring-ring/60 md:focus:rounded-md",
              "focus-within:bg-accent/30 hover:bg-muted/40",
            )}
          >
            <LineRow
              line={line}
              // Only the current row's buttons are in the tab order: Tab leaves the list after them.
              buttonTabIndex={line.id === tabStopId ? 0 : -1}
              isPending={pendingIds.has(line.id)}
              onAccept={() => void accept(line)}
              onBook={() => onBook(line)}
              onUndo={() => void undo(line)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function LineRow({
  line,
  buttonTabIndex,
  isPending,
  onAccept,
  onBook,
  onUndo,
}: {
  line: BankLine;
  buttonTabIndex: number;
  isPending: boolean;
  onAccept: () => void;
  onBook: () => void;
  onUndo: () => void;
}) {
  const incoming = isIncoming(line);
  const who = line.counterpartyName || (line.counterpartyIban ? null : "Onbekende tegenpartij");
  return (
    <div
      className={cn(
        "grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 md:items-start md:gap-x-4",
        COLUMNS,
      )}
    >
      <div className="hidden text-sm whitespace-nowrap tabular-nums md:block">
        {formatDate(line.bookingDate)}
      </div>
      <div className="order-1 flex min-w-0 flex-col md:order-none">
        <span className="font-medium break-words hyphens-auto text-foreground">
          {who ?? formatIban(line.counterpartyIban ?? "")}
        </span>
        {line.counterpartyIban && who && (
          <span className="hidden text-xs break-words text-muted-foreground md:block">
            {formatIban(line.counterpartyIban)}
          </span>
        )}
      </div>
      <p className="order-4 col-span-2 line-clamp-3 text-sm break-words text-muted-foreground md:order-none md:col-span-1 md:line-clamp-2">
        {line.description || "—"}
      </p>
      <div
        className={cn(
          "order-2 text-right font-semibold whitespace-nowrap tabular-nums md:order-none",
          incoming ? "text-emerald-700" : "text-foreground",
        )}
      >
        <span className="sr-only">{incoming ? "Ontvangen: " : "Betaald: "}</span>
        {euro(line.amount)}
      </div>
      <div className="order-3 col-span-2 flex flex-wrap gap-x-2 text-xs text-muted-foreground md:hidden">
        <span className="tabular-nums">{formatDate(line.bookingDate)}</span>
        {line.counterpartyIban && who && (
          <>
            <span aria-hidden>·</span>
            <span className="break-words">{formatIban(line.counterpartyIban)}</span>
          </>
        )}
        <span aria-hidden>·</span>
        <span>{line.bankAccountName}</span>
      </div>
      <div className="order-5 col-span-2 flex min-w-0 flex-col gap-2 md:order-none md:col-span-1">
        {line.booking !== null ? (
          <BookedAs line={line} tabIndex={buttonTabIndex} isPending={isPending} onUndo={onUndo} />
        ) : (
          <Proposal
            line={line}
            tabIndex={buttonTabIndex}
            isPending={isPending}
            onAccept={onAccept}
            onBook={onBook}
          />
        )}
      </div>
    </div>
  );
}

function Proposal({
  line,
  tabIndex,
  isPending,
  onAccept,
  onBook,
}: {
  line: BankLine;
  tabIndex: number;
  isPending: boolean;
  onAccept: () => void;
  onBook: () => void;
}) {
  const { proposal } = line;
  return (
    <>
      {proposal ? (
        <p className="flex items-start gap-1.5 text-sm">
          <Sparkles className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
          <span className="min-w-0 break-words">
            <span className="sr-only">Voorstel: </span>
            {proposal.label}
            {proposal.certain && (
              <Badge variant="success" className="ml-1.5 align-middle" title="Dit voorstel is zeker">
                <Check aria-hidden />
                zeker
              </Badge>
            )}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Geen voorstel</p>
      )}
      <div className="flex flex-wrap gap-2">
        {proposal && (
          <Button size="sm" disabled={isPending} onClick={onAccept} tabIndex={tabIndex}>
            {isPending ? <Spinner /> : <Check aria-hidden />}
            Accepteren
          </Button>
        )}
        <Button size="sm" variant="outline" disabled={isPending} onClick={onBook} tabIndex={tabIndex}>
          <Pencil aria-hidden />
          {proposal ? "Anders verwerken" : "Verwerken"}
        </Button>
      </div>
    </>
  );
}

function BookedAs({
  line,
  tabIndex,
  isPending,
  onUndo,
}: {
  line: BankLine;
  tabIndex: number;
  isPending: boolean;
  onUndo: () => void;
}) {
  return (
    <>
      <p className="flex items-start gap-1.5 text-sm">
        <CircleCheck className="mt-0.5 size-3.5 shrink-0 text-emerald-700" aria-hidden />
        <span className="min-w-0 break-words">
          <span className="sr-only">Verwerkt als: </span>
          {line.bookedAs ?? "Verwerkt"}
          {line.ruleName && (
            <span className="block text-xs text-muted-foreground">Automatisch, regel {line.ruleName}</span>
          )}
        </span>
      </p>
      <div>
        <Button size="sm" variant="ghost" disabled={isPending} onClick={onUndo} tabIndex={tabIndex}>
          {isPending ? <Spinner /> : <Undo2 aria-hidden />}
          Ongedaan maken
        </Button>
      </div>
    </>
  );
}
