import { useState } from "react";
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Download,
  Timer,
  Eye,
  FileCode,
  FileText,
  Mail,
  MoreHorizontal,
  Pencil,
  Plus,
  Receipt,
  Send,
  Trash2,
  Undo2,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { formatDate, formatEuro, formatNumber } from "@shared/format";
import {
  INVOICE_PAGE_SIZE,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceStatus,
} from "@shared/schemas/invoices";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@client/components/ui/dropdown-menu";
import { EmptyState } from "@client/components/ui/empty-state";
import { PaginationNav } from "@client/components/ui/pagination-nav";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { TableSkeleton } from "@client/components/ui/table-skeleton";
import { getErrorMessage } from "@client/lib/api";
import { useLinkedAction, useLinkedRecord } from "@client/lib/linked-action";
import { toast, toastError } from "@client/lib/toast";
import { invoicePdfUrl, invoiceUblUrl, useInvoicePage, useInvoiceSummary, useMarkInvoiceSent } from "./api";
import { CreditDialog } from "./credit-dialog";
import { DeleteInvoiceDialog } from "./invoice-action-dialogs";
import { cents, euro, isIssuedInvoice } from "./invoice-format";
import { HoursInvoiceDialog } from "./hours-invoice-dialog";
import { InvoiceFormDialog } from "./invoice-form-dialog";
import { InvoiceViewDialog } from "./invoice-view-dialog";
import { PaymentDialog } from "./payment-dialog";
import { SendDialog } from "./send-dialog";

const STATUS_BADGE: Record<InvoiceStatus, "muted" | "default" | "success" | "warning"> = {
  draft: "muted",
  sent: "default",
  paid: "success",
  overdue: "warning",
};

/** Spec §2.15: Verkoopfacturen — counters, status filter, table and the 'Nieuwe factuur' dialog. */
export function InvoicesPage() {
  const [status, setStatus] = useState<InvoiceStatus | undefined>();
  const [form, setForm] = useState<{ open: boolean; invoiceId?: string | undefined }>({ open: false });
  const [toPay, setToPay] = useState<Invoice | undefined>();
  const [toCredit, setToCredit] = useState<Invoice | undefined>();
  const [toSend, setToSend] = useState<Invoice | undefined>();
  const [toDelete, setToDelete] = useState<Invoice | undefined>();
  const [toView, setToView] = useState<string | undefined>();
  const [isHoursOpen, setIsHoursOpen] = useState(false);
  const openNew = () => setForm({ open: true });
  useLinkedAction("nieuw", openNew);
  useLinkedRecord(setToView);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Verkoopfacturen"
        description="Maak facturen, volg wat betaald is en corrigeer met een creditnota."
        actions={
          <>
            <Button variant="outline" onClick={() => setIsHoursOpen(true)}>
              <Timer aria-hidden />
              Uren factureren
            </Button>
            <Button onClick={openNew}>
              <Plus aria-hidden />
              Nieuwe factuur
            </Button>
          </>
        }
      />

      <InvoiceCounters />

      <div className="flex items-center gap-2">
        <label htmlFor="invoices-status" className="text-sm whitespace-nowrap text-muted-foreground">
          Status
        </label>
        <Select
          id="invoices-status"
          className="w-full sm:w-48"
          value={status ?? ""}
          onChange={(event) => setStatus((event.target.value || undefined) as InvoiceStatus | undefined)}
        >
          <option value="">Alle</option>
          {INVOICE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {INVOICE_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>

      <InvoiceTable
        status={status}
        onAdd={openNew}
        onShowAll={() => setStatus(undefined)}
        onView={(invoice) => setToView(invoice.id)}
        onEdit={(invoice) => setForm({ open: true, invoiceId: invoice.id })}
        onPay={setToPay}
        onCredit={setToCredit}
        onSend={setToSend}
        onDelete={setToDelete}
      />

      <InvoiceFormDialog
        open={form.open}
        invoiceId={form.invoiceId}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />
      <PaymentDialog invoice={toPay} onClose={() => setToPay(undefined)} />
      <CreditDialog invoice={toCredit} onClose={() => setToCredit(undefined)} />
      <SendDialog invoice={toSend} onClose={() => setToSend(undefined)} />
      <DeleteInvoiceDialog invoice={toDelete} onClose={() => setToDelete(undefined)} />
      <InvoiceViewDialog invoiceId={toView} onClose={() => setToView(undefined)} />
      <HoursInvoiceDialog open={isHoursOpen} onOpenChange={setIsHoursOpen} />
    </div>
  );
}

/** Spec §2.15: total, paid, in behandeling (sent) and verlopen (overdue). */
function InvoiceCounters() {
  const summary = useInvoiceSummary();
  const tiles: Array<{ key: keyof NonNullable<typeof summary.data>; label: string; icon: LucideIcon }> = [
    { key: "total", label: "Totaal", icon: FileText },
    { key: "paid", label: "Betaald", icon: CheckCircle2 },
    { key: "sent", label: "In behandeling", icon: Clock },
    { key: "overdue", label: "Verlopen", icon: AlertTriangle },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(({ key, label, icon: Icon }) => (
        <Card key={key} className="flex flex-col gap-1 p-4">
          <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            <span>{label}</span>
            <Icon className="size-4" aria-hidden />
          </div>
          {summary.data ? (
            <>
              <p className="text-2xl font-semibold tabular-nums">{formatNumber(summary.data[key].count)}</p>
              <p className="text-xs text-muted-foreground tabular-nums">{euro(summary.data[key].amount)}</p>
            </>
          ) : (
            <Skeleton className="h-12" />
          )}
        </Card>
      ))}
    </div>
  );
}

