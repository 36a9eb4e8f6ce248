import { useId, useState } from "react";
import { useFieldArray, useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { addDays, businessDate } from "@shared/dates";
import { formatEuro } from "@shared/format";
import {
  computeTotals,
  parseQuantity,
  VAT_CATEGORIES,
  VAT_CATEGORY_LABELS,
  type VatCategory,
} from "@shared/invoices/math";
import { parseAmount } from "@shared/money";
import { SCHEDULE_INTERVALS, SCHEDULE_INTERVAL_LABELS, type ScheduleInterval } from "@shared/recurrence";
import {
  RecurringInvoiceInputSchema,
  type RecurringInvoice,
  type RecurringInvoiceInput,
} from "@shared/schemas/recurring-invoices";
import { ClientPickerField } from "@client/components/pickers/client-picker-field";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { AmountInput } from "@client/components/ui/amount-input";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast } from "@client/lib/toast";
import { useSaveRecurringInvoice } from "./api";

type LineValues = { description: string; quantity: string; unitPrice: string; vatCategory: VatCategory };
type FormValues = {
  clientId: string;
  description: string;
  interval: ScheduleInterval;
  startDate: string;
  endDate: string;
  invoiceCount: string;
  paymentTermDays: string;
  sendsAtOnce: boolean;
  notes: string;
  items: LineValues[];
};

const FIELDS = [
  "clientId",
  "description",
  "interval",
  "startDate",
  "endDate",
  "invoiceCount",
  "paymentTermDays",
  "notes",
  "items",
] as const;
const LINE_FIELDS = ["description", "quantity", "unitPrice", "vatCategory"] as const;

const emptyLine = (): LineValues => ({ description: "", quantity: "1", unitPrice: "", vatCategory: "21" });

function toFormValues(template: RecurringInvoice | undefined): FormValues {
  if (!template) {
    return {
      clientId: "",
      description: "",
      interval: "monthly",
      startDate: addDays(businessDate(new Date()), 1),
      endDate: "",
      invoiceCount: "",
      paymentTermDays: "14",
      sendsAtOnce: true,
      notes: "",
      items: [emptyLine()],
    };
  }
  return {
    clientId: template.clientId ?? "",
    description: template.description,
    interval: template.interval,
    startDate: template.startDate,
    endDate: template.endDate ?? "",
    invoiceCount: template.invoiceCount === null ? "" : String(template.invoiceCount),
    paymentTermDays: String(template.paymentTermDays),
    sendsAtOnce: template.sendsAtOnce,
    notes: template.notes ?? "",
    items: template.items.map((item) => ({ ...item })),
  };
}

interface RecurringInvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit; without it the dialog makes a new one. */
  template?: RecurringInvoice | undefined;
}

