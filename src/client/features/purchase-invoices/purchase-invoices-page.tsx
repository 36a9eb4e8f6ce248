import { useState } from "react";
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Download,
  Eye,
  MoreHorizontal,
  Receipt,
  Search,
  Trash2,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { formatDate, formatNumber } from "@shared/format";
import type {
  PurchaseInvoiceList,
  PurchaseInvoiceSummary,
  PurchaseListQuery,
} from "@shared/schemas/purchase-invoices";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ConfirmDeleteDialog } from "@client/components/ui/confirm-delete-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@client/components/ui/dropdown-menu";
import { EmptyState } from "@client/components/ui/empty-state";
import { LoadErrorState } from "@client/components/ui/load-error-state";
import { PaginationNav } from "@client/components/ui/pagination-nav";
import { SearchInput } from "@client/components/ui/search-input";
import { Progress } from "@client/components/ui/progress";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { TableSkeleton } from "@client/components/ui/table-skeleton";
import { useLinkedAction, useLinkedRecord } from "@client/lib/linked-action";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { cn } from "@client/lib/utils";
import {
  PURCHASE_PAGE_SIZE,
  purchaseDocumentUrl,
  useDeletePurchaseInvoice,
  usePurchaseInbox,
  usePurchaseInvoicePage,
  type PurchaseListFilter,
} from "./api";
import { DocumentIntake } from "./document-intake";
import { InboxCard } from "./inbox-card";
import { PurchasePaymentDialog } from "./payment-dialog";
import { PurchaseDialog, type PurchaseDialogTarget } from "./purchase-dialog";
import { cents, euro, statusOf, supplierLabel } from "./purchase-format";

const SEARCH_DELAY_MS = 250;

type StatusFilter = NonNullable<PurchaseListQuery["status"]>;
const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter | ""; label: string }> = [
  { value: "", label: "Alle" },
  { value: "review", label: "Te controleren" },
  { value: "open", label: "Openstaand" },
  { value: "overdue", label: "Verlopen" },
  { value: "paid", label: "Betaald" },
];

/**
 * Inkoopfacturen: documents come in (dropped, photographed, mailed or typed in), Balans reads them, the user
 * checks and books them, and pays what is open.
 */
export function PurchaseInvoicesPage() {
  const [status, setStatus] = useState<StatusFilter | "">("");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [target, setTarget] = useState<PurchaseDialogTarget>();
  const [toPay, setToPay] = useState<PurchaseInvoiceSummary | undefined>();
  const [toDelete, setToDelete] = useState<PurchaseInvoiceSummary | undefined>();
  const openManual = () => setTarget({ isNew: true });
  const open = (id: string) => setTarget({ id });
  useLinkedAction("nieuw", openManual);
  useLinkedRecord(open);
  const inbox = usePurchaseInbox();
  const hasInbox = Boolean(inbox.data?.enabled && inbox.data.address);
  const filter: PurchaseListFilter = { status: status || undefined, q: q || undefined };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Inkoopfacturen"
        description="Zet je bonnetjes en inkoopfacturen erin; Balans leest ze, jij controleert en boekt."
      />

      <Counters filter={filter} />

      <div className={cn("grid gap-4", hasInbox && "lg:grid-cols-3")}>
        <DocumentIntake onOpen={open} onManual={openManual} className={cn(hasInbox && "lg:col-span-2")} />
        <InboxCard />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex items-center gap-2">
          <label htmlFor="purchase-status" className="text-sm whitespace-nowrap text-muted-foreground">
            Status
          </label>
          <Select
            id="purchase-status"
            className="w-full sm:w-48"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter | "")}
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <SearchInput
          className="flex-1"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Zoek op leverancier, factuurnummer of omschrijving"
          aria-label="Inkoopfacturen zoeken"
        />
      </div>

      <PurchaseTable
        filter={filter}
        inboxAddress={hasInbox ? inbox.data!.address : null}
        onShowAll={() => {
          setStatus("");
          setSearch("");
        }}
        onOpen={(invoice) => open(invoice.id)}
        onPay={setToPay}
        onDelete={setToDelete}
      />

      <PurchaseDialog target={target} onTargetChange={setTarget} />
      <PurchasePaymentDialog invoice={toPay} onClose={() => setToPay(undefined)} />
      <DeleteDialog invoice={toDelete} onClose={() => setToDelete(undefined)} />
    </div>
  );
}

