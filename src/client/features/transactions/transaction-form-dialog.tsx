import { useEffect, useId, type ChangeEvent } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { businessDate } from "@shared/dates";
import { formatAmount, formatEuro } from "@shared/format";
import { parseAmount } from "@shared/money";
import { RECURRING_INTERVAL_LABELS, RECURRING_INTERVALS } from "@shared/recurrence";
import {
  BALANCE_BOOKINGS,
  BOOKING_VAT_TREATMENT_LABELS,
  BOOKING_VAT_TREATMENTS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TransactionInputSchema,
  type Transaction,
  type TransactionFormInput,
  type TransactionInput,
} from "@shared/schemas/transactions";
import { BOOKING_LABELS } from "@shared/schemas/bank-statements";
import { VAT_RATES } from "@shared/vat";
import { ClientPicker } from "@client/components/pickers/client-picker";
import { ProjectPicker } from "@client/components/pickers/project-picker";
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
import { Input, inputClassName } from "@client/components/ui/input";
import { AmountInput } from "@client/components/ui/amount-input";
import { Select } from "@client/components/ui/select";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useBankAccounts, useCategories, useCreateTransaction, useUpdateTransaction } from "./api";
import { AmountEntrySwitch, amountLabel, useAmountEntry } from "./amount-entry";
import { liveTotal, rateOption, toPayload } from "./money";

const FIELD_NAMES = [
  "type",
  "amount",
  "vatRate",
  "vatTreatment",
  "balanceBooking",
  "amountIncludingVat",
  "description",
  "date",
  "status",
  "recurringInterval",
  "recurringEndDate",
  "categoryId",
  "clientId",
  "projectId",
  "bankAccountId",
  "notes",
] as const;

const VAT_LABELS: Record<number, string> = {
  0: "0% (geen BTW)",
  9: "9% (laag tarief)",
  21: "21% (standaard)",
};

function emptyForm(defaultAccountId: string | undefined, includesVat: boolean): TransactionFormInput {
  return {
    type: "expense",
    amount: "",
    amountIncludesVat: includesVat,
    vatRate: "21",
    vatTreatment: "taxed",
    balanceBooking: null,
    description: "",
    date: businessDate(new Date()),
    status: "completed",
    isRecurring: false,
    recurringInterval: "monthly",
    recurringEndDate: "",
    categoryId: "",
    clientId: "",
    projectId: "",
    bankAccountId: defaultAccountId ?? "",
    notes: "",
  };
}

/** A stored transaction in the form; with amounts typed including VAT, its total is what the field shows. */
function formFrom(transaction: Transaction, includesVat: boolean): TransactionFormInput {
  return {
    type: transaction.type,
    amount: formatAmount(parseAmount(includesVat ? transaction.amountIncludingVat : transaction.amount) ?? 0),
    amountIncludesVat: includesVat,
    vatRate: rateOption(transaction.vatRate),
    vatTreatment: transaction.vatTreatment,
    balanceBooking: transaction.balanceBooking,
    description: transaction.description,
    date: transaction.date,
    status: transaction.status,
    isRecurring: transaction.isRecurring,
    recurringInterval: transaction.recurringInterval ?? "monthly",
    recurringEndDate: transaction.recurringEndDate ?? "",
    categoryId: transaction.categoryId ?? "",
    clientId: transaction.clientId ?? "",
    projectId: transaction.projectId ?? "",
    bankAccountId: transaction.bankAccountId ?? "",
    notes: transaction.notes ?? "",
  };
}

interface TransactionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The transaction to edit; none for a new one. */
  transaction?: Transaction | undefined;
}

