import { useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Landmark, Trash2 } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatAmount, formatDate, formatEuro } from "@shared/format";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PaymentInputSchema,
  type Invoice,
  type InvoiceDetail,
  type InvoicePayment,
  type PaymentInput,
} from "@shared/schemas/invoices";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
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
import { AmountInput } from "@client/components/ui/amount-input";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";
import { useBankAccounts, useDeletePayment, useInvoice, useRecordPayment } from "./api";
import { InvoiceErrorAlert, isShownAtFields } from "./invoice-error-alert";
import { cents, euro, invoiceLabel } from "./invoice-format";

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type FormValues = {
  date: string;
  /** As typed, without a sign: a refund is sent negative. */
  amount: string;
  method: PaymentMethod;
  bookTransaction: boolean;
  bankAccountId: string;
  note: string;
};
const FIELD_NAMES = ["date", "amount", "method", "bankAccountId", "note"] as const;

/** What is open decides what the dialog registers: a payment, a refund of an overpayment, or nothing. */
type Mode = "payment" | "refund" | "settled";
const modeOf = (openCents: number): Mode =>
  openCents > 0 ? "payment" : openCents < 0 ? "refund" : "settled";

const TITLES: Readonly<Record<Mode, string>> = {
  payment: "Betaling registreren",
  refund: "Terugbetaling registreren",
  settled: "Betalingen",
};

