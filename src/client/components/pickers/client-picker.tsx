import { useState, type Ref } from "react";
import type { Client, ClientRole } from "@shared/schemas/clients";
import { Combobox, type ComboboxOption } from "@client/components/ui/combobox";
import type { FormControlProps } from "@client/components/ui/form-field";
import { RESULTS_LABEL, SEARCHING_TEXT, type PickerTexts } from "./picker-texts";
import { useChosenRecord, usePickerSearch } from "./use-picker-search";

const DUTCH_TEXTS: PickerTexts = {
  placeholder: "Zoek een klant",
  emptyText: "Geen klanten gevonden",
  loadingText: SEARCHING_TEXT,
  listLabel: RESULTS_LABEL,
};

interface ClientPickerProps extends Partial<FormControlProps> {
  /** The chosen client's id; "" is none. */
  value: string;
  /** The chosen id ("" for none), with the client when its record is at hand. */
  onChange: (clientId: string, client: Client | undefined) => void;
  /** The chosen client's name when the screen has it already (the invoice being edited): shown at once. */
  selectedName?: string | null | undefined;
  texts?: Partial<PickerTexts>;
  /** Lists only customers (the invoice forms) or only suppliers (purchase invoices); without it, everyone. */
  role?: ClientRole | undefined;
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  disabled?: boolean;
}

const toOption = (client: Pick<Client, "id" | "name">): ComboboxOption => ({
  value: client.id,
  label: client.name,
});

/** Choose one of the user's clients by typing part of the name; the server searches, 20 at a time. */
export function ClientPicker({ value, onChange, selectedName, texts, role, ...control }: ClientPickerProps) {
  const search = usePickerSearch<Client>("/api/clients", { role });
  const [chosen, setChosen] = useState<Client>();
  const known = chosen?.id === value ? chosen : search.matches.find((client) => client.id === value);
  const fetched = useChosenRecord<Client>("/api/clients", value, Boolean(known ?? selectedName));
  const record = known ?? fetched;
  const selected =
    value === ""
      ? undefined
      : record
        ? toOption(record)
        : selectedName
          ? toOption({ id: value, name: selectedName })
          : undefined;

  return (
    <Combobox
      {...control}
      {...DUTCH_TEXTS}
      {...texts}
      value={value}
      selected={selected}
      options={search.matches.map(toOption)}
      isLoading={search.isLoading}
      onSearchChange={search.onSearchChange}
      onOpenChange={search.onOpenChange}
      onSelect={(option) => {
        const id = option?.value ?? "";
        const client =
          search.matches.find((candidate) => candidate.id === id) ?? (record?.id === id ? record : undefined);
        setChosen(client);
        onChange(id, client);
      }}
    />
  );
}
