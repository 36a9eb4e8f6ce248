import { useState } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver, type UseFormReturn } from "react-hook-form";
import { parseAmount } from "@shared/money";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import {
  computeTotals,
  negateLines,
  parseQuantity,
  type LineInput,
  type VatCategory,
} from "@shared/invoices/math";
import {
  CREDIT_INPUT_MESSAGES,
  CreditInputSchema,
  type CreditFormInput,
  type Invoice,
  type InvoiceDetail,
} from "@shared/schemas/invoices";
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
import { AmountInput } from "@client/components/ui/amount-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useCreditInvoice, useInvoice } from "./api";
import { InvoiceErrorAlert, isShownAtFields } from "./invoice-error-alert";
import { cents, euro, invoiceLabel } from "./invoice-format";

/** The list and its dialogs are Dutch; the shared VAT labels belong to the English invoice form. */
const VAT_LABELS: Readonly<Record<VatCategory, string>> = {
  "21": "21% btw",
  "9": "9% btw",
  "0": "0% btw",
  reverse_charge: "btw verlegd",
  exempt: "vrijgesteld van btw",
  export: "0% btw uitvoer",
  intra_eu_goods: "0% btw intracommunautaire levering",
};

const LINES_REQUIRED_MESSAGE = "Kies minstens één regel om te crediteren";

type Mode = "whole" | "lines" | "amount";
type LineValues = { isSelected: boolean; quantity: string };
type FormValues = { issueDate: string; mode: Mode; lines: LineValues[]; amount: string; reason: string };

const quantityText = (decimal: string) =>
  new Intl.NumberFormat("nl-NL", { maximumFractionDigits: 2, useGrouping: false }).format(Number(decimal));

/**
 * The request for the chosen way of crediting, as typed (the server parses it with the same schema), and for
 * each requested line the form line it came from, so the answer's `items.{n}` errors land on the right row.
 */
function toCreditInput(values: FormValues, invoice: InvoiceDetail) {
  const base = { issueDate: values.issueDate, reason: values.reason };
  if (values.mode === "amount") return { input: { ...base, amount: values.amount }, lineIndexes: [] };
  if (values.mode === "whole") return { input: base, lineIndexes: [] };
  const lineIndexes = values.lines.flatMap((line, index) => (line.isSelected ? [index] : []));
  const items = lineIndexes.map((index) => ({
    itemId: invoice.items[index]!.id,
    quantity: values.lines[index]!.quantity,
  }));
  return { input: { ...base, items } satisfies CreditFormInput, lineIndexes };
}

/**
 * Checks the form with the shared schema, plus what the schema cannot know: 'lines' and 'amount' need a choice
 * (without one the server would credit the whole invoice).
 */
