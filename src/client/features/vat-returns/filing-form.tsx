import type { FormEventHandler } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";

/** The day a return or a suppletie was filed and the Belastingdienst's reference: the same two fields for both. */
export function FilingForm({
  label,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
  today,
  filedOn,
  reference,
  errors,
}: {
  label: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  today: string;
  filedOn: UseFormRegisterReturn;
  reference: UseFormRegisterReturn;
  errors: { filedOn?: string | undefined; reference?: string | undefined };
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-4">
      <FormField label="Datum van indienen" error={errors.filedOn}>
        <Input type="date" max={today} {...filedOn} />
      </FormField>
      <FormField
        label="Kenmerk"
        hint="Het kenmerk uit de bevestiging van de Belastingdienst"
        error={errors.reference}
      >
        <Input autoComplete="off" {...reference} />
      </FormField>
      <DialogFormFooter submitLabel={submitLabel} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
