import { useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { businessDate } from "@shared/dates";
import { formatAmount, formatDate, formatEuro } from "@shared/format";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PaymentInputSchema,
  type PaymentInput,
} from "@shared/schemas/invoices";
import type { PurchaseInvoiceDetail, PurchaseInvoiceSummary } from "@shared/schemas/purchase-invoices";
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
import { useBankAccounts, usePurchaseInvoice, useRecordPurchasePayment } from "./api";
import { cents, euro, signedPayment, supplierLabel } from "./purchase-format";

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type FormValues = {
  date: string;
  /** As typed, without a sign: money back from the supplier is sent negative. */
  amount: string;
  method: PaymentMethod;
  bookTransaction: boolean;
  bankAccountId: string;
  note: string;
};
const FIELD_NAMES = ["date", "amount", "method", "bankAccountId", "note"] as const;

/** Paying the supplier what is open, or registering money the supplier paid back (a credit, an overpayment). */
type Mode = "payment" | "refund" | "settled";
const modeOf = (openCents: number): Mode =>
  openCents > 0 ? "payment" : openCents < 0 ? "refund" : "settled";
const TITLES: Readonly<Record<Mode, string>> = {
  payment: "Betaling registreren",
  refund: "Terugbetaling registreren",
  settled: "Betalingen",
};

interface PurchasePaymentDialogProps {
  /** The purchase invoice paid; the dialog is open while there is one. */
  invoice: PurchaseInvoiceSummary | undefined;
  onClose: () => void;
}

/** 'Betaling registreren' for a booked purchase invoice, as the sales invoices have it. */
export function PurchasePaymentDialog({ invoice, onClose }: PurchasePaymentDialogProps) {
  const detail = usePurchaseInvoice(invoice?.id);
  // The detail follows every payment; the list row shows at once while it loads.
  const current = detail.data ?? invoice;
  const mode = modeOf(current ? cents(current.openAmount) : 0);
  return (
    <Dialog open={invoice !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {current &&
              `${supplierLabel(current)}${current.invoiceNumber ? `, factuur ${current.invoiceNumber}` : ""}${current.invoiceDate ? ` van ${formatDate(current.invoiceDate)}` : ""}.`}
          </DialogDescription>
        </DialogHeader>
        {current && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
            <dt className="text-muted-foreground">Totaal</dt>
            <dd className="text-right tabular-nums">{euro(current.total)}</dd>
            <dt className="font-semibold">
              {cents(current.openAmount) < 0 ? "Tegoed bij leverancier" : "Open"}
            </dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatEuro(Math.abs(cents(current.openAmount)))}
            </dd>
          </dl>
        )}
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(detail.error)}
          </p>
        ) : !detail.data ? (
          <Skeleton className="h-64" />
        ) : mode === "settled" ? (
          <>
            <p className="text-sm text-muted-foreground">Er staat niets meer open op deze inkoopfactuur.</p>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Sluiten
              </Button>
            </DialogFooter>
          </>
        ) : (
          // A new form after every payment: its default amount is what is open now.
          <PaymentForm
            key={`${detail.data.id}:${detail.data.openAmount}`}
            invoice={detail.data}
            mode={mode}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

const paymentResolver = zodResolver(PaymentInputSchema);

function PaymentForm({
  invoice,
  mode,
  onClose,
}: {
  invoice: PurchaseInvoiceDetail;
  mode: Exclude<Mode, "settled">;
  onClose: () => void;
}) {
  const recordPayment = useRecordPurchasePayment();
  const [formError, setFormError] = useState<string | null>(null);
  const open = cents(invoice.openAmount);
  const form = useForm<FormValues, unknown, PaymentInput>({
    // The schema checks the amount with its sign, as the server will.
    resolver: ((values, context, options) =>
      paymentResolver(
        { ...values, amount: signedPayment(values.amount, open) },
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

  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    const isBooked = canBook && values.bookTransaction;
    setFormError(null);
    try {
      const paid = await recordPayment.mutateAsync({
        id: invoice.id,
        input: {
          date: values.date,
          amount: signedPayment(values.amount, open),
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
            ? `De inkoopfactuur van ${supplierLabel(paid)} is helemaal betaald.`
            : `Nog open: ${formatEuro(left)}.`,
      });
      onClose();
    } catch (error) {
      const isAtField = error instanceof ApiError && error.fieldErrors !== undefined;
      setFormError(isAtField ? null : getErrorMessage(error));
      toastError(error);
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={TITLES[mode]} className="flex flex-col gap-4">
      {mode === "refund" && (
        <p className="text-sm text-muted-foreground">
          De leverancier is je {formatEuro(-open)} schuldig. Registreer hier wat je hebt teruggekregen.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={mode === "refund" ? "Datum ontvangen" : "Betaaldatum"} error={errors.date?.message}>
          <Input type="date" {...form.register("date")} />
        </FormField>
        <FormField label={mode === "refund" ? "Ontvangen bedrag" : "Bedrag"} error={errors.amount?.message}>
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
          id={`book-purchase-payment-${invoice.id}`}
          label="Ook als banktransactie boeken"
          description="Gekoppeld aan de inkoopfactuur. De kosten tellen niet dubbel: die zijn al geboekt met de factuur."
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
      {formError && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {formError}
        </p>
      )}
      <DialogFormFooter submitLabel={TITLES[mode]} isPending={recordPayment.isPending} onCancel={onClose} />
    </form>
  );
}
