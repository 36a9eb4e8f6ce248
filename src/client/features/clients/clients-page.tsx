import { useCallback, useEffect, useRef, useState } from "react";
import {
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  Building2,
  Download,
  Globe,
  Landmark,
  Plus,
  Search,
  Users,
  type LucideIcon,
} from "lucide-react";
import {
  CLIENT_PAGE_SIZE,
  type Client,
  type ClientRole,
  type ClientSortField,
  type SortOrder,
} from "@shared/schemas/clients";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { inputClassName } from "@client/components/ui/input";
import { LoadErrorState } from "@client/components/ui/load-error-state";
import { PaginationNav } from "@client/components/ui/pagination-nav";
import { SearchInput } from "@client/components/ui/search-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { useLinkedAction } from "@client/lib/linked-action";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { cn } from "@client/lib/utils";
import { clientsExportUrl, useClientPage, useClientSummary, type ClientListParams } from "./api";
import { ClientFormDialog } from "./client-form-dialog";
import { ClientRow } from "./client-row";
import { DeleteClientDialog } from "./delete-client-dialog";
import { useLinkedClient } from "./use-linked-client";
import { formatNumber } from "@shared/format";

const SEARCH_DELAY_MS = 250;
const SORT_LABELS: Record<ClientSortField, string> = { name: "Naam", createdAt: "Aanmaakdatum" };
const ROLE_FILTERS: ReadonlyArray<{ role: ClientRole | undefined; label: string }> = [
  { role: undefined, label: "Alle" },
  { role: "customer", label: "Klanten" },
  { role: "supplier", label: "Leveranciers" },
];

/** Spec §2.16: the clients screen (Relaties in the navigation, Klanten as its title). */
export function ClientsPage() {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<ClientSortField>("name");
  const [order, setOrder] = useState<SortOrder>("asc");
  const [role, setRole] = useState<ClientRole | undefined>();
  const [formState, setFormState] = useState<{ open: boolean; client?: Client | undefined }>({ open: false });
  const [clientToDelete, setClientToDelete] = useState<Client | undefined>();

  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const params: ClientListParams = { search: debouncedSearch, role, sort, order };
  const openNewClient = () => setFormState({ open: true });
  useLinkedAction("nieuw", openNewClient);
  // Stable, so the memoised rows do not all re-render when another page of clients arrives.
  const openEditClient = useCallback((client: Client) => setFormState({ open: true, client }), []);
  useLinkedClient(openEditClient);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Klanten"
        description="Beheer je klanten en leveranciers met hun adres- en bedrijfsgegevens."
        actions={
          <>
            <Button variant="outline" asChild>
              <a href={clientsExportUrl(params)} download>
                <Download aria-hidden />
                Exporteren (CSV)
              </a>
            </Button>
            <Button onClick={openNewClient}>
              <Plus aria-hidden />
              {role === "supplier" ? "Leverancier toevoegen" : "Klant toevoegen"}
            </Button>
          </>
        }
      />

      <ClientStats role={role} />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <RoleFilter role={role} onChange={setRole} />
        <SearchInput
          className="flex-1"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Zoek op naam, contactpersoon, e-mail, plaats, BTW- of KvK-nummer"
          aria-label="Klanten zoeken"
        />
        <div className="flex items-center gap-2">
          <label htmlFor="clients-sort" className="text-sm whitespace-nowrap text-muted-foreground">
            Sorteren op
          </label>
          <select
            id="clients-sort"
            value={sort}
            onChange={(event) => setSort(event.target.value as ClientSortField)}
            className={cn(inputClassName, "w-auto flex-1 pr-8 sm:flex-none")}
          >
            {(Object.keys(SORT_LABELS) as ClientSortField[]).map((field) => (
              <option key={field} value={field}>
                {SORT_LABELS[field]}
              </option>
            ))}
          </select>
          <Button
            variant="outline"
            onClick={() => setOrder(order === "asc" ? "desc" : "asc")}
            aria-label={
              order === "asc"
                ? "Oplopend gesorteerd; klik voor aflopend"
                : "Aflopend gesorteerd; klik voor oplopend"
            }
            title={order === "asc" ? "Oplopend" : "Aflopend"}
          >
            {order === "asc" ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownWideNarrow aria-hidden />}
            <span className="hidden sm:inline">{order === "asc" ? "Oplopend" : "Aflopend"}</span>
          </Button>
        </div>
      </div>

      <ClientList
        params={params}
        isSearching={debouncedSearch !== ""}
        onAdd={openNewClient}
        onEdit={openEditClient}
        onDelete={setClientToDelete}
      />

      <ClientFormDialog
        open={formState.open}
        client={formState.client}
        // Adding while the suppliers are shown adds a supplier.
        isSupplierByDefault={role === "supplier"}
        onOpenChange={(open) => setFormState((current) => ({ ...current, open }))}
      />
      <DeleteClientDialog client={clientToDelete} onClose={() => setClientToDelete(undefined)} />
    </div>
  );
}