export function RecurringInvoiceDialog({ open, onOpenChange, template }: RecurringInvoiceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-6">
        <DialogHeader>
          <DialogTitle>{template ? "Abonnement bewerken" : "Nieuw abonnement"}</DialogTitle>
          <DialogDescription>
            Balans maakt elke periode op de eerste dag een factuur met deze regels, en verstuurt hem meteen of
            laat hem als concept voor je klaarstaan.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <RecurringInvoiceForm
            key={template ? `${template.id}-${template.startDate}` : "new"}
            template={template}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RecurringInvoiceForm({
  template,
  onDone,
}: {
  template: RecurringInvoice | undefined;
  onDone: () => void;
}) {
  const save = useSaveRecurringInvoice();
  const sendsAtOnceId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, RecurringInvoiceInput>({
    resolver: zodResolver(RecurringInvoiceInputSchema) as never,
    defaultValues: toFormValues(template),
  });
  const { errors } = form.formState;
  const lines = useFieldArray({ control: form.control, name: "items" });
  const items = useWatch({ control: form.control, name: "items" });
  // Once an invoice is made, the schedule is fixed (the server says so too).
  const isScheduleFixed = template !== undefined && template.invoicesMade + template.failedRuns > 0;

  const parsed = items.map((line) => ({
    quantityHundredths: parseQuantity(line.quantity ?? ""),
    unitPriceCents: parseAmount(line.unitPrice ?? ""),
    vatCategory: line.vatCategory,
  }));
  const totals = parsed.every((line) => line.quantityHundredths !== null && line.unitPriceCents !== null)
    ? computeTotals(
        parsed.map((line) => ({
          quantityHundredths: line.quantityHundredths!,
          unitPriceCents: line.unitPriceCents!,
          vatCategory: line.vatCategory,
        })),
      )
    : null;

  const lineError = (index: number, field: (typeof LINE_FIELDS)[number]) =>
    errors.items?.[index]?.[field]?.message;

  const onSubmit = form.handleSubmit(async () => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: template?.id, input: form.getValues() });
      toast({ title: template ? "Abonnement opgeslagen" : "Abonnement aangemaakt" });
      onDone();
    } catch (error) {
      const fieldNames = [
        ...FIELDS,
        ...items.flatMap((_, index) => LINE_FIELDS.map((field) => `items.${index}.${field}`)),
      ] as Path<FormValues>[];
      applyFieldErrors(error, fieldNames, form.setError);
      setFormError(getErrorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <ClientPickerField
          control={form.control}
          name="clientId"
          label="Klant"
          error={errors.clientId?.message}
          editing={template}
          role="customer"
        />
        <FormField
          label="Omschrijving"
          hint="Bijvoorbeeld 'Onderhoud website'"
          error={errors.description?.message}
        >
          <Input {...form.register("description")} />
        </FormField>
        <FormField label="Hoe vaak" error={errors.interval?.message}>
          <Select {...form.register("interval")} disabled={isScheduleFixed}>
            {SCHEDULE_INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {SCHEDULE_INTERVAL_LABELS[interval]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Eerste factuurdatum"
          hint={isScheduleFixed ? "Ligt vast: er is al een factuur gemaakt" : undefined}
          error={errors.startDate?.message}
        >
          <Input type="date" {...form.register("startDate")} readOnly={isScheduleFixed} />
        </FormField>
        <FormField
          label="Einddatum"
          optional
          hint="Of een aantal facturen; leeg: tot je stopt"
          error={errors.endDate?.message}
        >
          <Input type="date" {...form.register("endDate")} />
        </FormField>
        <FormField label="Aantal facturen" optional error={errors.invoiceCount?.message}>
          <Input inputMode="numeric" {...form.register("invoiceCount")} />
        </FormField>
        <FormField label="Betaaltermijn (dagen)" error={errors.paymentTermDays?.message}>
          <Input inputMode="numeric" {...form.register("paymentTermDays")} />
        </FormField>
        <div className="flex items-end pb-2">
          <Checkbox
            id={sendsAtOnceId}
            label="Meteen versturen per e-mail"
            description="Uit: de factuur blijft als concept staan tot je hem zelf verstuurt."
            {...form.register("sendsAtOnce")}
          />
        </div>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 w-full border-b border-border pb-2 text-sm font-semibold text-foreground">
          Factuurregels
        </legend>
        {errors.items?.message && (
          <p role="alert" className="text-sm text-destructive">
            {errors.items.message}
          </p>
        )}
        {lines.fields.map((field, index) => {
          const number = index + 1;
          return (
            <div
              key={field.id}
              className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_5.5rem_7rem_9rem_2.25rem] sm:items-start sm:border-0 sm:p-0"
            >
              <FormField
                label={`Omschrijving regel ${number}`}
                error={lineError(index, "description")}
                className="col-span-2 sm:col-span-1"
              >
                <Input {...form.register(`items.${index}.description`)} />
              </FormField>
              <FormField label="Aantal" error={lineError(index, "quantity")}>
                <Input inputMode="decimal" {...form.register(`items.${index}.quantity`)} />
              </FormField>
              <FormField label="Prijs" error={lineError(index, "unitPrice")}>
                <AmountInput {...form.register(`items.${index}.unitPrice`)} />
              </FormField>
              <FormField label="Btw" error={lineError(index, "vatCategory")}>
                <Select {...form.register(`items.${index}.vatCategory`)}>
                  {VAT_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {VAT_CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </Select>
              </FormField>
              <div className="flex items-end justify-end sm:h-full">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Verwijder regel ${number}`}
                  onClick={() => lines.remove(index)}
                  disabled={lines.fields.length === 1}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
          );
        })}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="outline" size="sm" onClick={() => lines.append(emptyLine())}>
            <Plus aria-hidden />
            Regel toevoegen
          </Button>
          <p className="text-sm text-muted-foreground">
            Per factuur:{" "}
            <span className="font-semibold text-foreground tabular-nums">
              {totals ? `${formatEuro(totals.total)} incl. btw` : "—"}
            </span>
          </p>
        </div>
      </fieldset>

      <FormField label="Opmerkingen op de factuur" optional error={errors.notes?.message}>
        <Input {...form.register("notes")} />
      </FormField>

      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <DialogFormFooter
        submitLabel={template ? "Opslaan" : "Abonnement aanmaken"}
        isPending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