/** The four figures: what waits for checking, what is open (and overdue), and what was paid this month. */
function Counters({ filter }: { filter: PurchaseListFilter }) {
  // The counters come with every page of the list: read them from the first page of the current filter.
  const list = usePurchaseInvoicePage(filter, 0);
  const counters = list.data?.counters;
  const tiles: Array<{
    label: string;
    icon: LucideIcon;
    value?: (c: PurchaseInvoiceList["counters"]) => [number, string | null];
  }> = [
    { label: "Te controleren", icon: Eye, value: (c) => [c.toReview, null] },
    { label: "Openstaand", icon: Clock, value: (c) => [c.open.count, euro(c.open.amount)] },
    { label: "Verlopen", icon: AlertTriangle, value: (c) => [c.overdue.count, euro(c.overdue.amount)] },
    {
      label: "Betaald deze maand",
      icon: CheckCircle2,
      value: (c) => [c.paidThisMonth.count, euro(c.paidThisMonth.amount)],
    },
  ];
  return (
    <section aria-label="Overzicht" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(({ label, icon: Icon, value }) => {
        const [number, amount] = counters && value ? value(counters) : [0, null];
        return (
          <Card key={label} className="flex flex-col gap-1 p-4" data-testid={`counter-${label}`}>
            <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
              <span>{label}</span>
              <Icon className="size-4 shrink-0" aria-hidden />
            </div>
            {counters ? (
              <>
                <p className="text-2xl font-semibold tabular-nums">{formatNumber(number)}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {amount ?? (number === 1 ? "document" : "documenten")}
                </p>
              </>
            ) : list.isError ? (
              <p className="text-2xl font-semibold text-muted-foreground">–</p>
            ) : (
              <Skeleton className="h-12" />
            )}
          </Card>
        );
      })}
    </section>
  );
}

interface PurchaseTableProps {
  filter: PurchaseListFilter;
  inboxAddress: string | null;
  onShowAll: () => void;
  onOpen: (invoice: PurchaseInvoiceSummary) => void;
  onPay: (invoice: PurchaseInvoiceSummary) => void;
  onDelete: (invoice: PurchaseInvoiceSummary) => void;
}

function PurchaseTable({ filter, inboxAddress, onShowAll, onOpen, onPay, onDelete }: PurchaseTableProps) {
  const [pageState, setPageState] = useState({ filter, page: 0 });
  // Another filter or search starts at the first page again.
  const isSameList = pageState.filter.status === filter.status && pageState.filter.q === filter.q;
  const page = isSameList ? pageState.page : 0;
  const list = usePurchaseInvoicePage(filter, page);

  if (list.isPending) {
    return <TableSkeleton />;
  }
  if (list.isError) {
    return <LoadErrorState title="De inkoopfacturen konden niet worden geladen" query={list} />;
  }
  const { items, total } = list.data;
  if (items.length === 0 && page === 0) {
    const isFiltered = filter.status !== undefined || filter.q !== undefined;
    return isFiltered ? (
      <EmptyState
        icon={Search}
        title="Geen inkoopfacturen gevonden"
        description="Met een andere status of zoekterm zie je je andere inkoopfacturen."
        action={
          <Button variant="outline" onClick={onShowAll}>
            Alle inkoopfacturen tonen
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Receipt}
        title="Nog geen inkoopfacturen"
        description={
          <>
            Voeg hierboven een pdf of foto toe, of maak met je telefoon een foto van een bonnetje
            {inboxAddress ? (
              <>
                {", of stuur facturen door naar "}
                <span className="font-medium break-all text-foreground">{inboxAddress}</span>
              </>
            ) : null}
            . Balans leest bedrag, datum en btw voor je uit. Zonder document kan het ook: kies Handmatig
            invoeren.
          </>
        }
      />
    );
  }

  const first = page * PURCHASE_PAGE_SIZE + 1;
  const last = page * PURCHASE_PAGE_SIZE + items.length;
  return (
    <ResponsiveTable
      caption="Inkoopfacturen"
      className={cn(list.isPlaceholderData && "opacity-60")}
      columns={columns({ onOpen, onPay, onDelete })}
      rows={items}
      rowKey={(invoice) => invoice.id}
      footer={
        total > PURCHASE_PAGE_SIZE && (
          <PaginationNav
            className="border-t border-border p-3"
            hasPrevious={page > 0}
            hasNext={last < total}
            onPrevious={() => setPageState({ filter, page: page - 1 })}
            onNext={() => setPageState({ filter, page: page + 1 })}
          >
            {formatNumber(first)}–{formatNumber(last)} van {formatNumber(total)}
          </PaginationNav>
        )
      }
    />
  );
}

type RowActions = Pick<PurchaseTableProps, "onOpen" | "onPay" | "onDelete">;

const isBooked = (invoice: PurchaseInvoiceSummary) =>
  invoice.status === "booked" || invoice.status === "paid";

