import { useState, type ReactNode } from "react";
import { Download, Undo2, Wallet } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import {
  isShiftedVat,
  PURCHASE_MESSAGES,
  PURCHASE_VAT_TREATMENT_LABELS,
  type PurchaseInvoiceDetail,
} from "@shared/schemas/purchase-invoices";
import { AmountSummary } from "@client/components/payments/amount-summary";
import { PaymentList } from "@client/components/payments/payment-list";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { toast, toastError } from "@client/lib/toast";
import {
  purchaseDocumentUrl,
  useCreditPurchaseInvoice,
  useDeletePurchasePayment,
  useExpenseCategories,
} from "./api";
import { PurchasePaymentDialog } from "./payment-dialog";
import { cents, euro, supplierLabel } from "./purchase-format";

interface BookedViewProps {
  detail: PurchaseInvoiceDetail;
  /** Opens another purchase invoice: the correction just made. */
  onOpen: (id: string) => void;
}

/**
 * A booked purchase invoice: in the books, so read-only. What can still happen is paying it, correcting it with
 * a credit, and keeping the original at hand.
 */
export function BookedView({ detail, onOpen }: BookedViewProps) {
  const categories = useExpenseCategories();
  const credit = useCreditPurchaseInvoice();
  const deletePayment = useDeletePurchasePayment();
  const [isPaying, setIsPaying] = useState(false);
  const [isCrediting, setIsCrediting] = useState(false);
  const categoryName = (id: string | null) =>
    (id && categories.data?.find((category) => category.id === id)?.name) || "Zonder categorie";
  const open = cents(detail.openAmount);
  const shifted = isShiftedVat(detail.vatTreatment);

  const confirmCredit = async () => {
    try {
      const correction = await credit.mutateAsync(detail.id);
      toast({
        title: "Correctie gemaakt",
        description: "Pas de bedragen aan als het om een deel gaat, en boek de correctie.",
      });
      setIsCrediting(false);
      onOpen(correction.id);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Fact label="Leverancier">{supplierLabel(detail)}</Fact>
        <Fact label="Factuurnummer">{detail.invoiceNumber}</Fact>
        <Fact label="Factuurdatum">{detail.invoiceDate && formatDate(detail.invoiceDate)}</Fact>
        <Fact label="Vervaldatum">{detail.dueDate && formatDate(detail.dueDate)}</Fact>
        <Fact label="Btw" wide>
          {PURCHASE_VAT_TREATMENT_LABELS[detail.vatTreatment]}
        </Fact>
        <Fact label="IBAN">{detail.iban && <span className="break-all">{detail.iban}</span>}</Fact>
        <Fact label="Betalingskenmerk">{detail.paymentReference}</Fact>
        {detail.description && (
          <Fact label="Omschrijving" wide>
            {detail.description}
          </Fact>
        )}
      </dl>

      <section aria-labelledby={`lines-${detail.id}`} className="flex flex-col gap-2">
        <h3 id={`lines-${detail.id}`} className="text-sm font-semibold">
          Bedragen
        </h3>
        <ul className="divide-y divide-border rounded-lg border border-border text-sm">
          {detail.lines.map((line, index) => (
            <li
              key={index}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2"
            >
              <span className="min-w-0 break-words">
                {line.description ? `${line.description} · ` : ""}
                {categoryName(line.categoryId)}
              </span>
              <span className="text-muted-foreground tabular-nums">
                {euro(line.netAmount)} + {line.vatRate}% btw{shifted ? " (verlegd)" : ""}{" "}
                {euro(line.vatAmount)}
              </span>
            </li>
          ))}
        </ul>
        <AmountSummary
          rows={[
            ["Excl. btw", euro(detail.netAmount)],
            [shifted ? "Btw verlegd (geef je zelf aan)" : "Btw", euro(detail.vatAmount)],
            ["Totaal", euro(detail.total)],
            [open < 0 ? "Tegoed bij leverancier" : "Open", formatEuro(Math.abs(open))],
          ]}
        />
      </section>

      <PaymentList
        invoiceId={detail.id}
        payments={detail.payments}
        isKindShown={false}
        afterDeleteText="De inkoopfactuur staat daarna weer open."
        onDelete={deletePayment.mutateAsync}
        isDeleting={deletePayment.isPending}
      />

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {open !== 0 && (
          <Button onClick={() => setIsPaying(true)}>
            <Wallet aria-hidden />
            {open > 0 ? "Betaling registreren" : "Terugbetaling registreren"}
          </Button>
        )}
        <Button variant="outline" onClick={() => setIsCrediting(true)}>
          <Undo2 aria-hidden />
          Corrigeren
        </Button>
        {detail.hasDocument && (
          <Button variant="outline" asChild>
            <a href={purchaseDocumentUrl(detail.id, { download: true })} download>
              <Download aria-hidden />
              Origineel downloaden
            </a>
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{PURCHASE_MESSAGES.deleteBooked}</p>

      <PurchasePaymentDialog invoice={isPaying ? detail : undefined} onClose={() => setIsPaying(false)} />
      <ConfirmDialog
        open={isCrediting}
        onClose={() => setIsCrediting(false)}
        title="Inkoopfactuur corrigeren?"
        description="Balans maakt een correctie met dezelfde bedragen negatief, om te controleren en te boeken. Gaat het om een deel, pas de bedragen dan aan. Deze inkoopfactuur blijft bewaard."
        confirmLabel="Correctie maken"
        onConfirm={confirmCredit}
        isPending={credit.isPending}
        isDestructive={false}
      />
    </div>
  );
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const isEmpty = children === null || children === undefined || children === "" || children === false;
  return (
    <div className={wide ? "flex flex-col gap-0.5 sm:col-span-2" : "flex flex-col gap-0.5"}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={isEmpty ? "text-muted-foreground" : "break-words"}>{isEmpty ? "—" : children}</dd>
    </div>
  );
}
