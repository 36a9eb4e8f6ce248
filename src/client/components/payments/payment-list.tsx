import { useState } from "react";
import { Landmark, Trash2 } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { PAYMENT_METHOD_LABELS, type InvoicePayment } from "@shared/schemas/invoices";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { toast, toastError } from "@client/lib/toast";

const cents = (decimal: string) => parseCents(decimal) ?? 0;

interface PaymentListProps {
  /** The invoice paid: names the list for screen readers. */
  invoiceId: string;
  /** Amounts as decimal strings; negative is money back. */
  payments: readonly InvoicePayment[];
  /**
   * Each row says whether it is a payment or a refund (sales invoices); the purchase list calls every row a
   * payment and shows only how it was paid.
   */
  isKindShown: boolean;
  /** Ends the delete question: what becomes of the invoice. */
  afterDeleteText: string;
  onDelete: (variables: { id: string; paymentId: string }) => Promise<unknown>;
  isDeleting: boolean;
}

/** 'Betalingen': the payments on an invoice so far; one entered by mistake can be deleted. */
export function PaymentList({
  invoiceId,
  payments,
  isKindShown,
  afterDeleteText,
  onDelete,
  isDeleting,
}: PaymentListProps) {
  const [toDelete, setToDelete] = useState<InvoicePayment | undefined>();
  if (payments.length === 0) return null;
  const isRefund = (payment: InvoicePayment) => isKindShown && cents(payment.amount) < 0;

  const confirm = async () => {
    if (!toDelete) return;
    try {
      await onDelete({ id: invoiceId, paymentId: toDelete.id });
      toast({ title: isRefund(toDelete) ? "Terugbetaling verwijderd" : "Betaling verwijderd" });
      setToDelete(undefined);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <section aria-labelledby={`payments-${invoiceId}`} className="flex flex-col gap-2">
      <h3 id={`payments-${invoiceId}`} className="text-sm font-semibold">
        Betalingen
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-border text-sm">
        {payments.map((payment) => {
          const amount = cents(payment.amount);
          const kind = isRefund(payment) ? "Terugbetaling" : "Betaling";
          return (
            <li key={payment.id} className="flex items-start gap-3 px-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="tabular-nums">{formatDate(payment.date)}</span>
                  <span className="font-medium tabular-nums">{formatEuro(amount)}</span>
                </span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                  <span>
                    {isKindShown
                      ? `${kind} · ${PAYMENT_METHOD_LABELS[payment.method]}`
                      : PAYMENT_METHOD_LABELS[payment.method]}
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
        title={toDelete && isRefund(toDelete) ? "Terugbetaling verwijderen?" : "Betaling verwijderen?"}
        description={
          toDelete && (
            <>
              De {isRefund(toDelete) ? "terugbetaling" : "betaling"} van{" "}
              <strong className="font-semibold text-foreground">{formatEuro(cents(toDelete.amount))}</strong>{" "}
              op {formatDate(toDelete.date)} wordt verwijderd
              {toDelete.transactionId ? ", met de banktransactie die ermee is geboekt" : ""}.{" "}
              {afterDeleteText}
            </>
          )
        }
        confirmLabel="Verwijderen"
        onConfirm={confirm}
        isPending={isDeleting}
      />
    </section>
  );
}
