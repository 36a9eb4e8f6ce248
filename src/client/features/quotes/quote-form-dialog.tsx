import type { FormEvent } from "react";
import { businessDate } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { computeTotals, parseQuantity, type VatCategory } from "@shared/invoices/math";
import { parseAmount } from "@shared/money";
import { MAX_INVOICE_LINES } from "@shared/schemas/invoices";
import {
  defaultValidUntil,
  QuoteInputSchema,
  VAT_CATEGORY_OPTIONS,
  type QuoteDetail,
  type QuoteFormInput,
} from "@shared/schemas/quotes";
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
import { LineItem, LineList, RemoveLineButton } from "@client/components/ui/line-list";
import { Select } from "@client/components/ui/select";
import { ApiError, type FieldErrors } from "@client/lib/api";
import { fieldErrorsOf, useLineForm } from "@client/lib/line-form";
import { toast, toastError } from "@client/lib/toast";
import { useClientChoices, useSaveQuote } from "./api";

type LineText = {
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
  vatCategory: VatCategory;
};
type FormText = {
  clientId: string;
  issueDate: string;
  validUntil: string;
  notes: string;
  lines: LineText[];
};

let nextKey = 0;
const emptyLine = (): LineText => ({
  key: nextKey++,
  description: "",
  quantity: "1",
  unitPrice: "",
  vatCategory: "21",
});

function newForm(): FormText {
  const today = businessDate(new Date());
  return {
    clientId: "",
    issueDate: today,
    validUntil: defaultValidUntil(today),
    notes: "",
    lines: [emptyLine()],
  };
}

const decimalText = (value: string) => value.replace(".", ",").replace(/,00$/, "");

function toFormText(quote: QuoteDetail): FormText {
  return {
    clientId: quote.clientId ?? "",
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    notes: quote.notes ?? "",
    lines: quote.items.map((item) => ({
      key: nextKey++,
      description: item.description,
      quantity: decimalText(item.quantity),
      unitPrice: item.rate.replace(".", ","),
      vatCategory: item.vatCategory,
    })),
  };
}

const toInput = (form: FormText): QuoteFormInput => ({
  clientId: form.clientId,
  issueDate: form.issueDate,
  validUntil: form.validUntil,
  notes: form.notes,
  items: form.lines.map(({ description, quantity, unitPrice, vatCategory }) => ({
    description,
    quantity,
    unitPrice,
    vatCategory,
  })),
});

/** What the lines add up to so far; a line that does not read yet counts as nothing. */
function totalsOf(lines: readonly LineText[]) {
  return computeTotals(
    lines.map((line) => ({
      quantityHundredths: parseQuantity(line.quantity) ?? 0,
      unitPriceCents: parseAmount(line.unitPrice) ?? 0,
      vatCategory: line.vatCategory,
    })),
  );
}

/** The lines' grid from sm up: description, quantity, price, VAT and the remove button. */
const LINE_COLUMNS = "sm:grid-cols-[minmax(0,3fr)_5rem_7.5rem_8rem_2rem]";

