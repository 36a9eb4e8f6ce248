import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFieldArray, useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { addDays, businessDate } from "@shared/dates";
import { formatEuro } from "@shared/format";
import {
  computeLine,
  computeTotals,
  defaultVatCategory,
  parseQuantity,
  VAT_CATEGORIES,
  VAT_CATEGORY_LABELS,
  type VatCategory,
} from "@shared/invoices/math";
import { centsToDecimal, parseAmount } from "@shared/money";
import { DEFAULT_PAYMENT_TERMS_DAYS, type Client } from "@shared/schemas/clients";
import {
  INVOICE_STATUSES,
  InvoiceInputSchema,
  type InvoiceDetail,
  type InvoiceInput,
  type InvoiceStatus,
} from "@shared/schemas/invoices";
import type { CompanyProfile } from "@shared/schemas/settings";
import { ClientPickerField } from "@client/components/pickers/client-picker-field";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input, inputClassName } from "@client/components/ui/input";
import { AmountInput } from "@client/components/ui/amount-input";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import {
  useCreateInvoice,
  useInvoice,
  useInvoiceClient,
  useNextInvoiceNumber,
  useSellerSettings,
  useUpdateInvoice,
} from "./api";

/** The invoice form is English (spec §2.15). */
const CLIENT_PICKER_TEXTS = {
  placeholder: "Select a client",
  emptyText: "No clients found",
  loadingText: "Searching…",
  listLabel: "Search results",
};

const STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
  overdue: "Overdue",
};

type LineValues = { description: string; quantity: string; unitPrice: string; vatCategory: VatCategory };
type FormValues = {
  clientId: string;
  issueDate: string;
  dueDate: string;
  supplyDate: string;
  subtotal: string;
  taxAmount: string;
  total: string;
  status: InvoiceStatus;
  notes: string;
  items: LineValues[];
};

const TOP_FIELDS = [
  "clientId",
  "issueDate",
  "dueDate",
  "supplyDate",
  "subtotal",
  "taxAmount",
  "total",
  "status",
  "notes",
  "items",
] as const;
const LINE_FIELDS = ["description", "quantity", "unitPrice", "vatCategory"] as const;

const emptyLine = (vatCategory: VatCategory): LineValues => ({
  description: "",
  quantity: "1",
  unitPrice: "",
  vatCategory,
});

function toFormValues(invoice: InvoiceDetail | undefined, defaultVat: VatCategory): FormValues {
  const today = businessDate(new Date());
  if (!invoice) {
    return {
      clientId: "",
      issueDate: today,
      dueDate: addDays(today, DEFAULT_PAYMENT_TERMS_DAYS),
      supplyDate: "",
      subtotal: "0.00",
      taxAmount: "0.00",
      total: "0.00",
      status: "draft",
      notes: "",
      items: [emptyLine(defaultVat)],
    };
  }
  return {
    clientId: invoice.clientId ?? "",
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    supplyDate: invoice.supplyDate ?? "",
    subtotal: invoice.subtotal,
    taxAmount: invoice.taxAmount,
    total: invoice.total,
    status: invoice.status,
    notes: invoice.notes ?? "",
    // A draft saved before lines were required gets an empty one: an invoice needs at least one.
    items:
      invoice.items.length > 0
        ? invoice.items.map((item) => ({
            description: item.description ?? "",
            quantity: item.quantity,
            unitPrice: item.rate,
            vatCategory: item.vatCategory,
          }))
        : [emptyLine(defaultVat)],
  };
}

const parsePrice = (text: string) => parseAmount(text);

interface InvoiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The draft to edit; without it the dialog creates a new invoice. */
  invoiceId?: string | undefined;
}

