import type { Client } from "@shared/schemas/clients";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Spinner } from "@client/components/ui/spinner";
import { toast } from "@client/lib/toast";
import { useDeleteClient } from "./api";

interface DeleteClientDialogProps {
  /** The client to delete; the dialog is open while there is one. */
  client: Client | undefined;
  onClose: () => void;
}

/** Spec §2.16: deleting asks first, and says what happens to what is linked to the client. */
export function DeleteClientDialog({ client, onClose }: DeleteClientDialogProps) {
  const deleteClient = useDeleteClient();

  const confirm = async () => {
    if (!client) return;
    try {
      await deleteClient.mutateAsync(client.id);
      toast({ title: "Klant succesvol verwijderd" });
      onClose();
    } catch {
      toast({ variant: "destructive", title: "Fout", description: "Kon klant niet verwijderen" });
    }
  };

  return (
    <Dialog
      open={client !== undefined}
      onOpenChange={(open) => {
        if (!open && !deleteClient.isPending) onClose();
      }}
    >
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Klant verwijderen?</DialogTitle>
          <DialogDescription>
            Weet u zeker dat u <strong className="font-semibold text-foreground">{client?.name}</strong> wilt
            verwijderen? Gekoppelde projecten, facturen en transacties blijven bewaard, maar zijn daarna niet
            meer aan deze klant gekoppeld.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={deleteClient.isPending}>
            Annuleren
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={deleteClient.isPending}>
            {deleteClient.isPending && <Spinner />}
            Verwijderen
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
