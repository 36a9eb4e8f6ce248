import { useId } from "react";
import { Label } from "@client/components/ui/label";
import { Switch } from "@client/components/ui/switch";
import { usePreferences, useSavePreferences } from "@client/lib/preferences";

/**
 * Whether amounts are typed including VAT (a receipt of € 35,00 is then booked as exactly € 35,00), as the user
 * last chose on any device. The specification's entry excluding VAT is the default.
 */
export function useAmountEntry() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  return {
    includesVat: preferences.data?.amountsIncludeVat ?? false,
    setIncludesVat: (amountsIncludeVat: boolean) => save.mutate({ amountsIncludeVat }),
  };
}

export const amountLabel = (includesVat: boolean) => (includesVat ? "Bedrag incl. BTW" : "Bedrag excl. BTW");

/** The switch between typing amounts excluding and including VAT. */
export function AmountEntrySwitch({
  includesVat,
  onChange,
}: {
  includesVat: boolean;
  onChange: (includesVat: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={includesVat} onCheckedChange={onChange} />
      <Label htmlFor={id} className="font-normal">
        Bedragen incl. BTW invoeren
      </Label>
    </div>
  );
}
