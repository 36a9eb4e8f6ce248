import { formatDate, formatEuro } from "@shared/format";
import type { Invoice } from "@shared/schemas/invoices";
import type { AmountRow } from "@client/components/payments/amount-summary";
import {
  RecordPaymentDialog,
  type PaymentDialogProps,
  type PaymentTexts,
} from "@client/components/payments/payment-dialog";
import { PaymentList } from "@client/components/payments/payment-list";
import { useDeletePayment, useInvoice, useRecordPayment } from "./api";
import { InvoiceErrorAlert, isShownAtFields } from "./invoice-error-alert";
import { cents, euro, invoiceLabel } from "./invoice-format";

const TEXTS: PaymentTexts = {
  settled: "Er staat niets meer open op deze factuur.",
  refundIntro: (owed) => `De klant heeft ${owed} te veel betaald. Registreer hier wat je hebt terugbetaald.`,
  refundDateLabel: "Datum terugbetaling",
  refundAmountLabel: "Terugbetaald bedrag",
  bookingNote: "Gekoppeld aan de factuur. De omzet telt niet dubbel: die is al geboekt met de factuur.",
};

/** A refund is typed without a sign and sent negative. */
const signedAmount = (typed: string, openCents: number) =>
  openCents < 0 && typed.trim() !== "" ? `-${typed.trim()}` : typed;

function settlementRows(invoice: Invoice): AmountRow[] {
  const open = cents(invoice.openAmount);
  const rows: AmountRow[] = [
    ["Totaal", euro(invoice.total)],
    ["Betaald", euro(invoice.paidAmount)],
  ];
  if (cents(invoice.creditedAmount) !== 0) rows.push(["Gecrediteerd", euro(invoice.creditedAmount)]);
  rows.push(open < 0 ? ["Tegoed klant (terug te betalen)", formatEuro(-open)] : ["Open", formatEuro(open)]);
  return rows;
}

/**
 * 'Betaling registreren': money received on an invoice (part or all of what is open), or, when the client paid
 * too much, the refund of it. Lists the payments so far; one entered by mistake can be deleted.
 */
export function PaymentDialog({ invoice, onClose }: PaymentDialogProps<Invoice>) {
  const detail = useInvoice(invoice?.id);
  const recordPayment = useRecordPayment();
  const deletePayment = useDeletePayment();
  return (
    <RecordPaymentDialog
      invoice={invoice}
      onClose={onClose}
      detail={detail}
      describe={(current) =>
        `Factuur ${invoiceLabel(current)} aan ${current.clientName ?? "Onbekende klant"}, van ${formatDate(current.issueDate)}.`
      }
      summaryRows={settlementRows}
      renderPayments={(paid) => (
        <PaymentList
          invoiceId={paid.id}
          payments={paid.payments}
          isKindShown
          afterDeleteText="Wat open staat op de factuur wordt weer bijgewerkt."
          onDelete={deletePayment.mutateAsync}
          isDeleting={deletePayment.isPending}
        />
      )}
      texts={TEXTS}
      signAmount={signedAmount}
      onRecord={recordPayment.mutateAsync}
      isRecording={recordPayment.isPending}
      describeRecorded={(paid, left) =>
        left === 0
          ? `Factuur ${invoiceLabel(paid)} is helemaal betaald.`
          : left > 0
            ? `Nog open op ${invoiceLabel(paid)}: ${formatEuro(left)}.`
            : `De klant heeft ${formatEuro(-left)} te veel betaald.`
      }
      renderError={(error) => <InvoiceErrorAlert error={error} />}
      isShownAtFields={isShownAtFields}
    />
  );
}
