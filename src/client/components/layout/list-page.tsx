import type { ComponentType, ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { LoadErrorState } from "@client/components/ui/load-error-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { PageHeader } from "./page-header";

interface ListEmpty {
  icon: ComponentType<{ className?: string }>;
  title: ReactNode;
  description?: ReactNode;
  /** The text of the button that adds the first one (with `onAdd`). */
  addLabel?: string;
  /** Another way on, instead of adding (a filter that found nothing). */
  action?: ReactNode;
}

interface ListStatesProps<TRow> {
  query: UseQueryResult<TRow[]>;
  /** Read out while the list loads: "Offertes laden...". */
  loadingText: string;
  /** "De offertes konden niet worden geladen"; the server's reason goes under it. */
  errorTitle: string;
  skeletonRows?: number;
  empty: ListEmpty;
  onAdd?: () => void;
  renderRows: (rows: TRow[]) => ReactNode;
}

/** A list while it loads, when loading failed (with a retry), when it has no rows yet, and with its rows. */
export function ListStates<TRow>({
  query,
  loadingText,
  errorTitle,
  skeletonRows = 3,
  empty,
  onAdd,
  renderRows,
}: ListStatesProps<TRow>) {
  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">{loadingText}</span>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} className="h-12" />
        ))}
      </div>
    );
  }
  if (query.isError) return <LoadErrorState title={errorTitle} query={query} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        action={
          empty.addLabel && onAdd ? (
            <Button variant="outline" onClick={onAdd}>
              <Plus aria-hidden />
              {empty.addLabel}
            </Button>
          ) : (
            empty.action
          )
        }
      />
    );
  }
  return renderRows(query.data);
}

interface ListPageProps<TRow> extends ListStatesProps<TRow> {
  title: string;
  description: ReactNode;
  /** The header's button that adds one: "Nieuwe offerte". */
  addLabel: string;
  onAdd: () => void;
  /** Filters between the header and the list. */
  toolbar?: ReactNode;
  /** What follows the list: hints, and the page's dialogs. */
  children?: ReactNode;
}

/** An app screen over one list: the header with its add button, the list in all its states, and what follows. */
export function ListPage<TRow>({
  title,
  description,
  addLabel,
  onAdd,
  toolbar,
  children,
  ...states
}: ListPageProps<TRow>) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button onClick={onAdd}>
            <Plus aria-hidden />
            {addLabel}
          </Button>
        }
      />
      {toolbar}
      <ListStates onAdd={onAdd} {...states} />
      {children}
    </div>
  );
}
