import type { ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@client/lib/utils";
import { Button } from "./button";

interface PaginationNavProps {
  /** Where in the list this page is: "Facturen 51–100", "51–100 van 230"; read out when it changes. */
  children: ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  className?: string;
}

/** 'Vorige' and 'Volgende' under a paged list, with where in the list the page is between them. */
export function PaginationNav({
  children,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  className,
}: PaginationNavProps) {
  return (
    <nav aria-label="Paginering" className={cn("flex items-center justify-between gap-3", className)}>
      <Button variant="outline" onClick={onPrevious} disabled={!hasPrevious}>
        <ChevronLeft aria-hidden />
        Vorige
      </Button>
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {children}
      </p>
      <Button variant="outline" onClick={onNext} disabled={!hasNext}>
        Volgende
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
