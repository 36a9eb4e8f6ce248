import { useState } from "react";
import { businessDate } from "@shared/dates";
import type { Invoice } from "@shared/schemas/invoices";
import { Checkbox } from "@client/components/ui/checkbox";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { useCreditInvoice, useDeleteInvoice, useMarkInvoicePaid } from "./api";

interface ActionDialogProps {
  /** The invoice acted on; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
}

/** Mark as paid, with the day the money came in (default today). */
export function MarkPaidDialog({ invoice, onClose }: ActionDialogProps) {
  return (
    <Dialog open={invoice !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Markeren als betaald</DialogTitle>
          <DialogDescription>
            Wanneer heeft de klant factuur {invoice?.invoiceNumber} betaald?
          </DialogDescription>
        </DialogHeader>
        {invoice && <MarkPaidForm key={invoice.id} invoice={invoice} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function MarkPaidForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const markPaid = useMarkInvoicePaid();
  const [paidDate, setPaidDate] = useState(() => businessDate(new Date()));
  const [bookTransaction, setBookTransaction] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await markPaid.mutateAsync({ id: invoice.id, input: { paidDate, bookTransaction } });
      toast({ title: "Factuur gemarkeerd als betaald" });
      onClose();
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.fieldErrors?.paidDate
          ? caught.fieldErrors.paidDate
          : getErrorMessage(caught);
      setError(message);
      toast({ variant: "destructive", title: "Fout", description: message });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <FormField label="Betaaldatum" error={error}>
        <Input type="date" value={paidDate} onChange={(event) => setPaidDate(event.target.value)} />
      </FormField>
      <Checkbox
        id={`book-payment-${invoice.id}`}
        label="Ook als banktransactie boeken"
        description="Op je standaardrekening, gekoppeld aan de factuur. De omzet telt niet dubbel: die is al geboekt met de factuur."
        checked={bookTransaction}
        onChange={(event) => setBookTransaction(event.target.checked)}
      />
      <DialogFormFooter
        submitLabel="Markeren als betaald"
        isPending={markPaid.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

/** A credit note cancels a sent invoice; it is issued at once, so ask first. */
export function CreditInvoiceDialog({ invoice, onClose }: ActionDialogProps) {
  const creditInvoice = useCreditInvoice();
  const confirm = async () => {
    if (!invoice) return;
    try {
      const note = await creditInvoice.mutateAsync(invoice.id);
      toast({
        title: "Creditnota aangemaakt",
        description: `${note.invoiceNumber} crediteert ${invoice.invoiceNumber}.`,
      });
      onClose();
    } catch (error) {
      toast({ variant: "destructive", title: "Fout", description: getErrorMessage(error) });
    }
  };
  return (
    <ConfirmDialog
      open={invoice !== undefined}
      onClose={onClose}
      title="Creditnota maken?"
      description={
        <>
          Er wordt een creditnota gemaakt met alle regels van factuur{" "}
          <strong className="font-semibold text-foreground">{invoice?.invoiceNumber}</strong> negatief, met
          een verwijzing naar deze factuur. De creditnota krijgt het volgende nummer en geldt meteen als
          verstuurd.
        </>
      }
      confirmLabel="Creditnota maken"
      onConfirm={confirm}
      isPending={creditInvoice.isPending}
      isDestructive={false}
    />
  );
}

/** Only drafts can be deleted; the number it had stays used (numbers are never reused). */
export function DeleteInvoiceDialog({ invoice, onClose }: ActionDialogProps) {
  const deleteInvoice = useDeleteInvoice();
  const confirm = async () => {
    if (!invoice) return;
    try {
      await deleteInvoice.mutateAsync(invoice.id);
      toast({ title: "Factuur verwijderd" });
      onClose();
    } catch (error) {
      toast({ variant: "destructive", title: "Fout", description: getErrorMessage(error) });
    }
  };
  return (
    <ConfirmDialog
      open={invoice !== undefined}
      onClose={onClose}
      title="Conceptfactuur verwijderen?"
      description={
        <>
          Weet je zeker dat je{" "}
          <strong className="font-semibold text-foreground">{invoice?.invoiceNumber}</strong> wilt
          verwijderen? Het factuurnummer wordt niet opnieuw gebruikt.
        </>
      }
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={deleteInvoice.isPending}
    />
  );
}
