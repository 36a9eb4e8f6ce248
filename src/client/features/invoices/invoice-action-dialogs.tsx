import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { Invoice } from "@shared/schemas/invoices";
import { ConfirmDeleteDialog } from "@client/components/ui/confirm-delete-dialog";
import { useDeleteInvoice } from "./api";

interface ActionDialogProps {
  /** The invoice acted on; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
}

/** Only drafts can be deleted; a draft has no number yet, so none is skipped in the series. */
export function DeleteInvoiceDialog({ invoice, onClose }: ActionDialogProps) {
  const deleteInvoice = useDeleteInvoice();
  return (
    <ConfirmDeleteDialog
      record={invoice}
      onClose={onClose}
      title="Conceptfactuur verwijderen?"
      describe={(draft) => (
        <>
          Weet je zeker dat je het concept voor{" "}
          <strong className="font-semibold text-foreground">{draft.clientName ?? "Onbekende klant"}</strong>{" "}
          van {formatDate(draft.issueDate)} ({formatEuro(parseCents(draft.total) ?? 0)}) wilt verwijderen?
        </>
      )}
      onDelete={deleteInvoice.mutateAsync}
      isDeleting={deleteInvoice.isPending}
      deletedTitle="Factuur verwijderd"
    />
  );
}
