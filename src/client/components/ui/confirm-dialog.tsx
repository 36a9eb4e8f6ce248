import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { Spinner } from "./spinner";

interface ConfirmDialogProps {
  open: boolean;
  /** Annuleren, Escape or a click outside; not while the action is pending. */
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Shown between the description and the buttons, e.g. the record concerned. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void | Promise<void>;
  isPending: boolean;
  /** The red button; false when confirming creates or keeps something (a credit note, a long time entry). */
  isDestructive?: boolean;
}

/** Asks before an action; while the action runs the dialog stays open and its button shows a spinner. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  children,
  confirmLabel,
  onConfirm,
  isPending,
  isDestructive = true,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isPending) onClose();
      }}
    >
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Annuleren
          </Button>
          <Button
            variant={isDestructive ? "destructive" : "default"}
            onClick={() => void onConfirm()}
            disabled={isPending}
          >
            {isPending && <Spinner />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
