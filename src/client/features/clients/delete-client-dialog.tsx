import type { Client } from "@shared/schemas/clients";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
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
    <ConfirmDialog
      open={client !== undefined}
      onClose={onClose}
      title="Klant verwijderen?"
      description={
        <>
          Weet je zeker dat je <strong className="font-semibold text-foreground">{client?.name}</strong> wilt
          verwijderen? Gekoppelde projecten, facturen en transacties blijven bewaard, maar zijn daarna niet
          meer aan deze klant gekoppeld.
        </>
      }
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={deleteClient.isPending}
    />
  );
}
