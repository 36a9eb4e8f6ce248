import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { formatAmount } from "@shared/format";
import { parseCents } from "@shared/money";
import {
  DEPRECIATION_FREQUENCY_LABELS,
  FixedAssetInputSchema,
  type FixedAsset,
  type FixedAssetFormInput,
  type FixedAssetInput,
} from "@shared/schemas/fixed-assets";
import { DEPRECIATION_FREQUENCIES } from "@shared/depreciation";
import { AmountInput } from "@client/components/ui/amount-input";
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
import { inputClassName } from "@client/components/ui/input-class-name";
import { Select } from "@client/components/ui/select";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useSaveFixedAsset } from "./api";

const FIELD_NAMES = [
  "name",
  "purchaseDate",
  "cost",
  "residualValue",
  "usefulLifeMonths",
  "frequency",
  "notes",
] as const;

/** The amounts as the user types them: with a decimal comma. */
const amountText = (decimal: string) => formatAmount(parseCents(decimal) ?? 0);

function toFormValues(asset: FixedAsset | undefined): FixedAssetFormInput {
  return {
    name: asset?.name ?? "",
    purchaseDate: asset?.purchaseDate ?? "",
    cost: asset ? amountText(asset.cost) : "",
    residualValue: asset && asset.residualValue !== "0.00" ? amountText(asset.residualValue) : "",
    usefulLifeMonths: asset ? String(asset.usefulLifeMonths) : "",
    frequency: asset?.frequency ?? "monthly",
    notes: asset?.notes ?? "",
  };
}

interface AssetFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The asset to edit; without it the dialog adds one. */
  asset: FixedAsset | undefined;
}

/** Adding or changing an investment: what it is, when it was bought, for how much and for how long. */
export function AssetFormDialog({ open, onOpenChange, asset }: AssetFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg gap-6">
        <DialogHeader>
          <DialogTitle>{asset ? "Investering bewerken" : "Nieuwe investering"}</DialogTitle>
          <DialogDescription>
            Balans schrijft de aanschafwaarde in gelijke delen af tot de restwaarde, vanaf de maand van
            aanschaf.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by asset, so opening another asset starts from its values. */}
        <AssetForm key={asset?.id ?? "new"} asset={asset} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AssetForm({ asset, onDone }: { asset: FixedAsset | undefined; onDone: () => void }) {
  const save = useSaveFixedAsset();
  const form = useForm<FixedAssetFormInput, unknown, FixedAssetInput>({
    resolver: zodResolver(FixedAssetInputSchema),
    defaultValues: toFormValues(asset),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: asset?.id, input });
      toast({ title: asset ? "Investering bijgewerkt" : "Investering toegevoegd" });
      onDone();
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={asset ? "Investering bewerken" : "Nieuwe investering"}
      className="flex flex-col gap-4"
    >
      <FormField label="Naam" hint="Bijvoorbeeld Laptop of Bureaustoel" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Aanschafdatum" error={errors.purchaseDate?.message}>
          <Input type="date" {...form.register("purchaseDate")} />
        </FormField>
        <FormField label="Aanschafwaarde" hint="Exclusief aftrekbare btw" error={errors.cost?.message}>
          <AmountInput {...form.register("cost")} />
        </FormField>
        <FormField
          label="Levensduur in maanden"
          hint="Bijvoorbeeld 36 voor een laptop, 60 voor meubilair"
          error={errors.usefulLifeMonths?.message}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="36"
            {...form.register("usefulLifeMonths")}
          />
        </FormField>
        <FormField
          label="Restwaarde"
          optional
          hint="Wat het aan het eind nog waard is"
          error={errors.residualValue?.message}
        >
          <AmountInput {...form.register("residualValue")} />
        </FormField>
      </div>
      <FormField label="Afschrijven" error={errors.frequency?.message}>
        <Select {...form.register("frequency")}>
          {DEPRECIATION_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {DEPRECIATION_FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Notitie" optional error={errors.notes?.message}>
        <textarea
          rows={2}
          className={cn(inputClassName, "h-auto min-h-16 resize-y")}
          {...form.register("notes")}
        />
      </FormField>
      <DialogFormFooter submitLabel="Opslaan" isPending={save.isPending} onCancel={onDone} />
    </form>
  );
}
