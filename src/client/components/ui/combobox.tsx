import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { Check, ChevronDown } from "lucide-react";
import { cn } from "@client/lib/utils";
import { inputClassName } from "./input-class-name";

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, smaller line that tells options with the same label apart (a project's client). */
  description?: string | null | undefined;
}

export interface ComboboxProps {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** The chosen value; "" is nothing chosen. */
  value: string;
  /** The chosen option, known before any search (e.g. from the record being edited), so its label shows at once. */
  selected: ComboboxOption | undefined;
  /** The matches of the current search. */
  options: readonly ComboboxOption[];
  /** What was typed; "" when the list opens without typing. The caller searches (on the server, debounced). */
  onSearchChange: (search: string) => void;
  /** The chosen option; null for the 'none' option. */
  onSelect: (option: ComboboxOption | null) => void;
  onOpenChange?: (isOpen: boolean) => void;
  onBlur?: () => void;
  /** The matches are still on their way (shown when there is nothing else to show). */
  isLoading?: boolean;
  /** A first option that chooses nothing ('Geen klant'); left out where a choice is required. */
  noneLabel?: string;
  placeholder?: string;
  /** Shown when nothing matches ('Geen klanten gevonden'). */
  emptyText: string;
  loadingText: string;
  /** The accessible name of the list of matches. */
  listLabel: string;
  disabled?: boolean;
  className?: string;
}

/** What the input shows for a chosen option: "Website · Bakkerij Jansen". */
export function comboboxText(option: ComboboxOption): string {
  return option.description ? `${option.label} · ${option.description}` : option.label;
}

/**
 * A text input with a list of matches (the WAI-ARIA combobox pattern with list autocomplete): typing filters,
 * ArrowDown/ArrowUp move through the matches, Enter chooses, Escape closes the list and puts the chosen label
 * back. Focus stays in the input throughout; the active option is announced through aria-activedescendant.
 */
export function Combobox({
  id,
  "aria-describedby": describedBy,
  "aria-invalid": isInvalid,
  ref,
  value,
  selected,
  options,
  onSearchChange,
  onSelect,
  onOpenChange,
  onBlur,
  isLoading = false,
  noneLabel,
  placeholder,
  emptyText,
  loadingText,
  listLabel,
  disabled,
  className,
}: ComboboxProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  // null while not typing: the input then shows the chosen option.
  const [query, setQuery] = useState<string | null>(null);
  // The active option by value, so it stays put when the matches arrive or change.
  const [activeValue, setActiveValue] = useState<string | null>(null);

  const isSearching = query !== null && query.trim() !== "";
  // Without a search the list starts with 'none' and the chosen option, also when that is not among the matches.
  const shown: ComboboxOption[] = isSearching
    ? [...options]
    : [
        ...(noneLabel === undefined ? [] : [{ value: "", label: noneLabel }]),
        ...(selected && selected.value !== "" && !options.some((option) => option.value === selected.value)
          ? [selected]
          : []),
        ...options,
      ];
  const foundIndex = activeValue === null ? -1 : shown.findIndex((option) => option.value === activeValue);
  // Without an active option (nothing chosen yet, or typing) the first one is, so Enter takes it.
  const activeIndex = foundIndex >= 0 ? foundIndex : isOpen && shown.length > 0 ? 0 : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (isOpen && activeIndex >= 0) {
      document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
    }
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, activeIndex]);

  const setInput = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  const open = () => {
    if (isOpen) return;
    setIsOpen(true);
    setActiveValue(value);
    onOpenChange?.(true);
  };

  const close = () => {
    setIsOpen(false);
    setQuery(null);
    setActiveValue(null);
    onSearchChange("");
    onOpenChange?.(false);
  };

  const choose = (option: ComboboxOption) => {
    onSelect(option.value === "" ? null : option);
    close();
  };

  const move = (step: 1 | -1) => {
    if (!isOpen) return open();
    if (shown.length === 0) return;
    const next = activeIndex < 0 ? 0 : Math.min(Math.max(activeIndex + step, 0), shown.length - 1);
    setActiveValue(shown[next]!.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && isOpen) {
      // Enter chooses; it never submits the form while the list is open.
      event.preventDefault();
      const option = shown[activeIndex];
      if (option) choose(option);
    } else if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      close();
    }
  };

  const hasList = isOpen && shown.length > 0;
  const status = isOpen && shown.length === 0 ? (isLoading ? loadingText : emptyText) : "";

  return (
    <div className={cn("relative", className)}>
      <input
        ref={setInput}
        id={id}
        type="text"
        role="combobox"
        data-popup-list=""
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={hasList ? listId : undefined}
        aria-activedescendant={hasList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        disabled={disabled}
        value={query ?? (selected ? comboboxText(selected) : "")}
        className={cn(inputClassName, "truncate pr-9")}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveValue(null);
          onSearchChange(event.target.value);
          if (!isOpen) {
            setIsOpen(true);
            onOpenChange?.(true);
          }
        }}
        onKeyDown={onKeyDown}
        // Typing replaces the chosen label rather than adding to it.
        onFocus={(event) => event.currentTarget.select()}
        onClick={(event) => {
          if (isOpen) return;
          event.currentTarget.select();
          open();
        }}
        onBlur={() => {
          if (isOpen) close();
          onBlur?.();
        }}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      {isOpen && (
        <div
          className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg"
          // A click in the list must not take the focus from the input (that would close the list first).
          onMouseDown={(event) => event.preventDefault()}
        >
          {hasList && (
            <ul id={listId} role="listbox" aria-label={listLabel} className="max-h-64 overflow-y-auto p-1">
              {shown.map((option, index) => {
                const isSelected = option.value === value;
                return (
                  <li
                    key={option.value === "" ? "none" : option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={isSelected}
                    onClick={() => choose(option)}
                    onMouseMove={() => {
                      if (activeValue !== option.value) setActiveValue(option.value);
                    }}
                    className={cn(
                      "flex cursor-pointer items-start gap-2 rounded-md px-2 py-2 text-sm select-none",
                      index === activeIndex && "bg-muted",
                      option.value === "" && "text-muted-foreground",
                    )}
                  >
                    <Check
                      className={cn("mt-0.5 size-4 shrink-0", isSelected ? "text-primary" : "invisible")}
                      aria-hidden
                    />
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="truncate">{option.label}</span>
                      {option.description && (
                        <span className="truncate text-xs text-muted-foreground">
                          <span className="sr-only"> · </span>
                          {option.description}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          <p role="status" className={status ? "px-3 py-2.5 text-sm text-muted-foreground" : "sr-only"}>
            {status}
          </p>
        </div>
      )}
    </div>
  );
}