interface PaymentDialogProps {
  /** The invoice paid; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
}

/**
 * 'Betaling registreren': money received on an invoice (part or all of what is open), or, when the client paid
 * too much, the refund of it. Lists the payments so far; one entered by mistake can be deleted.
 */
export function PaymentDialog({ invoice, onClose }: PaymentDialogProps) {
  const detail = useInvoice(invoice?.id);
  // The detail is fresher (it follows every payment); the list row shows at once while it loads.
  const current = detail.data ?? invoice;
  const mode = modeOf(current ? cents(current.openAmount) : 0);
  return (
    <Dialog open={invoice !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {current &&
              `Factuur ${invoiceLabel(current)} aan ${current.clientName ?? "Onbekende klant"}, van ${formatDate(current.issueDate)}.`}
          </DialogDescription>
        </DialogHeader>
        {current && <SettlementSummary invoice={current} />}
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(detail.error)}
          </p>
        ) : !detail.data ? (
          <Skeleton className="h-64" />
        ) : (
          <>
            <PaymentList invoice={detail.data} />
            {mode === "settled" ? (
              <>
                <p className="text-sm text-muted-foreground">Er staat niets meer open op deze factuur.</p>
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
                invoice={detail.data}
                mode={mode}
                onClose={onClose}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SettlementSummary({ invoice }: { invoice: Invoice }) {
  const open = cents(invoice.openAmount);
  const rows: Array<[string, string]> = [
    ["Totaal", euro(invoice.total)],
    ["Betaald", euro(invoice.paidAmount)],
  ];
  if (cents(invoice.creditedAmount) !== 0) rows.push(["Gecrediteerd", euro(invoice.creditedAmount)]);
  rows.push(open < 0 ? ["Tegoed klant (terug te betalen)", formatEuro(-open)] : ["Open", formatEuro(open)]);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
      {rows.map(([label, value], index) => (
        <div key={label} className="contents">
          <dt className={index === rows.length - 1 ? "font-semibold" : "text-muted-foreground"}>{label}</dt>
          <dd className={`text-right tabular-nums ${index === rows.length - 1 ? "font-semibold" : ""}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const paymentResolver = zodResolver(PaymentInputSchema);

/** The amount as the API takes it: Dutch text, negative for a refund. */
const signedAmount = (amount: string, mode: Mode) =>
  mode === "refund" && amount.trim() !== "" ? `-${amount.trim()}` : amount;

function PaymentForm({
  invoice,
  mode,
  onClose,
}: {
  invoice: InvoiceDetail;
  mode: Exclude<Mode, "settled">;
  onClose: () => void;
}) {
  const recordPayment = useRecordPayment();
  const [formError, setFormError] = useState<unknown>(null);
  const open = cents(invoice.openAmount);
  const form = useForm<FormValues, unknown, PaymentInput>({
    // The schema checks the amount with its sign, as the server will.
    resolver: ((values, context, options) =>
      paymentResolver(
        { ...values, amount: signedAmount(values.amount, mode) },
        context,
        options as never,
      )) as Resolver<FormValues, unknown, PaymentInput>,
    defaultValues: {
      date: businessDate(new Date()),
      amount: formatAmount(Math.abs(open)),
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

  // What was typed is sent (the server parses it with the same schema); a refund with a minus sign.
  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    const isBooked = canBook && values.bookTransaction;
    setFormError(null);
    try {
      const paid = await recordPayment.mutateAsync({
        id: invoice.id,
        input: {
          date: values.date,
          amount: signedAmount(values.amount, mode),
          method: values.method,
          bookTransaction: isBooked,
          // Empty: the default account.
          bankAccountId: isBooked ? values.bankAccountId || null : null,
          note: values.note,
        },
      });
      const left = cents(paid.openAmount);
      toast({
        title: mode === "refund" ? "Terugbetaling geregistreerd" : "Betaling geregistreerd",
        description:
          left === 0
            ? `Factuur ${invoiceLabel(paid)} is helemaal betaald.`
            : left > 0
              ? `Nog open op ${invoiceLabel(paid)}: ${formatEuro(left)}.`
              : `De klant heeft ${formatEuro(-left)} te veel betaald.`,
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
        <p className="text-sm text-muted-foreground">
          De klant heeft {formatEuro(-open)} te veel betaald. Registreer hier wat je hebt terugbetaald.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={mode === "refund" ? "Datum terugbetaling" : "Betaaldatum"}
          error={errors.date?.message}
        >
          <Input type="date" {...form.register("date")} />
        </FormField>
        <FormField
          label={mode === "refund" ? "Terugbetaald bedrag" : "Bedrag"}
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
          id={`book-payment-${invoice.id}`}
          label="Ook als banktransactie boeken"
          description="Gekoppeld aan de factuur. De omzet telt niet dubbel: die is al geboekt met de factuur."
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
      {formError !== null && <InvoiceErrorAlert error={formError} />}
      <DialogFormFooter submitLabel={TITLES[mode]} isPending={recordPayment.isPending} onCancel={onClose} />
    </form>
  );
}

function PaymentList({ invoice }: { invoice: InvoiceDetail }) {
  const deletePayment = useDeletePayment();
  const [toDelete, setToDelete] = useState<InvoicePayment | undefined>();
  if (invoice.payments.length === 0) return null;

  const confirm = async () => {
    if (!toDelete) return;
    try {
      await deletePayment.mutateAsync({ id: invoice.id, paymentId: toDelete.id });
      toast({ title: cents(toDelete.amount) < 0 ? "Terugbetaling verwijderd" : "Betaling verwijderd" });
      setToDelete(undefined);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section aria-labelledby={`payments-${invoice.id}`} className="flex flex-col gap-2">
      <h3 id={`payments-${invoice.id}`} className="text-sm font-semibold">
        Betalingen
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border text-sm">
        {invoice.payments.map((payment) => {
          const amount = cents(payment.amount);
          const kind = amount < 0 ? "Terugbetaling" : "Betaling";
          return (
            <li key={payment.id} className="flex items-start gap-3 px-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="tabular-nums">{formatDate(payment.date)}</span>
                  <span className="font-medium tabular-nums">{formatEuro(amount)}</span>
                </span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                  <span>
                    {kind} · {PAYMENT_METHOD_LABELS[payment.method]}
                  </span>
                  {payment.transactionId && (
                    <span className="inline-flex items-center gap-1">
                      <Landmark className="size-3" aria-hidden />
                      geboekt als banktransactie
                    </span>
                  )}
                </span>
                {payment.note && (
                  <span className="text-xs break-words text-muted-foreground">{payment.note}</span>
                )}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`${kind} van ${formatDate(payment.date)} (${formatEuro(amount)}) verwijderen`}
                onClick={() => setToDelete(payment)}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={toDelete !== undefined}
        onClose={() => setToDelete(undefined)}
        title={
          toDelete && cents(toDelete.amount) < 0 ? "Terugbetaling verwijderen?" : "Betaling verwijderen?"
        }
        description={
          toDelete && (
            <>
              De {cents(toDelete.amount) < 0 ? "terugbetaling" : "betaling"} van{" "}
              <strong className="font-semibold text-foreground">{formatEuro(cents(toDelete.amount))}</strong>{" "}
              op {formatDate(toDelete.date)} wordt verwijderd
              {toDelete.transactionId ? ", met de banktransactie die ermee is geboekt" : ""}. Wat open staat
              op de factuur wordt weer bijgewerkt.
            </>
          )
        }
        confirmLabel="Verwijderen"
        onConfirm={confirm}
        isPending={deletePayment.isPending}
      />
    </section>
  );
}
