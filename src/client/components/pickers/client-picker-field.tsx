import { Controller, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";
import type { Client, ClientRole } from "@shared/schemas/clients";
import { FormField } from "@client/components/ui/form-field";
import { ClientPicker } from "./client-picker";
import type { PickerTexts } from "./picker-texts";

interface ClientPickerFieldProps<TValues extends FieldValues, TParsed extends FieldValues> {
  control: Control<TValues, unknown, TParsed>;
  /** The form field holding the chosen client's id ("" or null for none). */
  name: FieldPathByValue<TValues, string | null | undefined>;
  label: string;
  error?: string | undefined;
  optional?: boolean;
  /** The record being edited: its own client's name shows at once, before (and without) any list of clients. */
  editing?: { clientId: string | null; clientName: string | null } | undefined;
  /** Told the chosen client when its record is at hand, e.g. to follow its VAT. */
  onChoose?: (client: Client | undefined) => void;
  texts?: Partial<PickerTexts>;
  role?: ClientRole | undefined;
}

/** A form's client field: the searchable client picker, labelled and wired to react-hook-form. */
export function ClientPickerField<TValues extends FieldValues, TParsed extends FieldValues = TValues>({
  control,
  name,
  label,
  error,
  optional,
  editing,
  onChoose,
  texts,
  role,
}: ClientPickerFieldProps<TValues, TParsed>) {
  return (
    <FormField label={label} optional={optional} error={error}>
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <ClientPicker
              {...controlProps}
              ref={field.ref}
              value={(field.value as string | null | undefined) ?? ""}
              onChange={(id, client) => {
                field.onChange(id);
                onChoose?.(client);
              }}
              onBlur={field.onBlur}
              selectedName={editing?.clientId === field.value ? editing.clientName : undefined}
              texts={texts}
              role={role}
            />
          )}
        />
      )}
    </FormField>
  );
}