interface InvoiceTableProps {
  status: InvoiceStatus | undefined;
  onAdd: () => void;
  /** Clears the status filter: what a filtered empty list offers. */
  onShowAll: () => void;
  onView: (invoice: Invoice) => void;
  onEdit: (invoice: Invoice) => void;
  onPay: (invoice: Invoice) => void;
  onCredit: (invoice: Invoice) => void;
  onSend: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
}

function InvoiceTable({
  status,
  onAdd,
  onShowAll,
  onView,
  onEdit,
  onPay,
  onCredit,
  onSend,
  onDelete,
}: InvoiceTableProps) {
  const [pageState, setPageState] = useState({ status, page: 0 });
  // Another status filter starts at the first page again.
  const page = pageState.status === status ? pageState.page : 0;
  const invoices = useInvoicePage(status, page);
  const markSent = useMarkInvoiceSent();

  const sendMark = async (invoice: Invoice) => {
    try {
      const sent = await markSent.mutateAsync(invoice.id);
      toast({
        title: "Factuur gemarkeerd als verstuurd",
        description: `Ze heeft nummer ${sent.invoiceNumber} gekregen.`,
      });
    } catch (error) {
      toastError(error);
    }
  };

  if (invoices.isPending) {
    return <TableSkeleton />;
  }
  if (invoices.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Facturen laden mislukt: {getErrorMessage(invoices.error)}
      </p>
    );
  }
  const { invoices: rows, hasNextPage } = invoices.data;
  if (rows.length === 0 && page === 0) {
    return status === undefined ? (
      <EmptyState
        icon={Receipt}
        title="Geen facturen gevonden. Maak je eerste factuur om te beginnen."
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden />
            Nieuwe factuur
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Receipt}
        title={`Geen facturen met status ${INVOICE_STATUS_LABELS[status]}`}
        description="Je andere facturen zie je als je de status op Alle zet."
        action={
          <Button variant="outline" onClick={onShowAll}>
            Alle facturen tonen
          </Button>
        }
      />
    );
  }

  const rowActions: RowActions = {
    onView,
    onEdit,
    onSendMark: (row) => void sendMark(row),
    onPay,
    onCredit,
    onSend,
    onDelete,
  };
  return (
    <ResponsiveTable
      caption="Facturen"
      columns={invoiceColumns(rowActions)}
      rows={rows}
      rowKey={(invoice) => invoice.id}
      footer={
        (page > 0 || hasNextPage) && (
          <PaginationNav
            className="border-t border-border p-3"
            hasPrevious={page > 0}
            hasNext={hasNextPage}
            onPrevious={() => setPageState({ status, page: page - 1 })}
            onNext={() => setPageState({ status, page: page + 1 })}
          >
            Facturen {formatNumber(page * INVOICE_PAGE_SIZE + 1)}–
            {formatNumber(page * INVOICE_PAGE_SIZE + rows.length)}
          </PaginationNav>
        )
      }
    />
  );
}

type RowActions = Omit<InvoiceTableProps, "status" | "onAdd" | "onShowAll"> & {
  onSendMark: (invoice: Invoice) => void;
};

/** What the row offers to do about the money: pay what is open, refund an overpayment, or see the payments. */
function paymentAction(invoice: Invoice): string | null {
  if (!isIssuedInvoice(invoice)) return null;
  const open = cents(invoice.openAmount);
  if (open > 0) return "Betaling registreren";
  if (open < 0) return "Terugbetaling registreren";
  return invoice.paymentCount > 0 ? "Betalingen bekijken" : null;
}

/** What a row knows of its invoice: totals, what is open, whether it can still be credited. */
function rowFacts(invoice: Invoice) {
  const total = cents(invoice.total);
  const open = cents(invoice.openAmount);
  const isFullyCredited = total > 0 && cents(invoice.creditedAmount) === total;
  return { total, open, isFullyCredited, clientName: invoice.clientName ?? "Onbekende klant" };
}

