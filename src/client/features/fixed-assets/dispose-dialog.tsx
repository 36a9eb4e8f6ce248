import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import {
  DisposeFixedAssetInputSchema,
  type DisposeFixedAssetFormInput,
  type DisposeFixedAssetInput,
  type FixedAsset,
} from "@shared/schemas/fixed-assets";
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
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useDisposeFixedAsset } from "./api";

const FIELD_NAMES = ["disposalDate", "disposalAmount"] as const;

interface DisposeDialogProps {
  asset: FixedAsset | undefined;
  onClose: () => void;
}

/** Selling or scrapping an asset: its book value is written off on the day, against what it brought in. */
export function DisposeDialog({ asset, onClose }: DisposeDialogProps) {
  return (
    <Dialog open={asset !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg gap-6">
        <DialogHeader>
          <DialogTitle>{asset ? `${asset.name} verkopen of afvoeren` : "Verkopen of afvoeren"}</DialogTitle>
          <DialogDescription>
            De boekwaarde gaat op de verkoopdatum van de balans; het verschil met de opbrengst is je boekwinst
            of boekverlies. Boek het geld van de verkoop zelf, met btw, op de categorie Verkoop investeringen.
          </DialogDescription>
        </DialogHeader>
        {asset && <DisposeForm key={asset.id} asset={asset} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DisposeForm({ asset, onDone }: { asset: FixedAsset; onDone: () => void }) {
  const dispose = useDisposeFixedAsset();
  const form = useForm<DisposeFixedAssetFormInput, unknown, DisposeFixedAssetInput>({
    resolver: zodResolver(DisposeFixedAssetInputSchema),
    defaultValues: { disposalDate: businessDate(new Date()), disposalAmount: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const sold = await dispose.mutateAsync({ id: asset.id, input });
      const result = parseCents(sold.disposalResult ?? "0") ?? 0;
      toast({
        title: `${asset.name} is afgeboekt`,
        description:
          sold.state !== "disposed"
            ? `De verkoop wordt op ${formatDate(sold.disposalDate!)} geboekt.`
            : result > 0
              ? `Boekverlies ${formatEuro(result)}`
              : result < 0
                ? `Boekwinst ${formatEuro(-result)}`
                : "Geen boekwinst of -verlies",
      });
      onDone();
    } catch (error) {
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Verkopen of afvoeren" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Datum van verkoop" error={errors.disposalDate?.message}>
          <Input type="date" {...form.register("disposalDate")} />
        </FormField>
        <FormField
          label="Opbrengst"
          optional
          hint="Exclusief btw; leeg als je het afvoert"
          error={errors.disposalAmount?.message}
        >
          <AmountInput {...form.register("disposalAmount")} />
        </FormField>
      </div>
      <DialogFormFooter submitLabel="Afboeken" isPending={dispose.isPending} onCancel={onDone} />
    </form>
  );
}
