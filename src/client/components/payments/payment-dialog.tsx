import { useId, useState, type ReactNode } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { businessDate } from "@shared/dates";
import { formatAmount, formatEuro } from "@shared/format";
import { parseCents, type Cents } from "@shared/money";
import type { BankAccount } from "@shared/schemas/bank-accounts";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PaymentInputSchema,
  type PaymentFormInput,
  type PaymentInput,
} from "@shared/schemas/invoices";
import { AmountInput } from "@client/components/ui/amount-input";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { AmountSummary, type AmountRow } from "./amount-summary";

const cents = (decimal: string) => parseCents(decimal) ?? 0;

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type FormValues = {
  date: string;
  /** As typed, without a sign: money going back is sent negative. */
  amount: string;
  method: PaymentMethod;
  bookTransaction: boolean;
  bankAccountId: string;
  note: string;
};
const FIELD_NAMES = ["date", "amount", "method", "bankAccountId", "note"] as const;

/** What is open decides what the dialog registers: a payment, money going back, or nothing. */
type Mode = "payment" | "refund" | "settled";
const modeOf = (openCents: Cents): Mode => (openCents > 0 ? "payment" : openCents < 0 ? "refund" : "settled");

const TITLES: Readonly<Record<Mode, string>> = {
  payment: "Betaling registreren",
  refund: "Terugbetaling registreren",
  settled: "Betalingen",
};

/** The words that differ between a sales and a purchase invoice. */
export interface PaymentTexts {
  /** Shown instead of the form when nothing is open. */
  settled: string;
  /** Above the refund form, with what is owed back ("€ 12,50"). */
  refundIntro: (owed: string) => string;
  refundDateLabel: string;
  refundAmountLabel: string;
  /** Under 'Ook als banktransactie boeken': why the money does not count twice. */
  bookingNote: string;
}

/** What the dialog reads of the invoice paid; amounts cross the API as decimal strings. */
interface Payable {
  id: string;
  openAmount: string;
}

/** What a screen gives its payment dialog. */
export interface PaymentDialogProps<TRow> {
  /** The invoice paid, as the list has it; the dialog is open while there is one. */
  invoice: TRow | undefined;
  onClose: () => void;
}

interface RecordPaymentDialogProps<
  TRow extends Payable,
  TDetail extends TRow,
> extends PaymentDialogProps<TRow> {
  /** The invoice's detail as asked; it follows every payment. */
  detail: { data: TDetail | undefined; isError: boolean; error: unknown };
  /** Under the title: which invoice is paid. */
  describe: (invoice: TRow) => string;
  /** The amounts above the form, what is open last. */
  summaryRows: (invoice: TRow) => AmountRow[];
  /** The payments so far, between the amounts and the form. */
  renderPayments?: (detail: TDetail) => ReactNode;
  texts: PaymentTexts;
  /** The typed amount as the API takes it: negative when money goes back. */
  signAmount: (typed: string, openCents: Cents) => string;
  onRecord: (variables: { id: string; input: PaymentFormInput }) => Promise<TDetail>;
  isRecording: boolean;
  /** The success toast's line, with what is still open after the payment. */
  describeRecorded: (paid: TDetail, leftCents: Cents) => string;
  /** The form's error message; the sales invoices link to Settings when the company details are missing. */
  renderError?: (error: unknown) => ReactNode;
  /** Whether the form's fields show the error already, so the message would only repeat it. */
  isShownAtFields?: (error: unknown) => boolean;
}

/**
 * 'Betaling registreren': money paid on an invoice, sales or purchase (part or all of what is open), or, when too
 * much was paid, the money going back.
 */