/** Spec §2.12: the full form, for creating and editing, in a dialog. */
export function TransactionFormDialog({ open, onOpenChange, transaction }: TransactionFormDialogProps) {
  const isEdit = transaction !== undefined;
  const categories = useCategories();
  const accounts = useBankAccounts();
  const create = useCreateTransaction();
  const update = useUpdateTransaction();
  const defaultAccountId = accounts.data?.find((account) => account.isDefault)?.id;
  const { includesVat, setIncludesVat } = useAmountEntry();

  const form = useForm<TransactionFormInput, unknown, TransactionInput>({
    resolver: zodResolver(TransactionInputSchema),
    defaultValues: transaction
      ? formFrom(transaction, includesVat)
      : emptyForm(defaultAccountId, includesVat),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(transaction ? formFrom(transaction, includesVat) : emptyForm(defaultAccountId, includesVat));
    }
    // The preference is read when the dialog opens; switching it while open rewrites the field (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, transaction, defaultAccountId, form]);

  const [type, amount, vatRate, isRecurring] = useWatch({
    control: form.control,
    name: ["type", "amount", "vatRate", "isRecurring"],
  });
  const computed = liveTotal(amount, vatRate, includesVat);

  // The field's text is read the way the form holds (amountIncludesVat). When the choice changes (the switch, or
  // the preference arriving after the dialog opened), the text is rewritten so that it stays the same booking.
  useEffect(() => {
    if (!open || form.getValues("amountIncludesVat") === includesVat) return;
    const shown = liveTotal(form.getValues("amount"), form.getValues("vatRate"), !includesVat);
    if (shown) form.setValue("amount", formatAmount(includesVat ? shown.total : shown.net));
    form.setValue("amountIncludesVat", includesVat);
  }, [open, includesVat, form]);
  const recurringId = useId();
  const totalId = useId();

  // Exempt and outside-scope bookings carry no VAT: the rate follows the treatment, and VAT makes it taxed.
  const isUntaxed = (treatment: unknown) => treatment === "exempt" || treatment === "outside_scope";
  const onTreatmentChange = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isUntaxed(event.target.value)) form.setValue("vatRate", "0");
  };
  const onRateChange = (event: ChangeEvent<HTMLSelectElement>) => {
    if (Number(event.target.value) > 0 && isUntaxed(form.getValues("vatTreatment")))
      form.setValue("vatTreatment", "taxed");
  };
  // A chosen category brings its treatment (Rente: outside the scope of VAT).
  // A balance-sheet booking (privé, the VAT payment, a transfer) has no VAT and no category.
  const onBalanceBookingChange = (event: ChangeEvent<HTMLSelectElement>) => {
    if (!event.target.value) return;
    form.setValue("vatRate", "0");
    form.setValue("categoryId", "");
  };
  const onCategoryChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const category = categories.data?.find((candidate) => candidate.id === event.target.value);
    if (!category) return;
    form.setValue("vatTreatment", category.vatTreatment);
    if (isUntaxed(category.vatTreatment)) form.setValue("vatRate", "0");
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (transaction) {
        // Amount and rate left alone: the booked amounts stay to the cent, however they were once typed (a receipt
        // booked including VAT read back excluding VAT could otherwise gain a cent).
        const payload = toPayload(input);
        const shown = includesVat ? transaction.amountIncludingVat : transaction.amount;
        const isAmountKept =
          parseAmount(String(form.getValues("amount"))) === parseAmount(shown) &&
          String(form.getValues("vatRate")) === rateOption(transaction.vatRate);
        if (isAmountKept) {
          payload.amount = transaction.amount;
          payload.vatAmount = transaction.vatAmount;
          payload.amountIncludingVat = transaction.amountIncludingVat;
        }
        await update.mutateAsync({ id: transaction.id, payload });
        toast({ title: "Transactie succesvol bijgewerkt" });
      } else {
        await create.mutateAsync(toPayload(input));
        toast({ title: "Transactie succesvol aangemaakt" });
      }
      onOpenChange(false);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: (
          <>
            {isEdit ? "Transactie bijwerken mislukt" : "Transactie aanmaken mislukt"}
            <span className="mt-1 block">{getErrorMessage(error)}</span>
          </>
        ),
      });
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  // The categories of the chosen type first; the other type's stay available (a refund booked as income…).
  const categoryGroups = (
    type === "income" ? (["income", "expense"] as const) : (["expense", "income"] as const)
  )
    .map(
      (groupType) =>
        [groupType, (categories.data ?? []).filter((category) => category.type === groupType)] as const,
    )
    .filter(([, group]) => group.length > 0);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? "Transactie bewerken" : "Nieuwe transactie"}</DialogTitle>
          <DialogDescription>
            {includesVat
              ? "Bedragen zijn inclusief BTW; de BTW en het bedrag exclusief BTW worden berekend."
              : "Bedragen zijn exclusief BTW; het totaal inclusief BTW wordt berekend."}
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={isEdit ? "Transactie bewerken" : "Nieuwe transactie"}
          className="flex flex-col gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Type" error={errors.type?.message}>
              <Select {...form.register("type")}>
                <option value="income">Inkomsten</option>
                <option value="expense">Uitgaven</option>
              </Select>
            </FormField>
            <FormField label="Soort boeking" error={errors.balanceBooking?.message}>
              <Select
                {...form.register("balanceBooking", {
                  onChange: onBalanceBookingChange,
                  setValueAs: (value: string) => value || null,
                })}
              >
                <option value="">Omzet of kosten</option>
                {BALANCE_BOOKINGS.map((booking) => (
                  <option key={booking} value={booking}>
                    {BOOKING_LABELS[booking]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Datum" error={errors.date?.message}>
              <Input type="date" {...form.register("date")} />
            </FormField>
            <FormField label={amountLabel(includesVat)} error={errors.amount?.message}>
              <AmountInput {...form.register("amount")} />
            </FormField>
            <FormField label="BTW percentage" error={errors.vatRate?.message}>
              <Select {...form.register("vatRate", { onChange: onRateChange })}>
                {VAT_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {VAT_LABELS[rate]}
                  </option>
                ))}
                {vatRate && !VAT_RATES.map(String).includes(String(vatRate)) && (
                  <option value={String(vatRate)}>{String(vatRate)}%</option>
                )}
              </Select>
            </FormField>
            <FormField label="Btw-behandeling" error={errors.vatTreatment?.message}>
              <Select {...form.register("vatTreatment", { onChange: onTreatmentChange })}>
                {BOOKING_VAT_TREATMENTS.map((treatment) => (
                  <option key={treatment} value={treatment}>
                    {BOOKING_VAT_TREATMENT_LABELS[treatment]}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <AmountEntrySwitch includesVat={includesVat} onChange={setIncludesVat} />
          <div
            className={cn(
              "flex items-center justify-between rounded-lg border border-border bg-muted/60 px-4 py-3",
              errors.amountIncludingVat && "border-destructive",
            )}
          >
            <span id={totalId} className="text-sm text-muted-foreground">
              Totaal incl. BTW
              {computed && (
                <span className="ml-1">
                  (BTW {formatEuro(computed.vat)}
                  {includesVat && `, excl. BTW ${formatEuro(computed.net)}`})
                </span>
              )}
            </span>
            <output
              aria-labelledby={totalId}
              aria-live="polite"
              className="text-lg font-semibold tabular-nums"
            >
              {computed ? formatEuro(computed.total) : "—"}
            </output>
          </div>
          {errors.amountIncludingVat?.message && (
            <p className="-mt-2 text-[0.8125rem] font-medium text-destructive">
              {errors.amountIncludingVat.message}
            </p>
          )}
          <FormField label="Beschrijving" error={errors.description?.message}>
            <Input autoComplete="off" {...form.register("description")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Status" error={errors.status?.message}>
              <Select {...form.register("status")}>
                {TRANSACTION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {TRANSACTION_STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Bankrekening" error={errors.bankAccountId?.message}>
              <Select {...form.register("bankAccountId")}>
                {(accounts.data ?? []).map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>

          <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4">
            <legend className="sr-only">Herhaling</legend>
            <Checkbox
              id={recurringId}
              label="Terugkerende transactie"
              description="Wordt automatisch opnieuw geboekt op elke volgende datum."
              {...form.register("isRecurring")}
            />
            {isRecurring && (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Interval" error={errors.recurringInterval?.message}>
                  <Select {...form.register("recurringInterval")}>
                    {RECURRING_INTERVALS.map((interval) => (
                      <option key={interval} value={interval}>
                        {RECURRING_INTERVAL_LABELS[interval]}
                      </option>
                    ))}
                  </Select>
                </FormField>
                <FormField label="Einddatum" optional error={errors.recurringEndDate?.message}>
                  <Input type="date" {...form.register("recurringEndDate")} />
                </FormField>
              </div>
            )}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="Categorie" optional error={errors.categoryId?.message}>
              <Select {...form.register("categoryId", { onChange: onCategoryChange })}>
                <option value="">Geen categorie</option>
                {categoryGroups.map(([groupType, group]) => (
                  <optgroup key={groupType} label={TRANSACTION_TYPE_LABELS[groupType]}>
                    {group.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </FormField>
            <FormField label="Klant" optional error={errors.clientId?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="clientId"
                  render={({ field }) => (
                    <ClientPicker
                      {...control}
                      ref={field.ref}
                      value={field.value ?? ""}
                      onChange={(id) => field.onChange(id)}
                      onBlur={field.onBlur}
                      texts={{ noneLabel: "Geen klant", placeholder: "Geen klant" }}
                    />
                  )}
                />
              )}
            </FormField>
            <FormField label="Project" optional error={errors.projectId?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="projectId"
                  render={({ field }) => (
                    <ProjectPicker
                      {...control}
                      ref={field.ref}
                      value={field.value ?? ""}
                      onChange={(id) => field.onChange(id)}
                      onBlur={field.onBlur}
                      texts={{ noneLabel: "Geen project", placeholder: "Geen project" }}
                    />
                  )}
                />
              )}
            </FormField>
          </div>
          <FormField label="Notities" optional error={errors.notes?.message}>
            <textarea
              rows={3}
              className={cn(inputClassName, "h-auto min-h-20 resize-y")}
              {...form.register("notes")}
            />
          </FormField>

          <DialogFormFooter
            submitLabel={
              isSubmitting ? "Opslaan..." : isEdit ? "Transactie bijwerken" : "Transactie aanmaken"
            }
            isPending={isSubmitting}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
