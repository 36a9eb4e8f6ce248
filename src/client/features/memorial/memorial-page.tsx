import { useState } from "react";
import { Eye, Lock, NotebookPen, Pencil, Trash2 } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { MemorialEntrySummary } from "@shared/schemas/memorial";
import { ListPage } from "@client/components/layout/list-page";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { ConfirmDeleteDialog } from "@client/components/ui/confirm-delete-dialog";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { useLinkedAction } from "@client/lib/linked-action";
import { toast, toastError } from "@client/lib/toast";
import { useDeleteMemorialEntry, useLockMemorialEntry, useMemorialEntries } from "./api";
import { EntryDialog } from "./entry-dialog";

const money = (amount: string) => formatEuro(parseCents(amount) ?? 0);
const nameOf = (entry: MemorialEntrySummary) => `memoriaal ${entry.number}`;

/** Memoriaal: the entries made by hand, newest first, with the dialog to make, change, lock or delete one. */
export function MemorialPage() {
  const entries = useMemorialEntries();
  const [dialog, setDialog] = useState<{ open: boolean; entryId?: string | undefined }>({ open: false });
  const [toLock, setToLock] = useState<MemorialEntrySummary | undefined>();
  const [toDelete, setToDelete] = useState<MemorialEntrySummary | undefined>();
  const openNew = () => setDialog({ open: true });
  useLinkedAction("nieuw", openNew);
  const open = (entry: MemorialEntrySummary) => setDialog({ open: true, entryId: entry.id });

  return (
    <ListPage
      title="Memoriaal"
      description="Boekingen die je zelf maakt: correcties en herindelingen tussen grootboekrekeningen."
      addLabel="Nieuwe boeking"
      onAdd={openNew}
      query={entries}
      loadingText="Memoriaalboekingen laden..."
      errorTitle="De memoriaalboekingen konden niet worden geladen"
      empty={{
        icon: NotebookPen,
        title: "Nog geen memoriaalboekingen",
        description:
          "Met een memoriaalboeking corrigeer je de boekhouding zelf, bijvoorbeeld een uitgave die op de verkeerde kostenrekening staat. Debet en credit zijn altijd gelijk.",
        addLabel: "Eerste boeking maken",
      }}
      renderRows={(rows) => (
        <ResponsiveTable
          caption="Memoriaalboekingen"
          columns={columns({ onOpen: open, onLock: setToLock, onDelete: setToDelete })}
          rows={rows}
          rowKey={(entry) => entry.id}
        />
      )}
    >
      <EntryDialog
        open={dialog.open}
        entryId={dialog.entryId}
        onOpenChange={(isOpen) => setDialog((current) => ({ ...current, open: isOpen }))}
      />
      <LockDialog entry={toLock} onClose={() => setToLock(undefined)} />
      <DeleteDialog entry={toDelete} onClose={() => setToDelete(undefined)} />
    </ListPage>
  );
}

type Actions = {
  onOpen: (entry: MemorialEntrySummary) => void;
  onLock: (entry: MemorialEntrySummary) => void;
  onDelete: (entry: MemorialEntrySummary) => void;
};

/** On a phone the description, the amount and the actions stay; number, date and status go under it. */
function columns(actions: Actions): TableColumn<MemorialEntrySummary>[] {
  return [
    {
      header: "Nummer",
      from: "sm",
      className: "tabular-nums text-muted-foreground",
      cell: (entry) => entry.number,
      folded: (entry) => `Nr. ${entry.number}`,
    },
    {
      header: "Datum",
      from: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (entry) => formatDate(entry.date),
    },
    {
      header: "Omschrijving",
      isMain: true,
      cell: (entry) => (
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="max-w-full truncate font-medium">{entry.description}</span>
          {entry.vatRubriek === "1d" && (
            <Badge variant="muted" className="shrink-0">
              Privégebruik (1d)
            </Badge>
          )}
        </span>
      ),
    },
    {
      header: "Bedrag",
      align: "right",
      cell: (entry) => money(entry.total),
    },
    {
      header: "Status",
      from: "sm",
      cell: (entry) => (entry.lockedAt ? <Badge variant="muted">Vastgezet</Badge> : null),
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-1 py-1.5",
      cell: (entry) => <EntryActions entry={entry} {...actions} />,
    },
  ];
}

function EntryActions({ entry, onOpen, onLock, onDelete }: Actions & { entry: MemorialEntrySummary }) {
  const name = nameOf(entry);
  if (entry.lockedAt) {
    return (
      <div className="flex justify-end">
        <Button variant="ghost" size="icon-sm" onClick={() => onOpen(entry)} aria-label={`Bekijk ${name}`}>
          <Eye aria-hidden />
        </Button>
      </div>
    );
  }
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
      <Button variant="ghost" size="icon-sm" onClick={() => onOpen(entry)} aria-label={`Bewerk ${name}`}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon-sm" onClick={() => onLock(entry)} aria-label={`Zet ${name} vast`}>
        <Lock aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onDelete(entry)}
        aria-label={`Verwijder ${name}`}
        className="text-destructive hover:bg-red-50 hover:text-destructive"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function LockDialog({ entry, onClose }: { entry: MemorialEntrySummary | undefined; onClose: () => void }) {
  const lock = useLockMemorialEntry();
  const confirm = async () => {
    if (!entry) return;
    try {
      await lock.mutateAsync(entry.id);
      toast({ title: `Memoriaal ${entry.number} is vastgezet` });
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConfirmDialog
      open={entry !== undefined}
      onClose={onClose}
      title="Boeking vastzetten?"
      description={
        entry && (
          <>
            <strong className="text-foreground">Memoriaal {entry.number}</strong> ({entry.description}) kan
            daarna niet meer worden gewijzigd of verwijderd. Een fout herstel je dan met een nieuwe boeking.
          </>
        )
      }
      confirmLabel="Vastzetten"
      onConfirm={confirm}
      isPending={lock.isPending}
      isDestructive={false}
    />
  );
}

function DeleteDialog({ entry, onClose }: { entry: MemorialEntrySummary | undefined; onClose: () => void }) {
  const remove = useDeleteMemorialEntry();
  return (
    <ConfirmDeleteDialog
      record={entry}
      onClose={onClose}
      title="Boeking verwijderen?"
      describe={(record) => (
        <>
          <strong className="text-foreground">Memoriaal {record.number}</strong> ({record.description}) en de
          regels ervan verdwijnen uit de boekhouding. Dit kan niet ongedaan worden gemaakt.
        </>
      )}
      onDelete={remove.mutateAsync}
      isDeleting={remove.isPending}
      deletedTitle="Memoriaalboeking verwijderd"
    />
  );
}