/** Spec §2.15 'Nieuwe factuur': the English invoice form with line items, checked by the server's schema. */
export function InvoiceFormDialog({ open, onOpenChange, invoiceId }: InvoiceFormDialogProps) {
  const invoice = useInvoice(invoiceId);
  const seller = useSellerSettings();
  const isLoading = (invoiceId !== undefined && invoice.isPending) || seller.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-6">
        <DialogHeader>
          <DialogTitle>{invoiceId ? "Edit invoice" : "New invoice"}</DialogTitle>
          <DialogDescription>
            {invoiceId
              ? "Change this draft invoice. Once sent, an invoice can only be corrected with a credit note."
              : "Add the lines; Subtotal, Tax Amount and Total are computed from them."}
          </DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div className="grid gap-4 sm:grid-cols-2" aria-busy>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-16" />
            ))}
          </div>
        ) : invoiceId && invoice.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(invoice.error)}
          </p>
        ) : (
          <InvoiceForm
            key={invoiceId ?? "new"}
            invoice={invoiceId ? invoice.data : undefined}
            seller={seller.data}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InvoiceForm({
  invoice,
  seller,
  onDone,
}: {
  invoice: InvoiceDetail | undefined;
  seller: CompanyProfile | undefined;
  onDone: () => void;
}) {
  const isEdit = invoice !== undefined;
  const createInvoice = useCreateInvoice();
  const updateInvoice = useUpdateInvoice();
  // The client chosen in this form (its VAT treatment and payment term); a draft's own client needs no record.
  const [chosenClient, setChosenClient] = useState<Client>();
  const isPending = createInvoice.isPending || updateInvoice.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, InvoiceInput>({
    // The form holds strings; the schema parses them exactly as the server does.
    resolver: zodResolver(InvoiceInputSchema) as never,
    defaultValues: toFormValues(
      invoice,
      defaultVatCategory(seller, undefined, invoice?.issueDate ?? businessDate(new Date())),
    ),
  });
  const { errors } = form.formState;
  const lines = useFieldArray({ control: form.control, name: "items" });
  const items = useWatch({ control: form.control, name: "items" });
  const issueDate = useWatch({ control: form.control, name: "issueDate" });
  // The hint follows the issue date: a yearly series numbers by the invoice's year.
  const nextNumber = useNextInvoiceNumber(issueDate);

  // New lines start with the client's VAT category (reverse charge for an EU business, 0% outside the EU); on a
  // new invoice, the lines whose VAT the user has not chosen follow a change of client.
  const draftClient = useInvoiceClient(chosenClient ? undefined : (invoice?.clientId ?? undefined));
  // Exempt when the KOR applies on the issue date.
  const defaultVat = defaultVatCategory(seller, chosenClient ?? draftClient.data, issueDate);
  /** The lines (by field id) whose VAT the user picked: those keep it. */
  const vatChosenByUser = useRef(new Set<string>());
  const lineIds = lines.fields.map((field) => field.id);
  useEffect(() => {
    if (isEdit) return;
    lineIds.forEach((lineId, index) => {
      if (!vatChosenByUser.current.has(lineId)) form.setValue(`items.${index}.vatCategory`, defaultVat);
    });
    // Only a change of the default moves the lines; a new line starts from it already (emptyLine).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultVat, isEdit, form]);

  // Spec §2.15: due date = issue date + the client's payment term (else 30), until the user picks one.
  const isDueDateChosen = useRef(isEdit);
  useEffect(() => {
    if (isDueDateChosen.current || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return;
    const term = chosenClient?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
    form.setValue("dueDate", addDays(issueDate, term));
  }, [chosenClient, issueDate, form]);

  // Subtotal and Tax Amount follow from the lines (VAT per rate, half up) and Total = Subtotal + Tax.
  const parsedLines = items.map((line) => ({
    quantityHundredths: parseQuantity(line.quantity ?? ""),
    unitPriceCents: parsePrice(line.unitPrice ?? ""),
    vatCategory: line.vatCategory,
  }));
  const areLinesValid = parsedLines.every(
    (line) => line.quantityHundredths !== null && line.unitPriceCents !== null,
  );
  const totals = areLinesValid
    ? computeTotals(
        parsedLines.map((line) => ({
          quantityHundredths: line.quantityHundredths!,
          unitPriceCents: line.unitPriceCents!,
          vatCategory: line.vatCategory,
        })),
      )
    : null;
  useEffect(() => {
    if (!totals) return;
    const next = {
      subtotal: centsToDecimal(totals.subtotal),
      taxAmount: centsToDecimal(totals.taxAmount),
      total: centsToDecimal(totals.total),
    };
    for (const [name, value] of Object.entries(next) as Array<[keyof typeof next, string]>) {
      if (form.getValues(name) !== value) form.setValue(name, value);
    }
  }, [totals?.subtotal, totals?.taxAmount, totals?.total, form]); // eslint-disable-line react-hooks/exhaustive-deps

  // Checked by the schema first; what was typed is sent, and the server parses it with the same schema.
  const onSubmit = form.handleSubmit(async () => {
    const input = form.getValues();
    setFormError(null);
    try {
      if (invoice) {
        await updateInvoice.mutateAsync({ id: invoice.id, input });
        toast({ title: "Invoice updated successfully" });
      } else {
        await createInvoice.mutateAsync(input);
        toast({ title: "Invoice created successfully" });
      }
      onDone();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Error",
        description: invoice ? "Failed to update invoice" : "Failed to create invoice",
      });
      setFormError(getErrorMessage(error));
      const lineFields = items.flatMap((_, index) =>
        LINE_FIELDS.map((field) => `items.${index}.${field}` as Path<FormValues>),
      );
      applyFieldErrors(error, [...TOP_FIELDS, ...lineFields], form.setError);
    }
  });

  // The dialog opened while the form was loading and gave focus to its close button: start at the first field,
  // the client picker, once the form is there.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const dialog = formRef.current?.closest('[role="dialog"]');
    const isFocusAtClose =
      dialog?.contains(document.activeElement) && !formRef.current?.contains(document.activeElement);
    if (isFocusAtClose) form.setFocus("clientId");
  }, [form]);

  const lineError = (index: number, field: (typeof LINE_FIELDS)[number]) =>
    errors.items?.[index]?.[field]?.message;

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={isEdit ? "Edit invoice" : "New invoice"}
      className="flex flex-col gap-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {/* Wet OB art. 35a: one unbroken series, so a draft is numbered only when it is sent. */}
        <div className="flex flex-col gap-2">
          <p className="text-sm leading-none font-medium">Invoice Number</p>
          <p className="flex min-h-10 items-center rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted-foreground">
            {nextNumber.data
              ? `Assigned when sent (next: ${nextNumber.data.invoiceNumber})`
              : "Assigned when sent"}
          </p>
        </div>
        <ClientPickerField
          control={form.control}
          name="clientId"
          label="Client"
          error={errors.clientId?.message}
          editing={invoice}
          onChoose={setChosenClient}
          texts={CLIENT_PICKER_TEXTS}
          // Invoices go to customers; a relation that is only a supplier is not offered.
          role="customer"
        />
        <FormField label="Issue Date" error={errors.issueDate?.message}>
          <Input type="date" {...form.register("issueDate")} />
        </FormField>
        <FormField label="Due Date" error={errors.dueDate?.message}>
          <Input
            type="date"
            {...form.register("dueDate", {
              onChange: () => {
                isDueDateChosen.current = true;
              },
            })}
          />
        </FormField>
        <FormField
          label="Supply Date (optional)"
          hint="When the work was delivered, if not on the issue date"
          error={errors.supplyDate?.message}
        >
          <Input type="date" {...form.register("supplyDate")} />
        </FormField>
        <FormField label="Status" error={errors.status?.message}>
          <Select {...form.register("status")}>
            {INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 w-full border-b border-border pb-2 text-sm font-semibold text-foreground">
          Lines
        </legend>
        {lines.fields.length > 0 && (
          <div
            className="hidden gap-2 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[1fr_5.5rem_7rem_9rem_6.5rem_2.25rem]"
            aria-hidden
          >
            <span>Description</span>
            <span>Quantity</span>
            <span>Unit price</span>
            <span>VAT %</span>
            <span className="text-right">Amount</span>
            <span />
          </div>
        )}
        {lines.fields.map((field, index) => {
          const parsed = parsedLines[index];
          const amount =
            parsed && parsed.quantityHundredths !== null && parsed.unitPriceCents !== null
              ? computeLine({
                  quantityHundredths: parsed.quantityHundredths,
                  unitPriceCents: parsed.unitPriceCents,
                  vatCategory: parsed.vatCategory,
                }).amount
              : null;
          const number = index + 1;
          return (
            <div
              key={field.id}
              className="grid grid-cols-2 gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_5.5rem_7rem_9rem_6.5rem_2.25rem] sm:items-start sm:border-0 sm:p-0"
            >
              <LineCell
                label="Description"
                line={number}
                error={lineError(index, "description")}
                className="col-span-2 sm:col-span-1"
              >
                {(control) => <Input {...control} {...form.register(`items.${index}.description`)} />}
              </LineCell>
              <LineCell label="Quantity" line={number} error={lineError(index, "quantity")}>
                {(control) => (
                  <Input {...control} inputMode="decimal" {...form.register(`items.${index}.quantity`)} />
                )}
              </LineCell>
              <LineCell label="Unit price" line={number} error={lineError(index, "unitPrice")}>
                {(control) => <AmountInput {...control} {...form.register(`items.${index}.unitPrice`)} />}
              </LineCell>
              <LineCell label="VAT %" line={number} error={lineError(index, "vatCategory")}>
                {(control) => (
                  <Select
                    {...control}
                    {...form.register(`items.${index}.vatCategory`, {
                      onChange: () => vatChosenByUser.current.add(field.id),
                    })}
                  >
                    {VAT_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {VAT_CATEGORY_LABELS[category]}
                      </option>
                    ))}
                  </Select>
                )}
              </LineCell>
              <div className="col-span-2 flex items-center justify-between gap-2 sm:contents">
                <p className="flex h-10 items-center justify-end text-sm font-medium tabular-nums sm:order-none">
                  <span className="sr-only">Amount, line {number}: </span>
                  {amount === null ? "—" : formatEuro(amount)}
                </p>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${number}`}
                  onClick={() => lines.remove(index)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
          );
        })}
        <Button variant="outline" className="self-start" onClick={() => lines.append(emptyLine(defaultVat))}>
          <Plus aria-hidden />
          Add line
        </Button>
        {(errors.items?.message ?? errors.items?.root?.message) && (
          <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
            {errors.items.message ?? errors.items.root?.message}
          </p>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Subtotal" error={errors.subtotal?.message}>
          <Input readOnly className="bg-muted" {...form.register("subtotal")} />
        </FormField>
        <FormField label="Tax Amount" error={errors.taxAmount?.message}>
          <Input readOnly className="bg-muted" {...form.register("taxAmount")} />
        </FormField>
        <FormField label="Total" error={errors.total?.message}>
          <Input readOnly className="bg-muted font-semibold" {...form.register("total")} />
        </FormField>
        {totals && totals.breakdown.length > 0 && (
          <dl className="grid gap-1 text-xs text-muted-foreground sm:col-span-3">
            {totals.breakdown.map((row) => (
              <div key={row.vatCategory} className="flex justify-between gap-4">
                <dt>
                  VAT {VAT_CATEGORY_LABELS[row.vatCategory]} on {formatEuro(row.base)}
                </dt>
                <dd className="tabular-nums">{formatEuro(row.vat)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>

      <FormField label="Notes (optional)" error={errors.notes?.message}>
        <textarea
          rows={3}
          className={cn(inputClassName, "h-auto min-h-20 resize-y")}
          {...form.register("notes")}
        />
      </FormField>

      {formError && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {formError}
        </p>
      )}

      <DialogFormFooter
        submitLabel={isEdit ? "Save changes" : "Create invoice"}
        isPending={isPending}
        onCancel={onDone}
        cancelLabel="Cancel"
      />
    </form>
  );
}

/**
 * One cell of a line: a label (visible on a phone, where there are no column headings; for screen readers it
 * names the line), the control, and its message linked to it.
 */
function LineCell({
  label,
  line,
  error,
  className,
  children,
}: {
  label: string;
  line: number;
  error: string | undefined;
  className?: string;
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground sm:sr-only">
        {label}
        <span className="sr-only">, line {line}</span>
      </label>
      {children(error ? { id, "aria-invalid": true, "aria-describedby": errorId } : { id })}
      {error && (
        <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
