import { useState } from "react";
import { Link } from "wouter";
import { CircleStop, History, Pause, Pencil, Play, Repeat, Trash2 } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { SCHEDULE_INTERVAL_LABELS } from "@shared/recurrence";
import { APP_ROUTES, recordPath } from "@shared/routes";
import { INVOICE_STATUS_LABELS } from "@shared/schemas/invoices";
import {
  RECURRING_INVOICE_STATUS_LABELS,
  type RecurringInvoice,
  type RecurringInvoiceRun,
  type RecurringInvoiceStatus,
} from "@shared/schemas/recurring-invoices";
import { ListPage } from "@client/components/layout/list-page";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { useLinkedAction } from "@client/lib/linked-action";
import { toast, toastError } from "@client/lib/toast";
import {
  useDeleteRecurringInvoice,
  useRecurringInvoiceRuns,
  useRecurringInvoices,
  useRetryRun,
  useTemplateAction,
  type TemplateAction,
} from "./api";
import { RecurringInvoiceDialog } from "./recurring-invoice-dialog";

const money = (amount: string) => formatEuro(parseCents(amount) ?? 0);

const STATUS_VARIANTS: Readonly<Record<RecurringInvoiceStatus, "success" | "warning" | "muted">> = {
  active: "success",
  paused: "warning",
  ended: "muted",
};

/** How long a template runs, in words: "12 facturen", "tot 30 juni 2027", "doorlopend". */
function scheduleText(template: RecurringInvoice): string {
  const interval = SCHEDULE_INTERVAL_LABELS[template.interval].toLowerCase();
  if (template.invoiceCount !== null) return `${interval}, ${template.invoiceCount} facturen`;
  if (template.endDate !== null) return `${interval}, t/m ${formatDate(template.endDate)}`;
  return `${interval}, doorlopend`;
}

/** Abonnementen: the templates with their next date and status, their history, and the form. */
export function RecurringInvoicesPage() {
  const templates = useRecurringInvoices();
  const [editing, setEditing] = useState<{ open: boolean; template?: RecurringInvoice | undefined }>({
    open: false,
  });
  const [history, setHistory] = useState<RecurringInvoice | undefined>();
  const [confirming, setConfirming] = useState<{ template: RecurringInvoice; action: "end" | "delete" }>();
  const openNew = () => setEditing({ open: true });
  useLinkedAction("nieuw", openNew);

  return (
    <ListPage
      title="Abonnementen"
      description="Facturen die steeds terugkomen: Balans maakt ze elke week, maand, kwartaal of jaar zelf, op de juiste dag."
      addLabel="Nieuw abonnement"
      onAdd={openNew}
      query={templates}
      loadingText="Abonnementen laden..."
      errorTitle="De abonnementen konden niet worden geladen"
      empty={{
        icon: Repeat,
        title: "Nog geen abonnementen",
        description:
          "Factureer je een klant elke maand hetzelfde, zoals onderhoud, hosting of een vast aantal uren? Maak een abonnement en Balans maakt de facturen voortaan zelf.",
        addLabel: "Eerste abonnement maken",
      }}
      renderRows={(rows) => (
        <ResponsiveTable
          caption="Abonnementen"
          columns={columns({
            onEdit: (template) => setEditing({ open: true, template }),
            onHistory: setHistory,
            onEnd: (template) => setConfirming({ template, action: "end" }),
            onDelete: (template) => setConfirming({ template, action: "delete" }),
          })}
          rows={rows}
          rowKey={(template) => template.id}
        />
      )}
    >
      <RecurringInvoiceDialog
        open={editing.open}
        template={editing.template}
        onOpenChange={(isOpen) => setEditing((current) => ({ ...current, open: isOpen }))}
      />
      <HistoryDialog template={history} onClose={() => setHistory(undefined)} />
      <EndOrDeleteDialog state={confirming} onClose={() => setConfirming(undefined)} />
    </ListPage>
  );
}

type Actions = {
  onEdit: (template: RecurringInvoice) => void;
  onHistory: (template: RecurringInvoice) => void;
  onEnd: (template: RecurringInvoice) => void;
  onDelete: (template: RecurringInvoice) => void;
};

/** On a phone the description, the amount and the actions stay; the rest folds under the description. */
function columns(actions: Actions): TableColumn<RecurringInvoice>[] {
  return [
    {
      header: "Abonnement",
      isMain: true,
      cell: (template) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium">{template.description}</span>
          <span className="truncate text-xs text-muted-foreground">
            {template.clientName ?? "Geen klant"} · {scheduleText(template)}
          </span>
        </span>
      ),
    },
    {
      header: "Volgende factuur",
      from: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (template) => (template.nextDate ? formatDate(template.nextDate) : "—"),
      folded: (template) => (template.nextDate ? `Volgende: ${formatDate(template.nextDate)}` : null),
    },
    {
      header: "Status",
      from: "sm",
      cell: (template) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={STATUS_VARIANTS[template.status]}>
            {RECURRING_INVOICE_STATUS_LABELS[template.status]}
          </Badge>
          {template.failedRuns > 0 && <Badge variant="warning">{template.failedRuns} mislukt</Badge>}
        </span>
      ),
      folded: (template) => RECURRING_INVOICE_STATUS_LABELS[template.status],
    },
    {
      header: "Gemaakt",
      from: "md",
      align: "right",
      className: "tabular-nums",
      cell: (template) => template.invoicesMade,
      folded: (template) => `${template.invoicesMade} gemaakt`,
    },
    {
      header: "Bedrag",
      from: "sm",
      align: "right",
      className: "whitespace-nowrap tabular-nums",
      cell: (template) => money(template.total),
      folded: (template) => `${money(template.total)} per factuur`,
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-1 py-1.5",
      cell: (template) => <TemplateActions template={template} {...actions} />,
    },
  ];
}

