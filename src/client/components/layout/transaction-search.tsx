import { useId, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Search } from "lucide-react";
import { APP_ROUTES } from "@shared/routes";
import { inputClassName } from "@client/components/ui/input";
import { cn } from "@client/lib/utils";

const TRANSACTIONS_PATH = APP_ROUTES.transactions;

/** The top bar's search (spec §2.10): submitting opens the transactions screen filtered on the text. */
export function TransactionSearch({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const [, navigate] = useLocation();
  const inputId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    navigate(text ? `${TRANSACTIONS_PATH}?search=${encodeURIComponent(text)}` : TRANSACTIONS_PATH);
    onSearch?.();
  };

  return (
    <form role="search" onSubmit={handleSubmit} className={cn("relative", className)}>
      <label htmlFor={inputId} className="sr-only">
        Zoek transacties
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={inputId}
        name="search"
        type="search"
        placeholder="Zoek transacties..."
        autoComplete="off"
        enterKeyHint="search"
        className={cn(inputClassName, "h-10 bg-background pl-9 shadow-none")}
      />
    </form>
  );
}
