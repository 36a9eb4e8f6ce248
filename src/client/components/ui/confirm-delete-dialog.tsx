import type { ReactNode } from "react";
import { toast, toastError } from "@client/lib/toast";
import { ConfirmDialog } from "./confirm-dialog";

interface ConfirmDeleteDialogProps<TRecord extends { id: string }> {
  /** The record to delete; the dialog is open while there is one. */
  record: TRecord | undefined;
  onClose: () => void;
  title: string;
  /** What is deleted, and what follows from it. */
  describe: (record: TRecord) => ReactNode;
  onDelete: (id: string) => Promise<unknown>;
  isDeleting: boolean;
  /** The toast once it is gone: "Factuur verwijderd". */
  deletedTitle: string;
}

/** Asks before deleting a record; a toast says it is gone, or why it is not (the dialog then stays open). */
export function ConfirmDeleteDialog<TRecord extends { id: string }>({
  record,
  onClose,
  title,
  describe,
  onDelete,
  isDeleting,
  deletedTitle,
}: ConfirmDeleteDialogProps<TRecord>) {
  const confirm = async () => {
    if (!record) return;
    try {
      await onDelete(record.id);
      toast({ title: deletedTitle });
      onClose();
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ConfirmDialog
      open={record !== undefined}
      onClose={onClose}
      title={title}
      description={record && describe(record)}
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={isDeleting}
    />
  );
}
