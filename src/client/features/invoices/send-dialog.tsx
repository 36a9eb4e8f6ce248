import { useState } from "react";
import { Link } from "wouter";
import { FileCode, FileText, MailWarning } from "lucide-react";
import { APP_ROUTES } from "@shared/routes";
import type { Invoice, MailDelivery, SendPreview } from "@shared/schemas/invoices";
import { Button } from "@client/components/ui/button";
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
import { inputClassName } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { invoicePdfViewUrl, useSendInvoice, useSendPreview } from "./api";
import { InvoiceErrorAlert } from "./invoice-error-alert";
import { invoiceLabel } from "./invoice-format";

interface SendDialogProps {
  /** The invoice to e-mail; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
}

/**
 * 'Versturen per e-mail': the message as it will go out (recipient, editable subject and text, the PDF), and
 * only 'Versturen' acts: a draft is then numbered, booked and sent in one go. Nothing happens before that.
 */
export function SendDialog({ invoice, onClose }: SendDialogProps) {
  const preview = useSendPreview(invoice?.id);
  return (
    <Dialog open={invoice !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Versturen per e-mail</DialogTitle>
          <DialogDescription>
            {invoice &&
              (invoice.invoiceNumber
                ? `Factuur ${invoice.invoiceNumber} aan ${invoice.clientName ?? "Onbekende klant"}, met de PDF als bijlage.`
                : `Conceptfactuur aan ${invoice.clientName ?? "Onbekende klant"}, met de PDF als bijlage.`)}
          </DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <Skeleton className="h-80" />
        ) : preview.isError ? (
          <>
            <InvoiceErrorAlert error={preview.error} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Sluiten
              </Button>
            </DialogFooter>
          </>
        ) : invoice && preview.data.recipient === null ? (
          <NoRecipient onClose={onClose} />
        ) : (
          invoice && <SendForm key={invoice.id} invoice={invoice} preview={preview.data} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NoRecipient({ onClose }: { onClose: () => void }) {
  return (
    <>
      <div role="alert" className="flex gap-3 rounded-lg border border-border bg-accent/40 p-3 text-sm">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden />
        <div className="flex flex-col gap-1">
          <p className="font-medium">Deze klant heeft geen e-mailadres.</p>
          <p className="text-muted-foreground">
            Vul het e-mailadres in bij de klant en verstuur de factuur daarna. Je kunt de PDF ook downloaden
            en zelf versturen.
          </p>
          <Link
            href={APP_ROUTES.clients}
            className="self-start font-medium text-primary underline underline-offset-2"
          >
            Naar Relaties
          </Link>
        </div>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Sluiten
        </Button>
      </DialogFooter>
    </>
  );
}

/** What became of the e-mail, truthfully: only a configured mail server sends it. */
function sentMailMessage(delivery: MailDelivery, recipient: string): string {
  switch (delivery) {
    case "smtp":
      return `De e-mail met de PDF aan ${recipient} staat klaar en gaat binnen een minuut de deur uit.`;
    case "no-mail-server":
      return `Er is geen mailserver ingesteld: de e-mail aan ${recipient} is niet verzonden en staat met de PDF in de outbox (Instellingen).`;
    case "demo":
      return `Een demo-account verstuurt geen e-mail: de e-mail aan ${recipient} staat met de PDF in de outbox (Instellingen).`;
  }
}

function SendForm({
  invoice,
  preview,
  onClose,
}: {
  invoice: Invoice;
  preview: SendPreview;
  onClose: () => void;
}) {
  const sendInvoice = useSendInvoice();
  const [subject, setSubject] = useState(preview.subject);
  const [message, setMessage] = useState(preview.message);
  const [error, setError] = useState<unknown>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const sent = await sendInvoice.mutateAsync({ id: invoice.id, input: { subject, message } });
      toast({
        title: `${invoiceLabel(sent.invoice)} verstuurd`,
        description: sentMailMessage(sent.delivery, sent.recipient),
      });
      onClose();
    } catch (caught) {
      setError(caught);
      toastError(caught);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="E-mail versturen"
      className="flex flex-col gap-4"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Aan</dt>
        <dd className="min-w-0 font-medium break-all">{preview.recipient}</dd>
        <dt className="text-muted-foreground">Bijlage</dt>
        <dd className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <span className="inline-flex min-w-0 items-center gap-1.5 font-medium break-all">
            <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {preview.attachmentName}
          </span>
          {/* A draft's PDF is the concept, without its number: the number is given when it is sent. */}
          <a
            href={invoicePdfViewUrl(invoice.id)}
            target="_blank"
            rel="noopener"
            className="text-primary underline underline-offset-2"
          >
            {preview.isDraft ? "Voorbeeld-PDF bekijken" : "PDF bekijken"}
          </a>
          {preview.eInvoiceName && (
            <span className="inline-flex min-w-0 basis-full items-center gap-1.5 font-medium break-all">
              <FileCode className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {preview.eInvoiceName}
              <span className="font-normal text-muted-foreground">(e-factuur)</span>
            </span>
          )}
        </dd>
      </dl>
      {preview.isDraft && (
        <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          Bij versturen krijgt deze factuur nummer{" "}
          <strong className="font-semibold text-foreground">{preview.invoiceNumber}</strong> en wordt ze
          geboekt. Daarna kun je haar niet meer bewerken; corrigeren gaat met een creditnota.
        </p>
      )}
      <FormField label="Onderwerp">
        {/* Two rows, so a long subject stays readable on a phone; a subject is one line, so Enter adds none. */}
        <textarea
          rows={2}
          value={subject}
          onChange={(event) => setSubject(event.target.value.replace(/\s*\n\s*/g, " "))}
          maxLength={200}
          className={cn(inputClassName, "h-auto min-h-10 resize-none")}
        />
      </FormField>
      <FormField label="Bericht">
        <textarea
          rows={9}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={5000}
          className={cn(inputClassName, "h-auto min-h-40 resize-y")}
        />
      </FormField>
      {error !== null && <InvoiceErrorAlert error={error} />}
      <DialogFormFooter submitLabel="Versturen" isPending={sendInvoice.isPending} onCancel={onClose} />
    </form>
  );
}