function creditResolver(invoice: InvoiceDetail): Resolver<FormValues> {
  return (values) => {
    const errors: FieldErrors<FormValues> = {};
    const { input, lineIndexes } = toCreditInput(values, invoice);
    if (values.mode === "lines" && lineIndexes.length === 0) {
      errors.lines = { root: { type: "required", message: LINES_REQUIRED_MESSAGE } } as never;
    }
    if (values.mode === "amount" && values.amount.trim() === "") {
      errors.amount = { type: "required", message: CREDIT_INPUT_MESSAGES.amount };
    }
    const parsed = CreditInputSchema.safeParse(input);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const [field, index, subfield] = issue.path;
      const error = { type: "schema", message: issue.message };
      if (field === "items" && typeof index === "number" && subfield === "quantity") {
        const lines = (errors.lines ??= []) as Array<{ quantity?: typeof error }>;
        lines[lineIndexes[index]!] = { quantity: error };
      } else if (field === "issueDate" || field === "amount" || field === "reason") {
        errors[field] ??= error;
      }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The credit note's total (negative, incl. VAT) for what is chosen, or null while it cannot be computed. */
function creditTotal(values: FormValues, invoice: InvoiceDetail): number | null {
  if (values.mode === "whole") return -cents(invoice.total);
  const lines: LineInput[] = [];
  if (values.mode === "amount") {
    const amount = parseAmount(values.amount);
    const vatCategory = invoice.items[0]?.vatCategory;
    if (!vatCategory || amount === null || amount <= 0) return null;
    lines.push({ quantityHundredths: 100, unitPriceCents: amount, vatCategory });
  } else {
    for (const [index, line] of values.lines.entries()) {
      if (!line.isSelected) continue;
      const item = invoice.items[index]!;
      const quantity = parseQuantity(line.quantity);
      if (quantity === null || quantity <= 0) return null;
      lines.push({
        quantityHundredths: quantity,
        unitPriceCents: cents(item.rate),
        vatCategory: item.vatCategory,
      });
    }
    if (lines.length === 0) return null;
  }
  return computeTotals(negateLines(lines)).total;
}

interface CreditDialogProps {
  /** The invoice to credit; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
}

/**
 * 'Crediteren': a credit note for the whole invoice, for chosen lines (part of a line's quantity too), or for an
 * amount excluding VAT. Several partial credit notes are allowed until together they reach the invoice's total.
 */
export function CreditDialog({ invoice, onClose }: CreditDialogProps) {
  const detail = useInvoice(invoice?.id);
  return (
    <Dialog open={invoice !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Crediteren</DialogTitle>
          <DialogDescription>
            {invoice &&
              `Factuur ${invoiceLabel(invoice)} aan ${invoice.clientName ?? "Onbekende klant"}. De creditnota verwijst naar deze factuur, krijgt het volgende nummer en geldt meteen als verstuurd.`}
          </DialogDescription>
        </DialogHeader>
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(detail.error)}
          </p>
        ) : !detail.data ? (
          <Skeleton className="h-72" />
        ) : (
          <>
            <CreditedSoFar invoice={detail.data} />
            <CreditForm
              key={`${detail.data.id}:${detail.data.creditedAmount}`}
              invoice={detail.data}
              onClose={onClose}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreditedSoFar({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.creditNotes.length === 0) return null;
  const left = cents(invoice.total) - cents(invoice.creditedAmount);
  return (
    <section aria-labelledby={`credited-${invoice.id}`} className="flex flex-col gap-2 text-sm">
      <h3 id={`credited-${invoice.id}`} className="font-semibold">
        Al gecrediteerd: {euro(invoice.creditedAmount)} van {euro(invoice.total)}
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {invoice.creditNotes.map((note) => (
          <li key={note.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
            <span>
              Creditnota <span className="font-medium">{note.invoiceNumber}</span> van{" "}
              {formatDate(note.issueDate)}
            </span>
            <span className="tabular-nums">{euro(note.total)}</span>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">Nog te crediteren: {formatEuro(left)} (incl. btw)</p>
    </section>
  );
}

function CreditForm({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const creditInvoice = useCreditInvoice();
  const [formError, setFormError] = useState<unknown>(null);
  const isPartlyCredited = cents(invoice.creditedAmount) > 0;
  const categories = new Set(invoice.items.map((item) => item.vatCategory));
  const canCreditWhole = !isPartlyCredited;
  const canChooseLines = invoice.items.length > 0;
  const canCreditAmount = categories.size === 1;
  const form = useForm<FormValues>({
    resolver: creditResolver(invoice),
    defaultValues: {
      issueDate: businessDate(new Date()),
      mode: canCreditWhole ? "whole" : canChooseLines ? "lines" : "amount",
      lines: invoice.items.map((item) => ({ isSelected: false, quantity: quantityText(item.quantity) })),
      amount: "",
      reason: "",
    },
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as FormValues;
  const total = creditTotal(values, invoice);

  const onSubmit = form.handleSubmit(async (submitted) => {
    const { input, lineIndexes } = toCreditInput(submitted, invoice);
    setFormError(null);
    try {
      const note = await creditInvoice.mutateAsync({ id: invoice.id, input });
      toast({
        title: "Creditnota aangemaakt",
        description: `${note.invoiceNumber} crediteert ${invoiceLabel(invoice)} voor ${euro(note.total)}.`,
      });
      onClose();
    } catch (error) {
      setFormError(isShownAtFields(error) ? null : error);
      toastError(error);
      applyFieldErrors(error, ["issueDate", "amount", "reason"], form.setError);
      // The answer names the requested lines by their place in the request.
      if (error instanceof ApiError && error.fieldErrors) {
        lineIndexes.forEach((lineIndex, sent) => {
          const message = error.fieldErrors?.[`items.${sent}.quantity`];
          if (message) form.setError(`lines.${lineIndex}.quantity`, { type: "server", message });
        });
      }
    }
  });

  const choice = (mode: Mode, label: string, isEnabled: boolean, reason?: string) => (
    <label
      className={cn(
        "flex items-start gap-2 rounded-lg border border-border px-3 py-2 text-sm",
        values.mode === mode && "border-primary ring-1 ring-primary",
        !isEnabled && "opacity-60",
      )}
    >
      <input
        type="radio"
        value={mode}
        className="mt-0.5 accent-primary"
        disabled={!isEnabled}
        {...form.register("mode")}
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{label}</span>
        {!isEnabled && reason && <span className="text-xs text-muted-foreground">{reason}</span>}
      </span>
    </label>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Crediteren" className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Wat wil je crediteren?</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {choice("whole", "Hele factuur", canCreditWhole, "Er is al een deel gecrediteerd")}
          {choice("lines", "Regels kiezen", canChooseLines, "De factuur heeft geen regels")}
          {choice("amount", "Bedrag", canCreditAmount, "Alleen bij één btw-tarief op de factuur")}
        </div>
      </fieldset>

      {values.mode === "lines" && <LineChoices invoice={invoice} form={form} errors={errors} />}

      {values.mode === "amount" && (
        <FormField
          label="Bedrag excl. btw"
          hint={
            invoice.items[0] && `Daarover ${VAT_LABELS[invoice.items[0].vatCategory]}, zoals op de factuur`
          }
          error={errors.amount?.message}
        >
          <AmountInput placeholder="100,00" {...form.register("amount")} />
        </FormField>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Datum creditnota" error={errors.issueDate?.message}>
          <Input type="date" {...form.register("issueDate")} />
        </FormField>
        <FormField label="Reden" optional error={errors.reason?.message}>
          <Input autoComplete="off" {...form.register("reason")} />
        </FormField>
      </div>

      <p className="flex justify-between gap-4 rounded-lg bg-muted/60 px-3 py-2 text-sm font-semibold">
        <span>Creditnota (incl. btw)</span>
        <span className="tabular-nums">{total === null ? "—" : formatEuro(total)}</span>
      </p>

      {formError !== null && <InvoiceErrorAlert error={formError} />}
      <DialogFormFooter
        submitLabel="Creditnota maken"
        isPending={creditInvoice.isPending}
        onCancel={onClose}
      />
    </form>
  );
}

function LineChoices({
  invoice,
  form,
  errors,
}: {
  invoice: InvoiceDetail;
  form: UseFormReturn<FormValues>;
  errors: FieldErrors<FormValues>;
}) {
  const lines = useWatch({ control: form.control, name: "lines" });
  const rootError = errors.lines?.root?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">Regels</legend>
      <ul className="flex flex-col gap-2">
        {invoice.items.map((item, index) => {
          const checkboxId = `credit-line-${item.id}`;
          const quantityId = `credit-quantity-${item.id}`;
          const error = errors.lines?.[index]?.quantity?.message;
          const description = item.description || `Regel ${index + 1}`;
          return (
            <li
              key={item.id}
              className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-2 rounded-lg border border-border p-3 sm:grid-cols-[auto_1fr_7rem]"
            >
              <input
                id={checkboxId}
                type="checkbox"
                className="mt-1 size-4 accent-primary"
                {...form.register(`lines.${index}.isSelected`)}
              />
              <label htmlFor={checkboxId} className="flex min-w-0 flex-col gap-0.5 text-sm">
                <span className="font-medium break-words">{description}</span>
                <span className="text-xs text-muted-foreground">
                  {quantityText(item.quantity)} × {euro(item.rate)}, {VAT_LABELS[item.vatCategory]} ·{" "}
                  {euro(item.amount)}
                </span>
              </label>
              <div className="col-start-2 flex flex-col gap-1 sm:col-start-3">
                <label htmlFor={quantityId} className="text-xs font-medium text-muted-foreground">
                  Aantal<span className="sr-only"> van {description}</span>
                </label>
                <Input
                  id={quantityId}
                  inputMode="decimal"
                  autoComplete="off"
                  disabled={!lines[index]?.isSelected}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${quantityId}-error` : undefined}
                  {...form.register(`lines.${index}.quantity`)}
                />
                {error && (
                  <p id={`${quantityId}-error`} className="text-[0.8125rem] font-medium text-destructive">
                    {error}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {rootError && (
        <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
          {rootError}
        </p>
      )}
    </fieldset>
  );
}