function TemplateActions({
  template,
  onEdit,
  onHistory,
  onEnd,
  onDelete,
}: Actions & { template: RecurringInvoice }) {
  const act = useTemplateAction();
  const name = template.description;
  const run = async (action: TemplateAction, done: string) => {
    try {
      await act.mutateAsync({ id: template.id, action });
      toast({ title: done });
    } catch (error) {
      toastError(error);
    }
  };
  const isEnded = template.status === "ended";
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onHistory(template)}
        aria-label={`Facturen van ${name}`}
      >
        <History aria-hidden />
      </Button>
      {!isEnded && (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => onEdit(template)}
            aria-label={`Bewerk ${name}`}
          >
            <Pencil aria-hidden />
          </Button>
          {template.status === "paused" ? (
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={act.isPending}
              onClick={() => void run("resume", `${name} loopt weer`)}
              aria-label={`Hervat ${name}`}
            >
              <Play aria-hidden />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={act.isPending}
              onClick={() => void run("pause", `${name} is gepauzeerd`)}
              aria-label={`Pauzeer ${name}`}
            >
              <Pause aria-hidden />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => onEnd(template)}
            aria-label={`Beëindig ${name}`}
          >
            <CircleStop aria-hidden />
          </Button>
        </>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onDelete(template)}
        aria-label={`Verwijder ${name}`}
        className="text-destructive hover:bg-red-50 hover:text-destructive"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function EndOrDeleteDialog({
  state,
  onClose,
}: {
  state: { template: RecurringInvoice; action: "end" | "delete" } | undefined;
  onClose: () => void;
}) {
  const act = useTemplateAction();
  const remove = useDeleteRecurringInvoice();
  const isEnd = state?.action === "end";
  const confirm = async () => {
    if (!state) return;
    try {
      if (isEnd) await act.mutateAsync({ id: state.template.id, action: "end" });
      else await remove.mutateAsync(state.template.id);
      toast({ title: isEnd ? "Abonnement beëindigd" : "Abonnement verwijderd" });
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConfirmDialog
      open={state !== undefined}
      onClose={onClose}
      title={isEnd ? "Abonnement beëindigen?" : "Abonnement verwijderen?"}
      description={
        state && (
          <>
            <strong className="text-foreground">{state.template.description}</strong>{" "}
            {isEnd
              ? "maakt vanaf vandaag geen facturen meer. De facturen die al gemaakt zijn blijven staan."
              : "en de lijst van gemaakte facturen verdwijnen. De facturen zelf blijven bij Verkoopfacturen staan."}
          </>
        )
      }
      confirmLabel={isEnd ? "Beëindigen" : "Verwijderen"}
      onConfirm={confirm}
      isPending={act.isPending || remove.isPending}
    />
  );
}

/** The invoices a template made, newest first; a failed period shows why and can be tried again. */
function HistoryDialog({
  template,
  onClose,
}: {
  template: RecurringInvoice | undefined;
  onClose: () => void;
}) {
  const runs = useRecurringInvoiceRuns(template?.id);
  return (
    <Dialog open={template !== undefined} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-2xl gap-4">
        <DialogHeader>
          <DialogTitle>Facturen van {template?.description}</DialogTitle>
          <DialogDescription>
            {template?.nextDate
              ? `De volgende factuur wordt gemaakt op ${formatDate(template.nextDate)}.`
              : "Er worden geen facturen meer gemaakt."}
          </DialogDescription>
        </DialogHeader>
        {runs.isPending ? (
          <Skeleton className="h-24" />
        ) : runs.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(runs.error)}
          </p>
        ) : runs.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Er is nog geen factuur gemaakt.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Gemaakte facturen">
            {runs.data.map((run) => (
              <RunItem key={run.id} templateId={template!.id} run={run} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RunItem({ templateId, run }: { templateId: string; run: RecurringInvoiceRun }) {
  const retry = useRetryRun();
  const tryAgain = async () => {
    try {
      const result = await retry.mutateAsync({ id: templateId, runId: run.id });
      if (result.status === "made") toast({ title: "Factuur gemaakt" });
      else
        toast({ variant: "destructive", title: "Nog niet gelukt", description: result.failureReason ?? "" });
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-sm font-medium">{run.periodLabel}</span>
        {run.status === "failed" ? (
          <span className="text-sm text-destructive">{run.failureReason}</span>
        ) : run.invoiceId ? (
          <Link
            href={recordPath(APP_ROUTES.invoices, run.invoiceId)}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {run.invoiceNumber ? `Factuur ${run.invoiceNumber}` : "Conceptfactuur"}
          </Link>
        ) : (
          <span className="text-sm text-muted-foreground">Factuur verwijderd</span>
        )}
      </div>
      <div className="flex items-center gap-2">
        {run.status === "failed" ? (
          <>
            <Badge variant="warning">Mislukt</Badge>
            <Button size="sm" variant="outline" onClick={() => void tryAgain()} disabled={retry.isPending}>
              Opnieuw proberen
            </Button>
          </>
        ) : (
          <>
            {run.invoiceTotal && <span className="text-sm tabular-nums">{money(run.invoiceTotal)}</span>}
            {run.invoiceStatus && <Badge variant="muted">{INVOICE_STATUS_LABELS[run.invoiceStatus]}</Badge>}
          </>
        )}
      </div>
    </li>
  );
}