/** The invoice list's columns: on a phone the number, the amount and the actions; the rest under the number. */
function invoiceColumns(actions: RowActions): TableColumn<Invoice>[] {
  return [
    {
      header: "Nummer",
      isMain: true,
      cell: (invoice) => (
        <>
          {invoice.invoiceNumber ? (
            <span className="font-medium whitespace-nowrap tabular-nums">{invoice.invoiceNumber}</span>
          ) : (
            <span className="font-medium text-muted-foreground italic">Concept</span>
          )}
          {invoice.creditNoteForNumber !== null && (
            <span className="block text-xs text-muted-foreground">
              Creditnota voor {invoice.creditNoteForNumber}
            </span>
          )}
          {invoice.creditNotes.length > 0 && (
            <span className="block text-xs text-muted-foreground">
              Gecrediteerd met {invoice.creditNotes.map((note) => note.invoiceNumber).join(", ")}
            </span>
          )}
        </>
      ),
    },
    {
      header: "Klant",
      from: "sm",
      className: "max-w-56 truncate",
      cell: (invoice) => rowFacts(invoice).clientName,
      folded: (invoice) => <span className="truncate">{rowFacts(invoice).clientName}</span>,
    },
    {
      header: "Factuurdatum",
      from: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (invoice) => formatDate(invoice.issueDate),
    },
    {
      header: "Vervaldatum",
      from: "md",
      className: "whitespace-nowrap tabular-nums",
      cell: (invoice) => formatDate(invoice.dueDate),
      folded: (invoice) => `vervalt ${formatDate(invoice.dueDate)}`,
    },
    {
      header: "Bedrag",
      align: "right",
      cell: (invoice) => {
        const { total, open } = rowFacts(invoice);
        // A partly settled invoice shows what is still open; an overpaid one what goes back to the client.
        const isPartlyOpen = isIssuedInvoice(invoice) && open > 0 && open !== total;
        return (
          <>
            <span className="font-medium">{euro(invoice.total)}</span>
            {isPartlyOpen && (
              <span className="block text-xs text-muted-foreground">Open: {formatEuro(open)}</span>
            )}
            {open < 0 && (
              <span
                className="block text-xs font-medium text-amber-800"
                title="De klant heeft te veel betaald"
              >
                Tegoed: {formatEuro(-open)}
              </span>
            )}
          </>
        );
      },
    },
    {
      header: "Status",
      from: "sm",
      cell: (invoice) => (
        <InvoiceStatus invoice={invoice} isFullyCredited={rowFacts(invoice).isFullyCredited} />
      ),
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-2 py-2 text-right",
      cell: (invoice) => <InvoiceActions invoice={invoice} {...actions} />,
    },
  ];
}

/** The row's menu: look, download, send, edit, pay, credit or delete, as far as the invoice's state allows. */
function InvoiceActions({
  invoice,
  onView,
  onEdit,
  onSendMark,
  onPay,
  onCredit,
  onSend,
  onDelete,
}: RowActions & { invoice: Invoice }) {
  const isDraft = invoice.status === "draft";
  const { open, isFullyCredited, clientName } = rowFacts(invoice);
  const canCredit = isIssuedInvoice(invoice) && !isFullyCredited;
  const payment = paymentAction(invoice);
  const actionsLabel = invoice.invoiceNumber
    ? `Acties voor ${invoice.invoiceNumber}`
    : `Acties voor concept aan ${clientName} van ${formatDate(invoice.issueDate)}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={actionsLabel}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onView(invoice)}>
          <Eye aria-hidden />
          Bekijken
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={invoicePdfUrl(invoice.id)} download>
            <Download aria-hidden />
            PDF downloaden
          </a>
        </DropdownMenuItem>
        {!isDraft && (
          <DropdownMenuItem asChild>
            <a href={invoiceUblUrl(invoice.id)} download>
              <FileCode aria-hidden />
              E-factuur (UBL) downloaden
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onSend(invoice)}>
          <Mail aria-hidden />
          {isDraft ? "Versturen per e-mail" : "Opnieuw versturen"}
        </DropdownMenuItem>
        {isDraft && (
          <DropdownMenuItem onSelect={() => onEdit(invoice)}>
            <Pencil aria-hidden />
            Bewerken
          </DropdownMenuItem>
        )}
        {isDraft && (
          <DropdownMenuItem onSelect={() => onSendMark(invoice)}>
            <Send aria-hidden />
            Markeren als verstuurd
          </DropdownMenuItem>
        )}
        {payment && (
          <DropdownMenuItem onSelect={() => onPay(invoice)}>
            {open > 0 ? <Wallet aria-hidden /> : <CheckCircle2 aria-hidden />}
            {payment}
          </DropdownMenuItem>
        )}
        {canCredit && (
          <DropdownMenuItem onSelect={() => onCredit(invoice)}>
            <Undo2 aria-hidden />
            Crediteren
          </DropdownMenuItem>
        )}
        {isDraft && (
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(invoice)}>
            <Trash2 aria-hidden />
            Verwijderen
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The status badge ('Gecrediteerd' when credit notes took off the whole total) and the day it was paid. */
function InvoiceStatus({ invoice, isFullyCredited }: { invoice: Invoice; isFullyCredited: boolean }) {
  return (
    <>
      {isFullyCredited ? (
        <Badge variant="muted">Gecrediteerd</Badge>
      ) : (
        <Badge variant={STATUS_BADGE[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
      )}
      {invoice.status === "paid" && !isFullyCredited && invoice.paidDate && (
        <span className="mt-1 block text-xs whitespace-nowrap text-muted-foreground">
          op {formatDate(invoice.paidDate)}
        </span>
      )}
    </>
  );
}
