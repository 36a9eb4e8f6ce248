import { useState } from "react";
import { FileSignature } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type Quote, type QuoteStatus } from "@shared/schemas/quotes";
import { ListPage } from "@client/components/layout/list-page";
import { Button } from "@client/components/ui/button";
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
import { Select } from "@client/components/ui/select";
import { useLinkedAction, useLinkedRecord } from "@client/lib/linked-action";
import { useQuotes } from "./api";
import { QuoteDetailDialog } from "./quote-detail-dialog";
import { QuoteFormDialog } from "./quote-form-dialog";
import { QuoteStatusBadge } from "./quote-status-badge";

const money = (amount: string) => formatEuro(parseCents(amount) ?? 0);

/** Offertes: the list with its status filter, the form for a new concept and the quote's own view. */
export function QuotesPage() {
  const [status, setStatus] = useState<QuoteStatus | undefined>();
  const quotes = useQuotes(status);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [openId, setOpenId] = useState<string | undefined>();
  const openNew = () => setIsFormOpen(true);
  useLinkedAction("nieuw", openNew);
  useLinkedRecord(setOpenId);

  return (
    <ListPage
      title="Offertes"
      description="Stuur een offerte, laat je klant online accepteren en zet haar met één klik om in een factuur."
      addLabel="Nieuwe offerte"
      onAdd={openNew}
      toolbar={
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Status
            <Select
              className="w-48"
              value={status ?? ""}
              onChange={(event) => setStatus((event.target.value || undefined) as QuoteStatus | undefined)}
            >
              <option value="">Alle offertes</option>
              {QUOTE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {QUOTE_STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          </label>
        </div>
      }
      query={quotes}
      loadingText="Offertes laden..."
      errorTitle="De offertes konden niet worden geladen"
      empty={
        status
          ? {
              icon: FileSignature,
              title: `Geen offertes met status '${QUOTE_STATUS_LABELS[status].toLowerCase()}'`,
              description: "Kies een andere status of bekijk alle offertes.",
              action: (
                <Button variant="outline" onClick={() => setStatus(undefined)}>
                  Alle offertes tonen
                </Button>
              ),
            }
          : {
              icon: FileSignature,
              title: "Nog geen offertes",
              description:
                "Maak een offerte met regels zoals op een factuur. Je klant krijgt haar per e-mail en accepteert online; daarna maak je er met één klik een factuur van.",
              addLabel: "Eerste offerte maken",
            }
      }
      renderRows={(rows) => (
        <ResponsiveTable
          caption="Offertes"
          columns={columns(setOpenId)}
          rows={rows}
          rowKey={(quote) => quote.id}
        />
      )}
    >
      <QuoteFormDialog
        open={isFormOpen}
        onOpenChange={setIsFormOpen}
        onSaved={(quote) => setOpenId(quote.id)}
      />
      <QuoteDetailDialog quoteId={openId} onClose={() => setOpenId(undefined)} />
    </ListPage>
  );
}

/** On a phone the client, the amount and the status stay; number and dates go under them. */
function columns(onOpen: (id: string) => void): TableColumn<Quote>[] {
  return [
    {
      header: "Nummer",
      from: "sm",
      className: "whitespace-nowrap tabular-nums",
      cell: (quote) => quote.quoteNumber ?? <span className="text-muted-foreground">Concept</span>,
      folded: (quote) => quote.quoteNumber ?? "Concept",
    },
    {
      header: "Klant",
      isMain: true,
      cell: (quote) => (
        <button
          type="button"
          onClick={() => onOpen(quote.id)}
          className="block max-w-full truncate text-left font-medium text-foreground underline-offset-4 hover:underline"
        >
          {quote.clientName ?? "Onbekende klant"}
        </button>
      ),
    },
    {
      header: "Datum",
      from: "md",
      className: "whitespace-nowrap tabular-nums",
      cell: (quote) => formatDate(quote.issueDate),
    },
    {
      header: "Geldig t/m",
      from: "md",
      className: "whitespace-nowrap tabular-nums",
      cell: (quote) => formatDate(quote.validUntil),
    },
    { header: "Bedrag", align: "right", cell: (quote) => money(quote.total) },
    { header: "Status", cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-1 py-1.5",
      cell: (quote) => (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={() => onOpen(quote.id)}>
            Bekijken
            <span className="sr-only"> {quote.quoteNumber ?? "concept"}</span>
          </Button>
        </div>
      ),
    },
  ];
}