/** Alle / Klanten / Leveranciers: a relation can be both, and then shows under each. */
function RoleFilter({
  role,
  onChange,
}: {
  role: ClientRole | undefined;
  onChange: (role: ClientRole | undefined) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Soort relatie"
      className="inline-flex h-10 shrink-0 items-center self-start rounded-lg bg-muted p-1 text-muted-foreground"
    >
      {ROLE_FILTERS.map((filter) => (
        <button
          key={filter.label}
          type="button"
          aria-pressed={role === filter.role}
          onClick={() => onChange(filter.role)}
          className={cn(
            "inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap",
            "transition-[color,box-shadow] outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/40",
            role === filter.role && "bg-card text-foreground shadow-sm",
          )}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}

/** The relations the stat cards count, in the words of each filter. */
const ROLE_NOUNS = { all: "relaties", customer: "klanten", supplier: "leveranciers" } as const;

/** Spec §2.16: total, with VAT number, with KvK number, foreign (country not NL), for the filter's relations. */
function ClientStats({ role }: { role: ClientRole | undefined }) {
  const { data: summary, isError } = useClientSummary(role);
  const noun = ROLE_NOUNS[role ?? "all"];
  const stats: { label: string; value: number | undefined; icon: LucideIcon }[] = [
    { label: `Totaal ${noun}`, value: summary?.total, icon: Users },
    { label: "Met BTW-nummer", value: summary?.withVatNumber, icon: Landmark },
    { label: "Met KvK-nummer", value: summary?.withKvkNumber, icon: Building2 },
    { label: `Buitenlandse ${noun}`, value: summary?.foreign, icon: Globe },
  ];
  return (
    <section aria-label="Overzicht" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {stats.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex items-center gap-3 p-4">
          <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground sm:flex">
            <Icon className="size-5" aria-hidden />
          </div>
          <div className="flex min-w-0 flex-col">
            <span className="text-[0.8125rem] text-muted-foreground">{label}</span>
            {value === undefined ? (
              isError ? (
                <span className="text-2xl font-semibold text-muted-foreground">–</span>
              ) : (
                <Skeleton className="mt-1 h-7 w-12" />
              )
            ) : (
              <span className="text-2xl font-semibold tracking-tight text-foreground tabular-nums">
                {formatNumber(value)}
              </span>
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}

interface ClientListProps {
  params: ClientListParams;
  isSearching: boolean;
  onAdd: () => void;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
}

/**
 * Numbered pages rather than an ever-growing list: the page holds at most CLIENT_PAGE_SIZE rows however many
 * clients there are, so it never slows down (measured: appending pages by scrolling to 1,500 rows caused
 * 50–160 ms long tasks; one page of 50 does not).
 */
function ClientList({ params, isSearching, onAdd, onEdit, onDelete }: ClientListProps) {
  const [pageState, setPageState] = useState({ params, page: 0 });
  // A new search or order starts at the first page again.
  const isSameList =
    pageState.params.search === params.search &&
    pageState.params.role === params.role &&
    pageState.params.sort === params.sort &&
    pageState.params.order === params.order;
  const page = isSameList ? pageState.page : 0;
  const goToPage = (next: number) => setPageState({ params, page: next });
  const listTop = useRef<HTMLDivElement>(null);
  const query = useClientPage(params, page);
  const { data: summary } = useClientSummary(params.role);

  // Deleting the last client of the last page leaves it empty: show the page before it.
  const isEmptyLaterPage =
    page > 0 && query.data !== undefined && !query.isPlaceholderData && query.data.clients.length === 0;
  useEffect(() => {
    if (isEmptyLaterPage) setPageState({ params, page: page - 1 });
  }, [isEmptyLaterPage, page, params]);

  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">Klanten laden...</span>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return <LoadErrorState title="De klanten konden niet worden geladen" query={query} />;
  }

  const { clients, hasNextPage } = query.data;
  if (clients.length === 0 && page === 0) {
    return isSearching ? (
      <EmptyState icon={Search} title="Geen klanten gevonden" description="Probeer een andere zoekterm" />
    ) : params.role === "supplier" ? (
      <EmptyState
        icon={Users}
        title="Nog geen leveranciers"
        description="Een leverancier komt er vanzelf bij als je een inkoopfactuur boekt. Je kunt er ook zelf een toevoegen."
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden />
            Leverancier toevoegen
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Users}
        title="Geen klanten gevonden"
        description="Begin met het toevoegen van je eerste klant"
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden />
            Klant toevoegen
          </Button>
        }
      />
    );
  }

  const first = page * CLIENT_PAGE_SIZE + 1;
  const last = page * CLIENT_PAGE_SIZE + clients.length;
  const changePage = (next: number) => {
    goToPage(next);
    listTop.current?.scrollIntoView({ block: "start" });
  };

  return (
    <div ref={listTop} className="flex scroll-mt-20 flex-col gap-3" aria-busy={query.isFetching}>
      <div
        aria-hidden
        className="hidden grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.2fr)] gap-4 pr-[5.75rem] pl-11 text-xs font-medium tracking-wide text-muted-foreground uppercase md:grid"
      >
        <span>Naam</span>
        <span>Contact</span>
        <span>Plaats</span>
      </div>
      <ul aria-label="Klanten" className={cn("flex flex-col gap-2", query.isPlaceholderData && "opacity-60")}>
        {clients.map((client) => (
          <ClientRow key={client.id} client={client} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </ul>
      {(page > 0 || hasNextPage) && (
        <PaginationNav
          className="pt-1"
          hasPrevious={page > 0}
          hasNext={hasNextPage}
          onPrevious={() => changePage(page - 1)}
          onNext={() => changePage(page + 1)}
        >
          Klanten {formatNumber(first)}–{formatNumber(last)}
          {!isSearching && summary && ` van ${formatNumber(summary.total)}`}
        </PaginationNav>
      )}
    </div>
  );
}
