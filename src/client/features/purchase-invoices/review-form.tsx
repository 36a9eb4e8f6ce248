import { useRef, useState, type ReactNode } from "react";
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, ChevronRight, Plus, Trash2 } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatAmount, formatEuro } from "@shared/format";
import { parseAmount } from "@shared/money";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "@shared/schemas/invoices";
import {
  isShiftedVat,
  PURCHASE_VAT_RATES,
  PURCHASE_VAT_TREATMENT_LABELS,
  PURCHASE_VAT_TREATMENTS,
  PurchaseBookInputSchema,
  type PurchaseBookInput,
  type PurchaseFieldOrigin,
  type PurchaseInvoiceDetail,
  type PurchaseVatTreatment,
} from "@shared/schemas/purchase-invoices";
import { ClientPicker } from "@client/components/pickers/client-picker";
import { AmountInput } from "@client/components/ui/amount-input";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@client/components/ui/collapsible";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { Spinner } from "@client/components/ui/spinner";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import {
  useBookPurchaseInvoice,
  useCreatePurchaseInvoice,
  useDeletePurchaseInvoice,
  useExpenseCategories,
  useSavePurchaseInvoice,
  type PurchaseBookPayload,
  type PurchaseFormPayload,
} from "./api";
import { cents, expectedVat, formTotals, originHint, supplierLabel, type LineText } from "./purchase-format";

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type LineValues = LineText & { description: string; categoryId: string };
type FormValues = {
  supplierId: string;
  supplierName: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  description: string;
  vatTreatment: PurchaseVatTreatment;
  iban: string;
  paymentReference: string;
  lines: LineValues[];
  /** 'Al betaald': a receipt paid at the till is booked and paid in one step. */
  isPaid: boolean;
  paidOn: string;
  paidWith: PaymentMethod;
};

/** The fields a 400/409 answer can name outside the lines (the lines' own are `lines.{n}.{field}`). */
const FIELD_NAMES = [
  "supplierId",
  "supplierName",
  "invoiceNumber",
  "invoiceDate",
  "dueDate",
  "description",
  "vatTreatment",
  "iban",
  "paymentReference",
  "paidOn",
] as const;
const LINE_FIELDS = ["categoryId", "vatRate", "netAmount", "vatAmount"] as const;

const amountText = (decimal: string) => formatAmount(cents(decimal));
const emptyLine = (): LineValues => ({
  description: "",
  categoryId: "",
  vatRate: "21",
  netAmount: "",
  vatAmount: "",
});

function toFormValues(detail: PurchaseInvoiceDetail | undefined): FormValues {
  const today = businessDate(new Date());
  const lines = (detail?.lines ?? []).map((line) => ({
    description: line.description ?? "",
    categoryId: line.categoryId ?? "",
    vatRate: String(line.vatRate),
    netAmount: amountText(line.netAmount),
    vatAmount: amountText(line.vatAmount),
  }));
  return {
    supplierId: detail?.supplierId ?? "",
    // A supplier not in Relaties yet: the name read from the document, created when booked.
    supplierName: detail?.supplierId ? "" : (detail?.supplierName ?? detail?.proposedSupplier?.name ?? ""),
    invoiceNumber: detail?.invoiceNumber ?? "",
    invoiceDate: detail?.invoiceDate ?? (detail ? "" : today),
    dueDate: detail?.dueDate ?? "",
    description: detail?.description ?? "",
    vatTreatment: detail?.vatTreatment ?? "domestic",
    iban: detail?.iban ?? "",
    paymentReference: detail?.paymentReference ?? "",
    lines: lines.length > 0 ? lines : [emptyLine()],
    isPaid: false,
    paidOn: detail?.invoiceDate ?? today,
    paidWith: "card",
  };
}

