import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText, User } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { APP_ROUTES, recordPath } from "@shared/routes";
import type { Client } from "@shared/schemas/clients";
import { INVOICE_STATUS_LABELS, type Invoice } from "@shared/schemas/invoices";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import type { PaletteCommand, PaletteGroup } from "./palette-commands";

/** One letter finds nearly everything; from two on the list means something. */
export const MIN_SEARCH_LENGTH = 2;
const RESULT_LIMIT = 5;
const SEARCH_DELAY_MS = 200;

/**
 * Clients and invoices matching the typed text, searched by the server's list endpoints (a handful each); one
 * request per pause in typing, none while fewer than MIN_SEARCH_LENGTH characters are typed.
 */
export function usePaletteSearch(text: string): { groups: PaletteGroup[]; isSearching: boolean } {
  const typed = text.trim();
  const search = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const isEnabled = search.length >= MIN_SEARCH_LENGTH;
  const clients = useQuery<Client[]>({
    queryKey: ["/api/clients", { search, limit: RESULT_LIMIT }],
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
  const invoices = useQuery<Invoice[]>({
    queryKey: ["/api/invoices", { search, limit: RESULT_LIMIT }],
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });

  if (typed.length < MIN_SEARCH_LENGTH) return { groups: [], isSearching: false };
  const isSearching = typed !== search || clients.isFetching || invoices.isFetching;
  return {
    groups: [
      { id: "clients", label: "Klanten", commands: (clients.data ?? []).map(clientCommand) },
      { id: "invoices", label: "Facturen", commands: (invoices.data ?? []).map(invoiceCommand) },
    ],
    isSearching,
  };
}

function clientCommand(client: Client): PaletteCommand {
  return {
    id: `client-${client.id}`,
    label: client.name,
    detail: [client.city, client.email].filter(Boolean).join(" · ") || undefined,
    icon: User,
    action: { kind: "navigate", href: recordPath(APP_ROUTES.clients, client.id) },
  };
}

function invoiceCommand(invoice: Invoice): PaletteCommand {
  return {
    id: `invoice-${invoice.id}`,
    label: invoice.invoiceNumber ?? `Concept van ${formatDate(invoice.issueDate)}`,
    detail: `${invoice.clientName ?? "Onbekende klant"} · ${INVOICE_STATUS_LABELS[invoice.status]}`,
    hint: formatEuro(parseCents(invoice.total) ?? 0),
    icon: FileText,
    action: { kind: "navigate", href: recordPath(APP_ROUTES.invoices, invoice.id) },
  };
}
