import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import type { Invoice } from "@shared/schemas/invoices";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { toast, toastError } from "@client/lib/toast";
import { useDeleteInvoice } from "./api";

interface ActionDialogProps {
  /** The invoice acted on; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
}

/** Only drafts can be deleted; a draft has no number yet, so none is skipped in the series. */
export function DeleteInvoiceDialog({ invoice, onClose }: ActionDialogProps) {
  const deleteInvoice = useDeleteInvoice();
  const confirm = async () => {
    if (!invoice) return;
    try {
      await deleteInvoice.mutateAsync(invoice.id);
      toast({ title: "Factuur verwijderd" });
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConfirmDialog
      open={invoice !== undefined}
      onClose={onClose}
      title="Conceptfactuur verwijderen?"
      description={
        invoice && (
          <>
            Weet je zeker dat je het concept voor{" "}
            <strong className="font-semibold text-foreground">
              {invoice.clientName ?? "Onbekende klant"}
            </strong>{" "}
            van {formatDate(invoice.issueDate)} ({formatEuro(parseCents(invoice.total) ?? 0)}) wilt
            verwijderen?
          </>
        )
      }
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={deleteInvoice.isPending}
    />
  );
}
