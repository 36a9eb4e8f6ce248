import { useState, type ComponentType, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { toastError } from "@client/lib/toast";

const dateTime = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

/** "26 nov 2026, 11:00", in Amsterdam time. */
export const formatMoment = (iso: string) => dateTime.format(new Date(iso));

interface RevocableListProps<TItem extends { id: string }> {
  query: UseQueryResult<TItem[]>;
  /** The list's accessible name. */
  label: string;
  skeletonRows: number;
  loadError: string;
  empty: { icon: ComponentType<{ className?: string }>; title: string; description: string };
  /** The row's accessible name, shown as its title. */
  nameOf: (item: TItem) => string;
  renderBadge: (item: TItem) => ReactNode;
  /** The lines under the title. */
  renderDetails: (item: TItem) => ReactNode;
  /** Controls before 'Intrekken'. */
  renderActions?: (item: TItem) => ReactNode;
  revokeLabel: (item: TItem) => string;
  confirm: { title: string; description: (item: TItem) => string };
  /** Revokes and says so; a failure is shown as a toast and keeps the dialog open. */
  onRevoke: (item: TItem) => Promise<void>;
  isRevoking: boolean;
}

/**
 * Who or what can reach the administration (members under Toegang, keys under API-sleutels): a row per item
 * with a badge and 'Intrekken', which asks before it revokes.
 */
export function RevocableList<TItem extends { id: string }>({
  query,
  label,
  skeletonRows,
  loadError,
  empty,
  nameOf,
  renderBadge,
  renderDetails,
  renderActions,
  revokeLabel,
  confirm,
  onRevoke,
  isRevoking,
}: RevocableListProps<TItem>) {
  const [revoking, setRevoking] = useState<TItem | undefined>(undefined);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await onRevoke(revoking);
      setRevoking(undefined);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      {query.isPending ? (
        <div className="flex flex-col gap-3">
          {Array.from({ length: skeletonRows }, (_, index) => (
            <Skeleton key={index} className="h-16" />
          ))}
        </div>
      ) : query.isError ? (
        <p className="text-sm text-destructive">{loadError}</p>
      ) : query.data.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <ul
          className="flex flex-col divide-y divide-border rounded-lg border border-border"
          aria-label={label}
        >
          {query.data.map((item) => (
            <li
              key={item.id}
              aria-label={nameOf(item)}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all text-foreground">{nameOf(item)}</span>
                  {renderBadge(item)}
                </div>
                {renderDetails(item)}
              </div>
              <div className="flex flex-wrap items-center gap-2 self-start sm:self-center">
                {renderActions?.(item)}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRevoking(item)}
                  aria-label={revokeLabel(item)}
                >
                  <Trash2 aria-hidden />
                  Intrekken
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={confirm.title}
        description={revoking ? confirm.description(revoking) : ""}
        confirmLabel="Intrekken"
        onConfirm={confirmRevoke}
        isPending={isRevoking}
      />
    </>
  );
}
