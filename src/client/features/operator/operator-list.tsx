import { useState, type ComponentType, type ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { OPERATOR_PAGE_SIZE } from "@shared/schemas/operator";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { PageLoader } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { useOperatorList, type OperatorListPath, type OperatorRowOf } from "./api";

const DATE_TIME = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Amsterdam",
});

/** "26 nov 2026, 11:00", in Amsterdam time. */
export const formatMoment = (iso: string) => DATE_TIME.format(new Date(iso));

/**
 * A back-office screen over one paged list: header, the rows of this page, 'Vorige'/'Volgende' with where in the
 * list they are, and an empty and an error state.
 */
export function OperatorListPage<TPath extends OperatorListPath>({
  path,
  title,
  description,
  empty,
  renderRow,
}: {
  path: TPath;
  title: string;
  description: ReactNode;
  empty: { icon: ComponentType<{ className?: string }>; title: string; description: string };
  renderRow: (row: OperatorRowOf[TPath]) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const list = useOperatorList(path, page);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <EmptyState
          title="Deze lijst kon niet worden geladen"
          description={getErrorMessage(list.error)}
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              Opnieuw proberen
            </Button>
          }
        />
      ) : list.data.total === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} description={empty.description} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={title}>
            {list.data.rows.map((row) => (
              <li key={row.id}>{renderRow(row)}</li>
            ))}
          </ul>
          <Pager page={page} total={list.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const first = page * OPERATOR_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * OPERATOR_PAGE_SIZE);
  return (
    <nav aria-label="Pagina's" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        {first}–{last} van {total}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> Vorige
        </Button>
        <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onPage(page + 1)}>
          Volgende <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

/** A row of a back-office list: a bordered block that wraps on a phone. */
export function RowCard({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-border bg-card p-4 text-sm break-words">{children}</div>;
}
