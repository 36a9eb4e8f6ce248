import { formatDate, formatEuro } from "@shared/format";
import type { PurchaseInvoiceSummary } from "@shared/schemas/purchase-invoices";
import {
  RecordPaymentDialog,
  type PaymentDialogProps,
  type PaymentTexts,
} from "@client/components/payments/payment-dialog";
import { usePurchaseInvoice, useRecordPurchasePayment } from "./api";
import { cents, euro, signedPayment, supplierLabel } from "./purchase-format";

/** Paying the supplier what is open, or registering money the supplier paid back (a credit, an overpayment). */
const TEXTS: PaymentTexts = {
  settled: "Er staat niets meer open op deze inkoopfactuur.",
  refundIntro: (owed) => `De leverancier is je ${owed} schuldig. Registreer hier wat je hebt teruggekregen.`,
  refundDateLabel: "Datum ontvangen",
  refundAmountLabel: "Ontvangen bedrag",
  bookingNote:
    "Gekoppeld aan de inkoopfactuur. De kosten tellen niet dubbel: die zijn al geboekt met de factuur.",
};

/** 'Betaling registreren' for a booked purchase invoice, as the sales invoices have it. */
export function PurchasePaymentDialog({ invoice, onClose }: PaymentDialogProps<PurchaseInvoiceSummary>) {
  const detail = usePurchaseInvoice(invoice?.id);
  const recordPayment = useRecordPurchasePayment();
  return (
    <RecordPaymentDialog
      invoice={invoice}
      onClose={onClose}
      detail={detail}
      describe={(current) =>
        `${supplierLabel(current)}${current.invoiceNumber ? `, factuur ${current.invoiceNumber}` : ""}${current.invoiceDate ? ` van ${formatDate(current.invoiceDate)}` : ""}.`
      }
      summaryRows={(current) => {
        const open = cents(current.openAmount);
        return [
          ["Totaal", euro(current.total)],
          [open < 0 ? "Tegoed bij leverancier" : "Open", formatEuro(Math.abs(open))],
        ];
      }}
      texts={TEXTS}
      signAmount={signedPayment}
      onRecord={recordPayment.mutateAsync}
      isRecording={recordPayment.isPending}
      describeRecorded={(paid, left) =>
        left === 0
          ? `De inkoopfactuur van ${supplierLabel(paid)} is helemaal betaald.`
          : `Nog open: ${formatEuro(left)}.`
      }
    />
  );
}