/** The form as the API takes it: as typed; the VAT of a shifted treatment is left to the server to compute. */
function toPayload(values: FormValues): PurchaseFormPayload {
  const shifted = isShiftedVat(values.vatTreatment);
  return {
    supplierId: values.supplierId,
    supplierName: values.supplierId ? "" : values.supplierName,
    invoiceNumber: values.invoiceNumber,
    invoiceDate: values.invoiceDate,
    dueDate: values.dueDate,
    description: values.description,
    vatTreatment: values.vatTreatment,
    iban: values.iban,
    paymentReference: values.paymentReference,
    lines: values.lines.map((line) => ({
      description: line.description || null,
      categoryId: line.categoryId,
      vatRate: line.vatRate,
      netAmount: line.netAmount,
      vatAmount: shifted ? null : line.vatAmount,
    })),
  };
}

const toBookPayload = (values: FormValues): PurchaseBookPayload => ({
  ...toPayload(values),
  ...(values.isPaid ? { paidOn: values.paidOn, paidWith: values.paidWith } : {}),
});

const bookSchemaResolver = zodResolver(PurchaseBookInputSchema);
/** The shared schema checks what was typed (dates, IBAN, amounts) as the server will; booking rules are the server's. */
const resolver = ((values, context, options) =>
  bookSchemaResolver(toBookPayload(values as FormValues) as never, context, options as never)) as Resolver<
  FormValues,
  unknown,
  PurchaseBookInput
>;

interface ReviewFormProps {
  /** The purchase invoice in review; without it a new one typed in by hand. */
  detail: PurchaseInvoiceDetail | undefined;
  /** A new one was saved: the dialog goes on with it. */
  onCreated: (detail: PurchaseInvoiceDetail) => void;
  onClose: () => void;
}

/**
 * The review form: what the readers found, each prefilled field with where it came from (low confidence
 * marked for checking), to correct and save or book. Booking can pay a receipt at once ('Al betaald').
 */
