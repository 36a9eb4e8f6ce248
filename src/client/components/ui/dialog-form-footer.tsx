import type { ReactNode } from "react";
import { Button } from "./button";
import { DialogFooter } from "./dialog";
import { Spinner } from "./spinner";

interface DialogFormFooterProps {
  /** The submit button's text. */
  submitLabel: ReactNode;
  isPending: boolean;
  onCancel: () => void;
  /** The invoice form is in English and says 'Cancel'. */
  cancelLabel?: string;
}

/** The buttons under a form in a dialog; both are disabled while the form is being saved. */
export function DialogFormFooter({
  submitLabel,
  isPending,
  onCancel,
  cancelLabel = "Annuleren",
}: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={isPending}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending && <Spinner />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