export function RecordPaymentDialog<TRow extends Payable, TDetail extends TRow>({
  invoice,
  onClose,
  detail,
  describe,
  summaryRows,
  renderPayments,
  texts,
  ...formProps
}: RecordPaymentDialogProps<TRow, TDetail>) {
  // The detail is fresher (it follows every payment); the list row shows at once while it loads.
  const current = detail.data ?? invoice;
  const mode = modeOf(current ? cents(current.openAmount) : 0);
  return (
    <Dialog open={invoice !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>{current && describe(current)}</DialogDescription>
        </DialogHeader>
        {current && <AmountSummary rows={summaryRows(current)} />}
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(detail.error)}
          </p>
        ) : !detail.data ? (
          <Skeleton className="h-64" />
        ) : (
          <>
            {renderPayments?.(detail.data)}
            {mode === "settled" ? (
              <>
                <p className="text-sm text-muted-foreground">{texts.settled}</p>
                <DialogFooter>
                  <Button variant="outline" onClick={onClose}>
                    Sluiten
                  </Button>
                </DialogFooter>
              </>
            ) : (
              // A new form after every change: its default amount is what is open now.
              <PaymentForm
                key={`${detail.data.id}:${detail.data.openAmount}`}
                invoiceId={detail.data.id}
                openCents={cents(detail.data.openAmount)}
                mode={mode}
                texts={texts}
                onClose={onClose}
                {...formProps}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The accounts a payment can be booked on (the key Settings and the transactions screen read too). */
function useBankAccounts(enabled: boolean) {
  return useQuery({ ...queryOptions<BankAccount[]>({ queryKey: ["/api/bank-accounts"] }), enabled });
}

const paymentResolver = zodResolver(PaymentInputSchema);

const isAtFields = (error: unknown) => error instanceof ApiError && error.fieldErrors !== undefined;

const renderMessage = (error: unknown) => (
  <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
    {getErrorMessage(error)}
  </p>
);

type PaymentFormProps<TDetail extends Payable> = Pick<
  RecordPaymentDialogProps<Payable, TDetail>,
  | "onClose"
  | "texts"
  | "signAmount"
  | "onRecord"
  | "isRecording"
  | "describeRecorded"
  | "renderError"
  | "isShownAtFields"
> & {
  invoiceId: string;
  openCents: Cents;
  mode: Exclude<Mode, "settled">;
};

function PaymentForm<TDetail extends Payable>({
  invoiceId,
  openCents,
  mode,
  texts,
  onClose,
  signAmount,
  onRecord,
  isRecording,
  describeRecorded,
  renderError = renderMessage,
  isShownAtFields = isAtFields,
}: PaymentFormProps<TDetail>) {
  const bookId = useId();
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm<FormValues, unknown, PaymentInput>({
    // The schema checks the amount with its sign, as the server will.
    resolver: ((values, context, options) =>
      paymentResolver(
        { ...values, amount: signAmount(values.amount, openCents) },
        context,
        options as never,
      )) as Resolver<FormValues, unknown, PaymentInput>,
    defaultValues: {
      date: businessDate(new Date()),
      amount: formatAmount(Math.abs(openCents)),
      method: "bank",
      bookTransaction: false,
      bankAccountId: "",
      note: "",
    },
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: "method" });
  const bookTransaction = useWatch({ control: form.control, name: "bookTransaction" });
  const canBook = method === "bank";
  const accounts = useBankAccounts(canBook && bookTransaction);
  const defaultAccount = accounts.data?.find((account) => account.isDefault);

  // What was typed is sent (the server parses it with the same schema), money going back with a minus sign.
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    const isBooked = canBook && values.bookTransaction;
    setFormError(null);
    try {
      const paid = await onRecord({
        id: invoiceId,
        input: {
          date: values.date,
          amount: signAmount(values.amount, openCents),
          method: values.method,
          bookTransaction: isBooked,
          // Empty: the default account.
          bankAccountId: isBooked ? values.bankAccountId || null : null,
          note: values.note,
        },
      });
      toast({
        title: mode === "refund" ? "Terugbetaling geregistreerd" : "Betaling geregistreerd",
        description: describeRecorded(paid, cents(paid.openAmount)),
      });
      onClose();
    } catch (error) {
      setFormError(isShownAtFields(error) ? null : error);
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TITLES[mode]} className="flex flex-col gap-4">
      {mode === "refund" && (
        <p className="text-sm text-muted-foreground">{texts.refundIntro(formatEuro(-openCents))}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={mode === "refund" ? texts.refundDateLabel : "Betaaldatum"}
          error={errors.date?.message}
        >
          <Input type="date" {...form.register("date")} />
        </FormField>
        <FormField
          label={mode === "refund" ? texts.refundAmountLabel : "Bedrag"}
          error={errors.amount?.message}
        >
          <AmountInput {...form.register("amount")} />
        </FormField>
        <FormField label="Betaalwijze" error={errors.method?.message} className="sm:col-span-2">
          <Select {...form.register("method")}>
            {PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYMENT_METHOD_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {canBook && (
        <Checkbox
          id={bookId}
          label="Ook als banktransactie boeken"
          description={texts.bookingNote}
          {...form.register("bookTransaction")}
        />
      )}
      {canBook && bookTransaction && (
        <FormField label="Bankrekening" error={errors.bankAccountId?.message}>
          <Select {...form.register("bankAccountId")} disabled={accounts.isPending}>
            <option value="">
              {accounts.isPending
                ? "Rekeningen laden…"
                : defaultAccount
                  ? `Standaardrekening (${defaultAccount.name})`
                  : "Standaardrekening"}
            </option>
            {accounts.data
              ?.filter((account) => !account.isDefault)
              .map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                  {account.iban ? ` · ${account.iban}` : ""}
                </option>
              ))}
          </Select>
        </FormField>
      )}
      <FormField label="Notitie" optional error={errors.note?.message}>
        <Input autoComplete="off" {...form.register("note")} />
      </FormField>
      {formError !== null && renderError(formError)}
      <DialogFormFooter submitLabel={TITLES[mode]} isPending={isRecording} onCancel={onClose} />
    </form>
  );
}