export function ReviewForm({ detail, onCreated, onClose }: ReviewFormProps) {
  const create = useCreatePurchaseInvoice();
  const save = useSavePurchaseInvoice();
  const book = useBookPurchaseInvoice();
  const remove = useDeletePurchaseInvoice();
  const categories = useExpenseCategories();
  const [isDeleting, setIsDeleting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [action, setAction] = useState<"save" | "book" | null>(null);
  // A new one saved by a booking that was then refused (a missing date): it exists now, in review.
  const created = useRef<PurchaseInvoiceDetail | undefined>(undefined);
  const [defaults] = useState(() => toFormValues(detail));
  const form = useForm<FormValues, unknown, PurchaseBookInput>({ resolver, defaultValues: defaults });
  const { errors, dirtyFields } = form.formState;
  const lines = useFieldArray({ control: form.control, name: "lines" });
  // The lines as they were after the last change of an amount or rate: whether the VAT still follows them.
  const previousLines = useRef<LineText[]>(defaults.lines.map((line) => ({ ...line })));
  const values = useWatch({ control: form.control }) as FormValues;
  const treatment = values.vatTreatment;
  const isShifted = isShiftedVat(treatment);
  const totals = formTotals(values.lines, treatment);
  const origins = detail?.reading?.origins ?? {};
  const isPending = create.isPending || save.isPending || book.isPending;

  /** Where a prefilled field came from, while it still holds what was read. */
  const hintFor = (origin: PurchaseFieldOrigin | undefined, isDirty: boolean | undefined) =>
    origin && !isDirty ? originHint(origin) : null;
  const hintNode = (hint: ReturnType<typeof hintFor>, extra?: ReactNode) =>
    hint || extra ? (
      <span className="flex flex-wrap items-center gap-x-2">
        {hint && (
          <span className={cn("inline-flex items-center gap-1", hint.isLow && "font-medium text-amber-800")}>
            {hint.isLow && <AlertTriangle className="size-3" aria-hidden />}
            {hint.text}
            {hint.isLow && " — controleer dit"}
          </span>
        )}
        {extra}
      </span>
    ) : undefined;
  const lowClass = (hint: ReturnType<typeof hintFor>) =>
    hint?.isLow ? "border-amber-500 bg-amber-50/60" : "";

  /** Follows a change of amount or rate with the VAT, unless the VAT was typed in differently. */
  const followVat = (index: number) => {
    const line = form.getValues(`lines.${index}`);
    const previous = previousLines.current[index] ?? line;
    previousLines.current[index] = { ...line };
    if (isShiftedVat(form.getValues("vatTreatment"))) return;
    const typed = line.vatAmount.trim() === "" ? null : parseAmount(line.vatAmount);
    const before = expectedVat(previous);
    if (typed !== null && typed !== before) return;
    const next = expectedVat(line);
    if (next !== null) form.setValue(`lines.${index}.vatAmount`, formatAmount(next), { shouldDirty: true });
  };

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fieldErrors) {
      setFormError(getErrorMessage(error));
      return;
    }
    const fieldErrors = error.fieldErrors;
    const names: string[] = [...FIELD_NAMES];
    form.getValues("lines").forEach((_, index) => {
      for (const field of LINE_FIELDS) names.push(`lines.${index}.${field}`);
    });
    let isFirst = true;
    for (const name of names) {
      const message = fieldErrors[name];
      if (!message) continue;
      form.setError(name as never, { type: "server", message }, { shouldFocus: isFirst });
      isFirst = false;
    }
    // 'Kies een leverancier of vul de naam in' belongs under the supplier, whichever of the two the server named.
    if (fieldErrors.lines) setLinesError(fieldErrors.lines);
    const isShown = Object.keys(fieldErrors).some((name) => names.includes(name) || name === "lines");
    if (!isShown) setFormError(getErrorMessage(error));
  };

  const submit = (kind: "save" | "book") =>
    form.handleSubmit(async () => {
      const raw = form.getValues();
      setFormError(null);
      setLinesError(null);
      setAction(kind);
      try {
        let current = detail ?? created.current;
        if (!current) {
          current = await create.mutateAsync(toPayload(raw));
          // Saved now: a second try books this one rather than adding another.
          created.current = current;
          if (kind === "save") {
            toast({
              title: "Inkoopfactuur opgeslagen",
              description: "Je kunt hem later controleren en boeken.",
            });
            onCreated(current);
            return;
          }
        } else if (kind === "save") {
          await save.mutateAsync({ id: current.id, input: toPayload(raw) });
          toast({ title: "Wijzigingen opgeslagen" });
          return;
        }
        const booked = await book.mutateAsync({ id: current.id, input: toBookPayload(raw) });
        toast({
          title: booked.status === "paid" ? "Geboekt en betaald" : "Inkoopfactuur geboekt",
          description:
            booked.status === "paid"
              ? `${supplierLabel(booked)}: ${formatEuro(cents(booked.total))} is betaald.`
              : `${supplierLabel(booked)}: ${formatEuro(cents(booked.openAmount))} staat open.`,
        });
        onClose();
      } catch (error) {
        showServerErrors(error);
        toastError(error);
      } finally {
        setAction(null);
      }
    });

  const confirmDelete = async () => {
    if (!detail) return;
    try {
      await remove.mutateAsync(detail.id);
      toast({ title: "Inkoopfactuur verwijderd" });
      setIsDeleting(false);
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  const linesHint = hintFor(origins.lines, dirtyFields.lines !== undefined);
  const supplierHint = hintFor(origins.supplier, dirtyFields.supplierId || dirtyFields.supplierName);
  const proposal = detail?.proposedSupplier;
  const isNewSupplier = !values.supplierId && values.supplierName.trim() !== "";
  const warnings = detail?.reading?.warnings ?? [];
  const text = detail?.reading?.text;

  return (
    <form
      // Enter in a field saves; booking is always a deliberate click.
      onSubmit={(event) => void submit("save")(event)}
      noValidate
      aria-label="Inkoopfactuur controleren"
      className="flex min-w-0 flex-col gap-5"
    >
      {warnings.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            Let op bij het controleren
          </p>
          <ul className="mt-1 list-disc pl-6">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}

      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Leverancier</legend>
        <FormField
          label="Leverancier"
          error={errors.supplierId?.message}
          hint={
            values.supplierId && supplierHint
              ? hintNode(
                  // The supplier itself was recognised among the relations, not read off the page.
                  origins.supplier?.source === "supplier"
                    ? { text: "herkend als bestaande leverancier", isLow: false }
                    : supplierHint,
                )
              : undefined
          }
        >
          {(control) => (
            <Controller
              control={form.control}
              name="supplierId"
              render={({ field }) => (
                <ClientPicker
                  {...control}
                  ref={field.ref}
                  role="supplier"
                  value={field.value}
                  onBlur={field.onBlur}
                  selectedName={detail?.supplierId === field.value ? detail.supplierName : undefined}
                  texts={{
                    placeholder: "Zoek een leverancier",
                    emptyText: "Geen leveranciers gevonden",
                    noneLabel: "Nieuwe leverancier",
                  }}
                  onChange={(id, supplier) => {
                    field.onChange(id);
                    if (!supplier) return;
                    // The supplier's habits, where the document or the user did not decide already.
                    if (supplier.defaultVatTreatment && !dirtyFields.vatTreatment && !origins.vatTreatment) {
                      form.setValue("vatTreatment", supplier.defaultVatTreatment, { shouldDirty: true });
                    }
                    if (supplier.defaultCategoryId) {
                      form.getValues("lines").forEach((line, index) => {
                        if (!line.categoryId) {
                          form.setValue(`lines.${index}.categoryId`, supplier.defaultCategoryId!, {
                            shouldDirty: true,
                          });
                        }
                      });
                    }
                  }}
                />
              )}
            />
          )}
        </FormField>
        {!values.supplierId && (
          <FormField
            label="Of de naam van een nieuwe leverancier"
            error={errors.supplierName?.message}
            hint={hintNode(
              supplierHint,
              isNewSupplier && (
                <span className="font-medium text-foreground">
                  Nieuwe leverancier: wordt aangemaakt bij het boeken
                </span>
              ),
            )}
          >
            <Input autoComplete="off" className={lowClass(supplierHint)} {...form.register("supplierName")} />
          </FormField>
        )}
        {!values.supplierId && proposal && (proposal.vatNumber || proposal.kvkNumber || proposal.iban) && (
          <p className="text-xs text-muted-foreground">
            Van het document:{" "}
            {[
              proposal.vatNumber && `btw-id ${proposal.vatNumber}`,
              proposal.kvkNumber && `KvK ${proposal.kvkNumber}`,
              proposal.iban && `IBAN ${proposal.iban}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["invoiceNumber", "Factuurnummer", "text"],
            ["invoiceDate", "Factuurdatum", "date"],
            ["dueDate", "Vervaldatum", "date"],
          ] as const
        ).map(([name, label, type]) => {
          const hint = hintFor(origins[name], dirtyFields[name]);
          return (
            <FormField
              key={name}
              label={label}
              optional={name === "invoiceNumber"}
              error={errors[name]?.message}
              hint={hintNode(
                hint,
                name === "dueDate" && !values.dueDate && values.invoiceDate
                  ? "leeg: 30 dagen na de factuurdatum"
                  : undefined,
              )}
            >
              <Input type={type} autoComplete="off" className={lowClass(hint)} {...form.register(name)} />
            </FormField>
          );
        })}
        <FormField
          label="Btw"
          error={errors.vatTreatment?.message}
          hint={hintNode(hintFor(origins.vatTreatment, dirtyFields.vatTreatment))}
        >
          <Select {...form.register("vatTreatment")}>
            {PURCHASE_VAT_TREATMENTS.map((value) => (
              <option key={value} value={value}>
                {PURCHASE_VAT_TREATMENT_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 flex w-full flex-wrap items-baseline justify-between gap-2 text-sm font-semibold">
          <span>Bedragen</span>
          {linesHint && (
            <span className="text-xs font-normal text-muted-foreground">{hintNode(linesHint)}</span>
          )}
        </legend>
        {origins.category && (
          <p className="text-xs text-muted-foreground">Categorie {originHint(origins.category).text}</p>
        )}
        <ul className="flex flex-col gap-3">
          {lines.fields.map((field, index) => {
            const lineErrors = errors.lines?.[index];
            const number = index + 1;
            const line = values.lines[index];
            const computedVat = line && isShifted ? expectedVat(line) : null;
            return (
              <li key={field.id} className="flex flex-col gap-3 rounded-lg border border-border p-3">
                <div className="flex items-start gap-2">
                  <LineField
                    label="Categorie"
                    number={number}
                    error={lineErrors?.categoryId?.message}
                    className="min-w-0 flex-1"
                  >
                    {(control) => (
                      <Select
                        {...control}
                        {...form.register(`lines.${index}.categoryId`)}
                        disabled={categories.isPending}
                      >
                        <option value="">
                          {categories.isPending ? "Categorieën laden…" : "Kies een categorie"}
                        </option>
                        {categories.data?.map((category) => (
                          <option key={category.id} value={category.id}>
                            {category.name}
                          </option>
                        ))}
                      </Select>
                    )}
                  </LineField>
                  <div className="pt-5">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Regel ${number} verwijderen`}
                      disabled={lines.fields.length === 1}
                      onClick={() => {
                        previousLines.current.splice(index, 1);
                        lines.remove(index);
                      }}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </div>
                <div className="grid grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] gap-3">
                  <LineField label="Tarief" number={number} error={lineErrors?.vatRate?.message}>
                    {(control) => (
                      <Select
                        {...control}
                        {...form.register(`lines.${index}.vatRate`, { onChange: () => followVat(index) })}
                      >
                        {PURCHASE_VAT_RATES.map((rate) => (
                          <option key={rate} value={String(rate)}>
                            {rate}%
                          </option>
                        ))}
                      </Select>
                    )}
                  </LineField>
                  <LineField label="Excl. btw" number={number} error={lineErrors?.netAmount?.message}>
                    {(control) => (
                      <AmountInput
                        {...control}
                        {...form.register(`lines.${index}.netAmount`, { onChange: () => followVat(index) })}
                      />
                    )}
                  </LineField>
                  <LineField
                    label={isShifted ? "Btw (verlegd)" : "Btw"}
                    number={number}
                    error={lineErrors?.vatAmount?.message}
                  >
                    {(control) =>
                      isShifted ? (
                        // Shifted VAT is computed from the amount: the supplier charged none to type in.
                        <Input
                          {...control}
                          readOnly
                          tabIndex={-1}
                          value={computedVat === null ? "" : formatAmount(computedVat)}
                          className="bg-muted text-muted-foreground"
                        />
                      ) : (
                        <AmountInput {...control} {...form.register(`lines.${index}.vatAmount`)} />
                      )
                    }
                  </LineField>
                </div>
              </li>
            );
          })}
        </ul>
        {linesError && <p className="text-[0.8125rem] font-medium text-destructive">{linesError}</p>}
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => {
            const line = emptyLine();
            previousLines.current.push({ ...line });
            lines.append(line);
          }}
        >
          <Plus aria-hidden />
          Regel toevoegen
        </Button>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
          <dt className="text-muted-foreground">Excl. btw</dt>
          <dd className="text-right tabular-nums">{totals.net === null ? "—" : formatEuro(totals.net)}</dd>
          <dt className="text-muted-foreground">{isShifted ? "Btw verlegd (geef je zelf aan)" : "Btw"}</dt>
          <dd className="text-right tabular-nums">{totals.vat === null ? "—" : formatEuro(totals.vat)}</dd>
          <dt className="font-semibold">Totaal te betalen</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="purchase-form-total">
            {totals.total === null ? "—" : formatEuro(totals.total)}
          </dd>
        </dl>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="IBAN"
          optional
          error={errors.iban?.message}
          hint={hintNode(hintFor(origins.iban, dirtyFields.iban))}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={lowClass(hintFor(origins.iban, dirtyFields.iban))}
            {...form.register("iban")}
          />
        </FormField>
        <FormField
          label="Betalingskenmerk"
          optional
          error={errors.paymentReference?.message}
          hint={hintNode(hintFor(origins.paymentReference, dirtyFields.paymentReference))}
        >
          <Input
            autoComplete="off"
            className={lowClass(hintFor(origins.paymentReference, dirtyFields.paymentReference))}
            {...form.register("paymentReference")}
          />
        </FormField>
        <FormField
          label="Omschrijving"
          optional
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="off" {...form.register("description")} />
        </FormField>
      </div>

      {text && (
        <Collapsible className="rounded-lg border border-border">
          <CollapsibleTrigger className="group flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/40">
            <ChevronRight
              className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-90"
              aria-hidden
            />
            Herkende tekst
          </CollapsibleTrigger>
          <CollapsibleContent>
            <pre
              tabIndex={0}
              className="max-h-72 overflow-auto border-t border-border px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap text-muted-foreground"
            >
              {text}
            </pre>
          </CollapsibleContent>
        </Collapsible>
      )}

      <div className="flex flex-col gap-3 rounded-lg border border-border p-3">
        <Checkbox
          id={`purchase-paid-${detail?.id ?? "new"}`}
          label="Al betaald"
          description="Bijvoorbeeld een bonnetje dat je aan de kassa hebt betaald: het wordt meteen als betaald geboekt."
          {...form.register("isPaid")}
        />
        {values.isPaid && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Betaald op" error={errors.paidOn?.message}>
              <Input type="date" {...form.register("paidOn")} />
            </FormField>
            <FormField label="Betaald met" error={errors.paidWith?.message}>
              <Select {...form.register("paidWith")}>
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_LABELS[method]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
        )}
      </div>

      {formError && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {formError}
        </p>
      )}

      {/* Kept in view at the bottom of a long form. */}
      <div className="sticky -bottom-6 z-10 flex items-center justify-end gap-2 border-t border-border bg-card pt-3 pb-6">
        {detail && (
          <Button
            variant="ghost"
            className="mr-auto text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => setIsDeleting(true)}
            disabled={isPending}
          >
            <Trash2 aria-hidden />
            <span className="sr-only sm:not-sr-only">Verwijderen</span>
          </Button>
        )}
        <Button type="submit" variant="outline" disabled={isPending}>
          {action === "save" && <Spinner />}
          Opslaan
        </Button>
        <Button onClick={() => void submit("book")()} disabled={isPending}>
          {action === "book" && <Spinner />}
          {values.isPaid ? "Boeken als betaald" : "Boeken"}
        </Button>
      </div>

      <ConfirmDialog
        open={isDeleting}
        onClose={() => setIsDeleting(false)}
        title="Inkoopfactuur verwijderen?"
        description={
          detail && (
            <>
              {supplierLabel(detail)}
              {detail.invoiceNumber ? ` ${detail.invoiceNumber}` : ""} wordt verwijderd
              {detail.hasDocument ? ", met het document" : ""}. Dat kan niet ongedaan worden gemaakt.
            </>
          )
        }
        confirmLabel="Verwijderen"
        onConfirm={confirmDelete}
        isPending={remove.isPending}
      />
    </form>
  );
}

/** A field of a line: its label names the line, for screen readers ("Categorie regel 2"). */
function LineField({
  label,
  number,
  error,
  className,
  children,
}: {
  label: string;
  number: number;
  error: string | undefined;
  className?: string;
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  return (
    <FormField
      label={
        <>
          {label}
          <span className="sr-only"> regel {number}</span>
        </>
      }
      error={error}
      className={cn("gap-1.5", className)}
    >
      {children}
    </FormField>
  );
}
