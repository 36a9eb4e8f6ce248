import { businessDate } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { PAYMENT_METHOD_LABELS, type InvoiceDetail } from "@shared/schemas/invoices";
import { useInvoice } from "./api";

const cents = (decimal: string) => parseCents(decimal) ?? 0;

type TimelineEvent = { date: string; text: string; amount: string | null };

/**
 * What happened to an issued invoice, oldest first: issued, each e-mail with it (sent, or still in the outbox),
 * each payment or refund, each credit note.
 */
export function invoiceEvents(invoice: InvoiceDetail): TimelineEvent[] {
  if (invoice.status === "draft" || !invoice.sentAt) return [];
  const issuedOn = invoice.sentAt.slice(0, 10);
  const events: TimelineEvent[] = [
    {
      date: issuedOn,
      text: invoice.creditNoteForNumber
        ? `Creditnota uitgereikt bij factuur ${invoice.creditNoteForNumber}`
        : `Verstuurd als ${invoice.invoiceNumber}`,
      amount: formatEuro(cents(invoice.total)),
    },
  ];
  for (const mail of invoice.mails) {
    events.push(
      mail.sentAt
        ? {
            date: businessDate(new Date(mail.sentAt)),
            text: `E-mail aan ${mail.recipient} verzonden`,
            amount: null,
          }
        : {
            date: businessDate(new Date(mail.queuedAt)),
            text: `E-mail aan ${mail.recipient} staat in de outbox, nog niet verzonden`,
            amount: null,
          },
    );
  }
  for (const payment of invoice.payments) {
    const isRefund = cents(payment.amount) < 0;
    events.push({
      date: payment.date,
      text: `${isRefund ? "Terugbetaald" : "Betaling ontvangen"} (${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()})`,
      amount: formatEuro(Math.abs(cents(payment.amount))),
    });
  }
  for (const note of invoice.creditNotes) {
    events.push({
      date: note.issueDate,
      text: `Gecrediteerd met creditnota ${note.invoiceNumber}`,
      amount: formatEuro(-cents(note.total)),
    });
  }
  return events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The invoice's history under the document, with what is still open. */
export function InvoiceTimeline({ invoiceId }: { invoiceId: string }) {
  const invoice = useInvoice(invoiceId);
  if (!invoice.data) return null;
  const events = invoiceEvents(invoice.data);
  if (events.length === 0) return null;
  const open = cents(invoice.data.openAmount);
  const isCreditNote = invoice.data.creditNoteForNumber !== null;
  return (
    <section aria-labelledby="invoice-timeline-heading" className="rounded-md border p-4">
      <h3 id="invoice-timeline-heading" className="mb-2 text-sm font-semibold">
        Verloop
      </h3>
      <ol className="space-y-1 text-sm">
        {events.map((event, index) => (
          <li key={index} className="flex flex-wrap justify-between gap-x-4">
            <span>
              <span className="text-muted-foreground">{formatDate(event.date)}</span> · {event.text}
            </span>
            {event.amount && <span className="tabular-nums">{event.amount}</span>}
          </li>
        ))}
      </ol>
      {!isCreditNote && (
        <p className="mt-2 border-t pt-2 text-sm font-medium">
          {open > 0
            ? `Nog open: ${formatEuro(open)}`
            : open < 0
              ? `Tegoed van de klant, terug te betalen: ${formatEuro(-open)}`
              : "Niets meer open"}
        </p>
      )}
    </section>
  );
}
