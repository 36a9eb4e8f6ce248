import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Download, FileText, Pencil, RotateCw, Send, Trash2 } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatDate, formatEuro, formatNumber } from "@shared/format";
import { parseCents } from "@shared/money";
import { APP_ROUTES, recordPath } from "@shared/routes";
import { ConvertQuoteInputSchema, VAT_CATEGORY_OPTIONS, type QuoteDetail } from "@shared/schemas/quotes";
import { buttonVariants } from "@client/components/ui/button-variants";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { quotePdfUrl, useConvertQuote, useDeleteQuote, useQuote, useResendQuote, useSendQuote } from "./api";
import { QuoteFormDialog } from "./quote-form-dialog";
import { QuoteStatusBadge } from "./quote-status-badge";

const money = (amount: string) => formatEuro(parseCents(amount) ?? 0);
const moment = (iso: string) =>
  new Intl.DateTimeFormat("nl-NL", {
    timeZone: "Europe/Amsterdam",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
const vatLabel = (category: string) =>
  VAT_CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? category;

/** One quote: its lines and totals, what happened to it so far, and what can be done next. */
export function QuoteDetailDialog({
  quoteId,
  onClose,
}: {
  quoteId: string | undefined;
  onClose: () => void;
}) {
  const quote = useQuote(quoteId);
  return (
    <Dialog open={quoteId !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl gap-5">
        <DialogHeader>
          <DialogTitle>
            {quote.data ? `Offerte ${quote.data.quoteNumber ?? "(concept)"}` : "Offerte"}
          </DialogTitle>
          <DialogDescription>
            {quote.data ? (quote.data.clientName ?? "Onbekende klant") : "Offerte laden..."}
          </DialogDescription>
        </DialogHeader>
        {quote.isError ? (
          <p className="text-sm text-destructive">{getErrorMessage(quote.error)}</p>
        ) : quote.data ? (
          <QuoteView quote={quote.data} onDeleted={onClose} />
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Offerte laden...</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-32" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function QuoteView({ quote, onDeleted }: { quote: QuoteDetail; onDeleted: () => void }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isConverting, setIsConverting] = useState(false);
  const isDraft = quote.status === "draft";
  const canConvert = quote.status === "accepted" && !quote.invoiceId;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <QuoteStatusBadge status={quote.status} />
        <span className="text-muted-foreground">
          {formatDate(quote.issueDate)} · geldig t/m {formatDate(quote.validUntil)}
        </span>
      </div>

      <div className="flex flex-wrap gap-2">
        {isDraft && (
          <>
            <Button onClick={() => setIsSending(true)}>
              <Send aria-hidden />
              Versturen
            </Button>
            <Button variant="outline" onClick={() => setIsEditing(true)}>
              <Pencil aria-hidden />
              Bewerken
            </Button>
          </>
        )}
        {quote.status === "sent" && (
          <Button variant="outline" onClick={() => setIsResending(true)}>
            <RotateCw aria-hidden />
            Opnieuw versturen
          </Button>
        )}
        {canConvert && (
          <Button onClick={() => setIsConverting(true)}>
            <FileText aria-hidden />
            Omzetten naar factuur
          </Button>
        )}
        {quote.invoiceId && (
          <Link
            href={recordPath(APP_ROUTES.invoices, quote.invoiceId)}
            className={buttonVariants({ variant: "outline" })}
          >
            <FileText aria-hidden />
            Naar factuur {quote.invoiceNumber ?? "(concept)"}
          </Link>
        )}
        <a href={quotePdfUrl(quote.id)} className={buttonVariants({ variant: "outline" })} download>
          <Download aria-hidden />
          PDF
        </a>
        {isDraft && (
          <Button
            variant="ghost"
            onClick={() => setIsDeleting(true)}
            className="text-destructive hover:bg-red-50 hover:text-destructive"
          >
            <Trash2 aria-hidden />
            Verwijderen
          </Button>
        )}
      </div>

      <Lines quote={quote} />
      {quote.notes && <p className="text-sm whitespace-pre-line text-muted-foreground">{quote.notes}</p>}
      <Timeline quote={quote} />

      <QuoteFormDialog open={isEditing} onOpenChange={setIsEditing} quote={quote} />
      <SendDialog quote={quote} open={isSending} onClose={() => setIsSending(false)} />
      <ResendDialog quote={quote} open={isResending} onClose={() => setIsResending(false)} />
      <DeleteDialog
        quote={quote}
        open={isDeleting}
        onClose={() => setIsDeleting(false)}
        onDeleted={onDeleted}
      />
      <ConvertDialog quote={quote} open={isConverting} onClose={() => setIsConverting(false)} />
    </div>
  );
}

function Lines({ quote }: { quote: QuoteDetail }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Regels</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Omschrijving</th>
            <th className="py-1 pr-3 text-right font-medium">Aantal</th>
            <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">Prijs</th>
            <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">Btw</th>
            <th className="py-1 text-right font-medium">Bedrag</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {quote.items.map((item) => (
            <tr key={item.id} className="border-t border-border">
              <td className="py-2 pr-3 break-words">{item.description}</td>
              <td className="py-2 pr-3 text-right">{formatNumber(Number(item.quantity))}</td>
              <td className="hidden py-2 pr-3 text-right sm:table-cell">{money(item.rate)}</td>
              <td className="hidden py-2 pr-3 text-right sm:table-cell">{vatLabel(item.vatCategory)}</td>
              <td className="py-2 text-right">{money(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
        <dt className="text-muted-foreground">Subtotaal</dt>
        <dd className="text-right">{money(quote.subtotal)}</dd>
        <dt className="text-muted-foreground">Btw</dt>
        <dd className="text-right">{money(quote.taxAmount)}</dd>
        <dt className="font-medium">Totaal</dt>
        <dd className="text-right font-semibold">{money(quote.total)}</dd>
      </dl>
    </div>
  );
}

/** What happened to the quote, oldest first: made, sent (and mailed), answered or expired, invoiced. */
function Timeline({ quote }: { quote: QuoteDetail }) {
  const steps: Array<{ key: string; title: string; detail?: ReactNode; tone?: "good" | "bad" }> = [
    { key: "created", title: "Aangemaakt", detail: moment(quote.createdAt) },
  ];
  if (quote.sentAt) {
    const mail = quote.mails[0];
    steps.push({
      key: "sent",
      title: `Verstuurd als ${quote.quoteNumber}`,
      detail: `${moment(quote.sentAt)}${mail ? ` aan ${mail.recipient}${mail.sentAt ? "" : " (in de wachtrij)"}` : ""}`,
    });
    quote.mails.slice(1).forEach((again, index) => {
      steps.push({
        key: `resent-${index}`,
        title: "Opnieuw verstuurd",
        detail: `${moment(again.queuedAt)} aan ${again.recipient}${again.sentAt ? "" : " (in de wachtrij)"}`,
      });
    });
  }
  if (quote.answer?.status === "accepted") {
    steps.push({
      key: "answer",
      title: `Geaccepteerd door ${quote.answer.name ?? "de klant"}`,
      detail: `${moment(quote.answer.answeredAt)}${quote.answer.ip ? ` · IP-adres ${quote.answer.ip}` : ""}`,
      tone: "good",
    });
  } else if (quote.answer?.status === "declined") {
    steps.push({
      key: "answer",
      title: "Afgewezen door de klant",
      detail: (
        <>
          {moment(quote.answer.answeredAt)}
          {quote.answer.reason && <span className="block italic">“{quote.answer.reason}”</span>}
        </>
      ),
      tone: "bad",
    });
  } else if (quote.status === "expired") {
    steps.push({
      key: "expired",
      title: "Verlopen",
      detail: `Geldig tot en met ${formatDate(quote.validUntil)}`,
      tone: "bad",
    });
  } else if (quote.status === "sent") {
    steps.push({
      key: "waiting",
      title: "Wacht op antwoord",
      detail: `Tot en met ${formatDate(quote.validUntil)}`,
    });
  }
  if (quote.invoiceId) {
    steps.push({
      key: "invoice",
      title:
        quote.depositPercentage === null
          ? "Omgezet naar factuur"
          : `Aanbetalingsfactuur van ${formatNumber(quote.depositPercentage / 100)}% gemaakt`,
      detail: quote.invoiceNumber ? `Factuur ${quote.invoiceNumber}` : "Conceptfactuur",
      tone: "good",
    });
  }
  return (
    <section aria-labelledby="quote-timeline" className="flex flex-col gap-3">
      <h3 id="quote-timeline" className="text-sm font-semibold">
        Tijdlijn
      </h3>
      <ol className="flex flex-col gap-3 border-l border-border pl-4">
        {steps.map((step) => (
          <li key={step.key} className="relative text-sm">
            <span
              aria-hidden
              className={cn(
                "absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-muted-foreground/50",
                step.tone === "good" && "bg-emerald-600",
                step.tone === "bad" && "bg-amber-600",
              )}
            />
            <span className="font-medium">{step.title}</span>
            {step.detail && <span className="block text-muted-foreground">{step.detail}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function SendDialog({ quote, open, onClose }: { quote: QuoteDetail; open: boolean; onClose: () => void }) {
  const send = useSendQuote();
  const confirm = async () => {
    try {
      const sent = await send.mutateAsync(quote.id);
      toast({
        title: `Offerte ${sent.quote.quoteNumber} verstuurd`,
        description:
          sent.delivery === "smtp"
            ? `De e-mail gaat naar ${sent.recipient}.`
            : `De e-mail aan ${sent.recipient} staat in Instellingen → Verzonden e-mail.`,
      });
      onClose();
    } catch (error) {
      toastError(error, "Versturen mislukt");
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Offerte versturen?"
      description={
        <>
          De offerte krijgt het volgende nummer en gaat met de PDF en een link per e-mail naar{" "}
          <strong className="text-foreground">{quote.clientName ?? "de klant"}</strong>. Daarna kun je haar
          niet meer wijzigen.
        </>
      }
      confirmLabel="Versturen"
      onConfirm={confirm}
      isPending={send.isPending}
      isDestructive={false}
    />
  );
}

function ResendDialog({ quote, open, onClose }: { quote: QuoteDetail; open: boolean; onClose: () => void }) {
  const resend = useResendQuote();
  const confirm = async () => {
    try {
      const sent = await resend.mutateAsync(quote.id);
      toast({
        title: `Offerte ${sent.quote.quoteNumber} opnieuw verstuurd`,
        description:
          sent.delivery === "smtp"
            ? `De e-mail gaat naar ${sent.recipient}.`
            : `De e-mail aan ${sent.recipient} staat in Instellingen → Verzonden e-mail.`,
      });
      onClose();
    } catch (error) {
      toastError(error, "Versturen mislukt");
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Offerte opnieuw versturen?"
      description={
        <>
          De offerte gaat met de PDF en een nieuwe link opnieuw per e-mail naar{" "}
          <strong className="text-foreground">{quote.clientName ?? "de klant"}</strong>. De link uit de vorige
          e-mail werkt daarna niet meer.
        </>
      }
      confirmLabel="Opnieuw versturen"
      onConfirm={confirm}
      isPending={resend.isPending}
      isDestructive={false}
    />
  );
}

function DeleteDialog({
  quote,
  open,
  onClose,
  onDeleted,
}: {
  quote: QuoteDetail;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteQuote();
  const confirm = async () => {
    try {
      await remove.mutateAsync(quote.id);
      toast({ title: "Concept-offerte verwijderd" });
      onClose();
      onDeleted();
    } catch (error) {
      toastError(error, "Verwijderen mislukt");
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Concept verwijderen?"
      description="Het concept heeft nog geen nummer, dus er ontstaat geen gat in de reeks."
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={remove.isPending}
    />
  );
}

/** 'Omzetten naar factuur': the whole quote, or a deposit invoice for a percentage of it. */
function ConvertDialog({ quote, open, onClose }: { quote: QuoteDetail; open: boolean; onClose: () => void }) {
  const convert = useConvertQuote();
  const [isDeposit, setIsDeposit] = useState(false);
  const [percentage, setPercentage] = useState("30");
  const [error, setError] = useState<string | undefined>();
  const parsed = ConvertQuoteInputSchema.safeParse({ depositPercentage: percentage });
  const depositCents =
    parsed.success && parsed.data.depositPercentage !== null
      ? Math.round(((parseCents(quote.total) ?? 0) * parsed.data.depositPercentage) / 10000)
      : null;

  const confirm = async () => {
    const input = isDeposit ? { depositPercentage: percentage } : {};
    const checked = ConvertQuoteInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    try {
      await convert.mutateAsync({ id: quote.id, input });
      toast({
        title: isDeposit ? "Aanbetalingsfactuur aangemaakt" : "Conceptfactuur aangemaakt",
        description: "Je vindt haar bij Verkoopfacturen, klaar om te controleren en te versturen.",
      });
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.depositPercentage) {
        setError(caught.fieldErrors.depositPercentage);
      }
      toastError(caught, "Omzetten mislukt");
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Omzetten naar factuur"
      description={`Van offerte ${quote.quoteNumber} wordt een conceptfactuur gemaakt. Dat kan één keer.`}
      confirmLabel="Factuur maken"
      onConfirm={confirm}
      isPending={convert.isPending}
      isDestructive={false}
    >
      <fieldset className="flex flex-col gap-3 text-sm">
        <legend className="sr-only">Soort factuur</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="kind" checked={!isDeposit} onChange={() => setIsDeposit(false)} />
          <span>
            De hele offerte <span className="text-muted-foreground">({money(quote.total)})</span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="kind" checked={isDeposit} onChange={() => setIsDeposit(true)} />
          <span>Een aanbetaling (percentage van de offerte)</span>
        </label>
        {isDeposit && (
          <FormField
            label="Percentage"
            error={error}
            hint={depositCents !== null ? `Ongeveer ${formatEuro(depositCents)} incl. btw.` : undefined}
          >
            <Input
              inputMode="decimal"
              className="w-28"
              value={percentage}
              onChange={(event) => {
                setPercentage(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
        )}
        <p className="text-xs text-muted-foreground">Factuurdatum {formatDate(businessDate(new Date()))}.</p>
      </fieldset>
    </ConfirmDialog>
  );
}
