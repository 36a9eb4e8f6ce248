import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  VatFilingInputSchema,
  type VatFilingFormInput,
  type VatFilingInput,
} from "@shared/schemas/vat-returns";
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
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";

const FIELD_NAMES = ["filedOn", "reference"] as const;

/**
 * The day a return or a suppletie was filed and the Belastingdienst's reference: the same dialog for both. A
 * suppletie asks for the same two fields, so the return's schema checks them here and the server checks it whole.
 */
export function FilingDialog({
  open,
  onOpenChange,
  today,
  title,
  description,
  label,
  submitLabel,
  doneTitle,
  isPending,
  onFile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  title: string;
  description: ReactNode;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The toast once it is recorded. */
  doneTitle: string;
  isPending: boolean;
  onFile: (input: VatFilingInput) => Promise<unknown>;
}) {
  const form = useForm<VatFilingFormInput, unknown, VatFilingInput>({
    resolver: zodResolver(VatFilingInputSchema),
    defaultValues: { filedOn: today, reference: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await onFile(input);
      toast({ title: doneTitle });
      onOpenChange(false);
      form.reset({ filedOn: today, reference: "" });
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md gap-6">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-4">
          <FormField label="Datum van indienen" error={errors.filedOn?.message}>
            <Input type="date" max={today} {...form.register("filedOn")} />
          </FormField>
          <FormField
            label="Kenmerk"
            hint="Het kenmerk uit de bevestiging van de Belastingdienst"
            error={errors.reference?.message}
          >
            <Input autoComplete="off" {...form.register("reference")} />
          </FormField>
          <DialogFormFooter
            submitLabel={submitLabel}
            isPending={isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
