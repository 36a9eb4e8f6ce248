import { Download, FileCode } from "lucide-react";
import { parseCents } from "@shared/money";
import { addressLines } from "@shared/invoices/address";
import {
  documentFacts,
  paymentRequestText,
  settledText,
  settlementRows,
} from "@shared/invoices/document-state";
import { documentTexts, formatDocumentEuro, formatDocumentQuantity } from "@shared/invoices/document-texts";
import type { InvoiceDocument } from "@shared/schemas/invoices";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { invoicePdfUrl, invoiceUblUrl, useInvoiceDocument } from "./api";
import { InvoiceTimeline } from "./invoice-timeline";
import { ReminderTimeline } from "./reminder-timeline";

const cents = (decimal: string) => parseCents(decimal) ?? 0;

interface InvoiceViewDialogProps {
  /** The invoice to show; the dialog is open while there is one. */
  invoiceId: string | undefined;
  onClose: () => void;
}

/**
 * The invoice as the client receives it (the same content as the PDF), with the PDF download and, once issued,
 * the e-invoice (UBL) beside it.
 */
export function InvoiceViewDialog({ invoiceId, onClose }: InvoiceViewDialogProps) {
  const document = useInvoiceDocument(invoiceId);
  // A draft's number is 'Concept', which its title already says.
  const heading = !document.data
    ? "Factuur bekijken"
    : document.data.isDraft
      ? document.data.title
      : `${document.data.title} ${document.data.invoiceNumber}`;
  return (
    <Dialog open={invoiceId !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl gap-4">
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>Zo ziet je klant de factuur. De PDF bevat precies hetzelfde.</DialogDescription>
        </DialogHeader>
        {document.isPending ? (
          <Skeleton className="h-96" />
        ) : document.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(document.error)}
          </p>
        ) : (
          <>
            <InvoicePaper document={document.data} />
            <InvoiceTimeline invoiceId={document.data.id} />
            <ReminderTimeline invoiceId={document.data.id} />
            <div className="flex flex-wrap justify-end gap-2">
              {/* Only an issued invoice has a number, and so an e-invoice. */}
              {!document.data.isDraft && (
                <Button asChild variant="outline">
                  <a href={invoiceUblUrl(document.data.id)} download>
                    <FileCode aria-hidden />
                    E-factuur (UBL) downloaden
                  </a>
                </Button>
              )}
              <Button asChild>
                <a href={invoicePdfUrl(document.data.id)} download>
                  <Download aria-hidden />
                  PDF downloaden
                </a>
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function InvoicePaper({ document }: { document: InvoiceDocument }) {
  const { seller, client, payment } = document;
  const isCreditNote = document.creditNoteForNumber !== null;
  const facts = documentFacts(document);
  const settlement = settlementRows(document);
  const settled = settledText(document);
  const request = paymentRequestText(document);
  // The paper is in the client's language (as the PDF); the dialog around it stays Dutch.
  const texts = documentTexts(document.language);
  const euro = (decimal: string) => formatDocumentEuro(cents(decimal), document.language);
  const quantity = (decimal: string) => formatDocumentQuantity(decimal, document.language);
  return (
    <article
      aria-label={`${document.title} ${document.invoiceNumber}`}
      className="flex min-w-0 flex-col gap-6 rounded-lg border border-border bg-white p-4 text-sm text-neutral-900 sm:p-8"
    >
      <header className="flex flex-col-reverse gap-4 sm:flex-row sm:justify-between">
        <div className="flex flex-col gap-0.5 text-xs text-neutral-600">
          {document.logoDataUrl && (
            // The same 160×60 box as the PDF, proportions kept.
            <img
              src={document.logoDataUrl}
              alt={`Logo ${seller.name}`}
              className="mb-3 h-auto max-h-[60px] w-auto max-w-[160px] self-start object-contain"
            />
          )}
          <p className="text-base font-semibold text-neutral-900">{seller.name || "—"}</p>
          {addressLines(seller).map((line) => (
            <p key={line}>{line}</p>
          ))}
          {seller.kvkNumber && (
            <p>
              {texts.chamberOfCommerce} {seller.kvkNumber}
            </p>
          )}
          {seller.vatNumber && (
            <p>
              {texts.sellerVatId} {seller.vatNumber}
            </p>
          )}
          {seller.email && <p>{seller.email}</p>}
          {seller.phone && <p>{seller.phone}</p>}
          {seller.website && <p>{seller.website}</p>}
        </div>
        <p
          className="text-2xl font-bold tracking-wide uppercase"
          style={document.style?.accentColor ? { color: document.style.accentColor } : undefined}
        >
          {document.title}
        </p>
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-0.5">
          <p className="text-xs text-neutral-600">{isCreditNote ? texts.creditNoteTo : texts.invoiceTo}</p>
          <p className="font-semibold">{client?.name ?? texts.unknownClient}</p>
          {client && addressLines(client).map((line) => <p key={line}>{line}</p>)}
          {client?.vatNumber && (
            <p>
              {texts.clientVatNumber} {client.vatNumber}
            </p>
          )}
          {client?.kvkNumber && (
            <p>
              {texts.chamberOfCommerce} {client.kvkNumber}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 self-start">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-xs text-neutral-600">{label}</dt>
              <dd className="text-right font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-neutral-300 text-left text-xs text-neutral-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                {texts.description}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {texts.quantity}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {texts.price}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {texts.vat}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {texts.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              <tr key={index} className="border-b border-neutral-200">
                <td className="py-2 pr-3">{line.description}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{quantity(line.quantity)}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                  {euro(line.unitPrice)}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap">{line.vatLabel}</td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">{euro(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{texts.subtotal}</dt>
        <dd className="text-right tabular-nums">{euro(document.subtotal)}</dd>
        {document.vatBreakdown.map((vat) => (
          <div key={vat.label} className="contents">
            <dt>{texts.vatOver(vat.label, euro(vat.base))}</dt>
            <dd className="text-right tabular-nums">{euro(vat.vat)}</dd>
          </div>
        ))}
        {document.vatBreakdown.length === 0 && (
          <>
            <dt>{texts.vat}</dt>
            <dd className="text-right tabular-nums">{euro(document.taxAmount)}</dd>
          </>
        )}
        <dt className="text-base font-bold">{texts.total}</dt>
        <dd className="text-right text-base font-bold tabular-nums">{euro(document.total)}</dd>
        {settlement.map((row) => (
          <div key={row.label} className="contents">
            <dt className={row.isBold ? "text-base font-bold" : undefined}>{row.label}</dt>
            <dd className={`text-right tabular-nums ${row.isBold ? "text-base font-bold" : ""}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>

      {(document.legalTexts.length > 0 || document.notes) && (
        <div className="flex flex-col gap-2">
          {document.legalTexts.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {document.notes && <p className="whitespace-pre-line">{document.notes}</p>}
        </div>
      )}

      <footer className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          {settled && (
            <p className={settled.isPaid ? "text-base font-semibold text-green-700" : undefined}>
              {settled.text}
            </p>
          )}
          {request && <p>{request}</p>}
          {/* The footer often holds the payment term, which a credit note does not have. */}
          {seller.invoiceFooter && !isCreditNote && (
            <p className="whitespace-pre-line text-neutral-600">{seller.invoiceFooter}</p>
          )}
        </div>
        {payment?.qrDataUrl && (
          <figure className="flex shrink-0 flex-col items-center gap-1">
            <img
              src={payment.qrDataUrl}
              alt={`Betaal-QR-code: ${euro(payment.amount)} naar ${payment.iban}, kenmerk ${payment.reference}`}
              width={128}
              height={128}
            />
            <figcaption className="text-xs text-neutral-600">{texts.scanToPay}</figcaption>
          </figure>
        )}
      </footer>
      {/* Settings → Factuuropmaak: on paper at the foot of every page, here once at the end. */}
      {document.style?.pageFooter && (
        <p className="border-t pt-2 text-center text-xs whitespace-pre-line text-neutral-600">
          {document.style.pageFooter}
        </p>
      )}
    </article>
  );
}