/** A new concept, or a concept being changed: client, dates, lines and a note. */
export function QuoteFormDialog({
  open,
  onOpenChange,
  quote,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quote?: QuoteDetail | undefined;
  onSaved?: (quote: QuoteDetail) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-6">
        <DialogHeader>
          <DialogTitle>{quote ? "Concept-offerte bewerken" : "Nieuwe offerte"}</DialogTitle>
          <DialogDescription>
            Een offerte krijgt haar nummer pas bij het versturen. Je klant accepteert of wijst haar af via een
            link in de e-mail.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <QuoteForm
            key={quote?.id ?? "new"}
            quote={quote}
            onDone={(saved) => {
              onOpenChange(false);
              if (saved) onSaved?.(saved);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function QuoteForm({
  quote,
  onDone,
}: {
  quote?: QuoteDetail | undefined;
  onDone: (saved?: QuoteDetail) => void;
}) {
  const { form, setForm, errors, setErrors, clearError, setLine, addLine, removeLine } = useLineForm(
    (): FormText => (quote ? toFormText(quote) : newForm()),
    { linesField: "items" },
  );
  const clients = useClientChoices(true);
  const save = useSaveQuote();
  const totals = totalsOf(form.lines);

  const setField = (change: Partial<Omit<FormText, "lines">>) => {
    setForm((current) => ({ ...current, ...change }));
    clearError(...Object.keys(change));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(form);
    const parsed = QuoteInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: quote?.id, input });
      toast({ title: quote ? "Offerte opgeslagen" : "Offerte aangemaakt" });
      onDone(saved);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      toastError(error, "Opslaan mislukt");
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <fieldset disabled={save.isPending} className="flex min-w-0 flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Klant" error={errors.clientId} className="sm:col-span-3">
            <Select value={form.clientId} onChange={(event) => setField({ clientId: event.target.value })}>
              <option value="">{clients.isPending ? "Klanten laden..." : "Kies een klant"}</option>
              {(clients.data ?? []).map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Offertedatum" error={errors.issueDate}>
            <Input
              type="date"
              value={form.issueDate}
              onChange={(event) => setField({ issueDate: event.target.value })}
            />
          </FormField>
          <FormField label="Geldig tot en met" error={errors.validUntil} hint="Standaard 30 dagen.">
            <Input
              type="date"
              value={form.validUntil}
              onChange={(event) => setField({ validUntil: event.target.value })}
            />
          </FormField>
        </div>

        <LineList
          columns={LINE_COLUMNS}
          headings={
            <>
              <span>Omschrijving</span>
              <span className="text-right">Aantal</span>
              <span className="text-right">Prijs excl. btw</span>
              <span>Btw</span>
            </>
          }
          error={errors.items}
          onAdd={() => addLine(emptyLine())}
          isFull={form.lines.length >= MAX_INVOICE_LINES}
        >
          {form.lines.map((line, index) => (
            <LineRow
              key={line.key}
              line={line}
              index={index}
              errors={errors}
              canRemove={form.lines.length > 1}
              onChange={(change) => setLine(index, change)}
              onRemove={() => removeLine(index)}
            />
          ))}
        </LineList>

        <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
          <dt className="text-muted-foreground">Subtotaal</dt>
          <dd className="text-right">{formatEuro(totals.subtotal)}</dd>
          <dt className="text-muted-foreground">Btw</dt>
          <dd className="text-right">{formatEuro(totals.taxAmount)}</dd>
          <dt className="font-medium">Totaal</dt>
          <dd className="text-right font-semibold">{formatEuro(totals.total)}</dd>
        </dl>

        <FormField label="Toelichting" optional error={errors.notes}>
          <textarea
            value={form.notes}
            maxLength={5000}
            rows={3}
            placeholder="Bijvoorbeeld: inclusief twee correctierondes"
            onChange={(event) => setField({ notes: event.target.value })}
            className="min-h-20 w-full rounded-lg border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
          />
        </FormField>
      </fieldset>
      <DialogFormFooter submitLabel="Opslaan" isPending={save.isPending} onCancel={() => onDone()} />
    </form>
  );
}

function LineRow({
  line,
  index,
  errors,
  canRemove,
  onChange,
  onRemove,
}: {
  line: LineText;
  index: number;
  errors: FieldErrors;
  canRemove: boolean;
  onChange: (change: Partial<LineText>) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  const label = (text: string) => <span className="sm:sr-only">{`${text} regel ${number}`}</span>;
  return (
    <LineItem number={number} columns={LINE_COLUMNS}>
      <FormField
        className="col-span-2 sm:col-span-1 sm:gap-1"
        label={label("Omschrijving")}
        error={errors[`items.${index}.description`]}
      >
        <Input
          value={line.description}
          maxLength={500}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </FormField>
      <FormField className="sm:gap-1" label={label("Aantal")} error={errors[`items.${index}.quantity`]}>
        <Input
          inputMode="decimal"
          className="text-right"
          value={line.quantity}
          onChange={(event) => onChange({ quantity: event.target.value })}
        />
      </FormField>
      <FormField className="sm:gap-1" label={label("Prijs")} error={errors[`items.${index}.unitPrice`]}>
        <AmountInput
          className="text-right"
          value={line.unitPrice}
          onChange={(event) => onChange({ unitPrice: event.target.value })}
        />
      </FormField>
      <FormField className="sm:gap-1" label={label("Btw")} error={errors[`items.${index}.vatCategory`]}>
        <Select
          value={line.vatCategory}
          onChange={(event) => onChange({ vatCategory: event.target.value as VatCategory })}
        >
          {VAT_CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="flex items-end justify-end sm:items-start sm:pt-1">
        {canRemove && <RemoveLineButton number={number} onRemove={onRemove} />}
      </div>
    </LineItem>
  );
}