/** On a phone: supplier (with number, dates and status under it), the amount and the actions. */
function columns(actions: RowActions): TableColumn<PurchaseInvoiceSummary>[] {
  return [
    {
      header: "Leverancier",
      isMain: true,
      cell: (invoice) =>
        invoice.status === "reading" ? (
          <div className="flex flex-col gap-1.5">
            <button
              type="button"
              className="self-start rounded text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
              onClick={() => actions.onOpen(invoice)}
            >
              Document wordt gelezen
            </button>
            <Progress
              value={invoice.readingProgress}
              aria-label="Document lezen"
              className="h-1.5 w-full max-w-48"
            />
          </div>
        ) : (
          <button
            type="button"
            className="max-w-full truncate rounded text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/40"
            onClick={() => actions.onOpen(invoice)}
          >
            {supplierLabel(invoice)}
          </button>
        ),
    },
    {
      header: "Nummer",
      from: "md",
      className: "whitespace-nowrap",
      cell: (invoice) => invoice.invoiceNumber ?? <span className="text-muted-foreground">—</span>,
      folded: (invoice) => invoice.invoiceNumber,
    },
    {
      header: "Datum",
      from: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (invoice) => (invoice.invoiceDate ? formatDate(invoice.invoiceDate) : "—"),
      folded: (invoice) => (invoice.invoiceDate ? formatDate(invoice.invoiceDate) : null),
    },
    {
      header: "Vervaldatum",
      from: "lg",
      className: "whitespace-nowrap tabular-nums",
      cell: (invoice) =>
        invoice.dueDate ? (
          <span className={cn(invoice.isOverdue && "font-medium text-amber-800")}>
            {formatDate(invoice.dueDate)}
          </span>
        ) : (
          "—"
        ),
      folded: (invoice) =>
        invoice.dueDate && isBooked(invoice) && cents(invoice.openAmount) !== 0 ? (
          <span className={cn(invoice.isOverdue && "font-medium text-amber-800")}>
            vervalt {formatDate(invoice.dueDate)}
          </span>
        ) : null,
    },
    {
      header: "Totaal",
      align: "right",
      cell: (invoice) =>
        invoice.status === "reading" ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <>
            <span className="font-medium">{euro(invoice.total)}</span>
            {isBooked(invoice) && cents(invoice.openAmount) !== 0 && (
              <span className="block text-xs text-muted-foreground sm:hidden">
                open {euro(invoice.openAmount)}
              </span>
            )}
          </>
        ),
    },
    {
      header: "Open",
      from: "sm",
      align: "right",
      cell: (invoice) =>
        isBooked(invoice) ? euro(invoice.openAmount) : <span className="text-muted-foreground">—</span>,
      // The amount column shows what is open on a phone.
      folded: () => null,
    },
    {
      header: "Status",
      from: "sm",
      cell: (invoice) => {
        const status = statusOf(invoice);
        return <Badge variant={status.variant}>{status.label}</Badge>;
      },
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-2 py-2 text-right",
      cell: (invoice) => <RowMenu invoice={invoice} {...actions} />,
    },
  ];
}

function RowMenu({ invoice, onOpen, onPay, onDelete }: RowActions & { invoice: PurchaseInvoiceSummary }) {
  const open = cents(invoice.openAmount);
  const name = [supplierLabel(invoice), invoice.invoiceNumber].filter(Boolean).join(" ");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Acties voor ${name}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onOpen(invoice)}>
          <Eye aria-hidden />
          {invoice.status === "review" ? "Controleren" : "Bekijken"}
        </DropdownMenuItem>
        {isBooked(invoice) && open !== 0 && (
          <DropdownMenuItem onSelect={() => onPay(invoice)}>
            <Wallet aria-hidden />
            {open > 0 ? "Betaling registreren" : "Terugbetaling registreren"}
          </DropdownMenuItem>
        )}
        {invoice.hasDocument && (
          <DropdownMenuItem asChild>
            <a href={purchaseDocumentUrl(invoice.id, { download: true })} download>
              <Download aria-hidden />
              Origineel downloaden
            </a>
          </DropdownMenuItem>
        )}
        {!isBooked(invoice) && (
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(invoice)}>
            <Trash2 aria-hidden />
            Verwijderen
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Only what is not booked can go; a booked one is corrected (see the detail). */
function DeleteDialog({
  invoice,
  onClose,
}: {
  invoice: PurchaseInvoiceSummary | undefined;
  onClose: () => void;
}) {
  const remove = useDeletePurchaseInvoice();
  return (
    <ConfirmDeleteDialog
      record={invoice}
      onClose={onClose}
      title="Inkoopfactuur verwijderen?"
      describe={(purchase) => (
        <>
          {purchase.status === "reading" ? "Dit document" : supplierLabel(purchase)}
          {purchase.invoiceNumber ? ` ${purchase.invoiceNumber}` : ""} wordt verwijderd
          {purchase.hasDocument ? ", met het bestand" : ""}. Dat kan niet ongedaan worden gemaakt.
        </>
      )}
      onDelete={remove.mutateAsync}
      isDeleting={remove.isPending}
      deletedTitle="Inkoopfactuur verwijderd"
    />
  );
}
