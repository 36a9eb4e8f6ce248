import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useLocation } from "wouter";
import { Search } from "lucide-react";
import { SEARCH_QUERY_MAX } from "@shared/schemas/search";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/utils";
import { useSearchSuggestions } from "./api";

const SUGGEST_DELAY_MS = 150;

/** The URL of the results page for a query. */
export function searchUrl(q: string): string {
  return `/zoeken?${new URLSearchParams({ q: q.trim() })}`;
}

interface SiteSearchBoxProps {
  initialQuery?: string;
  /** The visible label above the field; without it the label is for screen readers only. */
  label?: string;
  size?: "default" | "lg";
  className?: string;
}

/**
 * The site search field with suggestions, following the ARIA combobox pattern (list autocomplete): arrows move
 * through the suggestions, Enter opens the highlighted one or searches for what was typed, Escape closes the
 * list (and clears the field when the list is already closed).
 */
export function SiteSearchBox({ initialQuery = "", label, size = "default", className }: SiteSearchBoxProps) {
  const [, navigate] = useLocation();
  const [value, setValue] = useState(initialQuery);
  const [typed, setTyped] = useState(initialQuery);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-suggesties`;
  const labelId = `${id}-label`;

  useEffect(() => setValue(initialQuery), [initialQuery]);

  // Suggestions follow the typing after a short pause, not every keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setTyped(value), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const { data } = useSearchSuggestions(typed, isOpen);
  const suggestions = isOpen ? (data?.suggestions ?? []).filter((s) => s !== value.trim()).slice(0, 8) : [];
  const isExpanded = suggestions.length > 0;

  const go = (query: string) => {
    if (!query.trim()) {
      inputRef.current?.focus();
      return;
    }
    setIsOpen(false);
    setActiveIndex(-1);
    setValue(query);
    navigate(searchUrl(query));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(activeIndex >= 0 && suggestions[activeIndex] ? suggestions[activeIndex] : value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setIsOpen(true);
        if (suggestions.length > 0) setActiveIndex((index) => (index + 1) % suggestions.length);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (suggestions.length > 0) {
          setActiveIndex((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
        }
        break;
      case "Escape":
        if (isExpanded) {
          event.preventDefault();
          setIsOpen(false);
          setActiveIndex(-1);
        } else if (value) {
          event.preventDefault();
          setValue("");
        }
        break;
      default:
        break;
    }
  };

  const activeId = activeIndex >= 0 && isExpanded ? `${listId}-${activeIndex}` : undefined;

  return (
    <form role="search" aria-labelledby={labelId} onSubmit={onSubmit} className={cn("w-full", className)}>
      <label
        id={labelId}
        htmlFor={`${id}-input`}
        className={label ? "mb-2 block text-sm font-medium text-foreground" : "sr-only"}
      >
        {label ?? "Zoeken in Balans"}
      </label>
      <div className="relative flex gap-2">
        <div className="relative flex-1">
          <Search
            className={cn(
              "pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground",
              size === "lg" ? "size-5" : "size-4",
            )}
            aria-hidden
          />
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="search"
            role="combobox"
            aria-expanded={isExpanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_QUERY_MAX}
            placeholder="Zoek op onderwerp of vraag"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setIsOpen(true);
              setActiveIndex(-1);
            }}
            onFocus={() => setIsOpen(true)}
            onBlur={() => setIsOpen(false)}
            onKeyDown={onKeyDown}
            className={cn(
              "w-full min-w-0 rounded-lg border border-input bg-card pr-3 text-foreground shadow-xs outline-none",
              "placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
              "[&::-webkit-search-cancel-button]:cursor-pointer",
              size === "lg" ? "h-11 pl-11 text-base" : "h-10 pl-9 text-base sm:text-sm",
            )}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Zoeksuggesties"
            className={cn(
              "absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-lg border border-border bg-card py-1 shadow-lg",
              !isExpanded && "hidden",
            )}
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps focus in the field so the click lands before the list closes on blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(suggestion)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-foreground",
                  index === activeIndex ? "bg-accent text-accent-foreground" : "hover:bg-muted",
                )}
              >
                <Search className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="line-clamp-2">{suggestion}</span>
              </li>
            ))}
          </ul>
        </div>
        <Button type="submit" size={size === "lg" ? "lg" : "default"}>
          Zoeken
        </Button>
      </div>
    </form>
  );
}
