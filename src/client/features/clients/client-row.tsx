import { memo, useId, useState, type ReactNode } from "react";
import { ChevronRight, Pencil, Trash2 } from "lucide-react";
import { CLIENT_COUNTRY_NAMES, type Client, type ClientCountry } from "@shared/schemas/clients";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@client/components/ui/collapsible";
import { cn } from "@client/lib/utils";

export function countryName(code: string): string {
  return CLIENT_COUNTRY_NAMES[code as ClientCountry] ?? code;
}

interface ClientRowProps {
  client: Client;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
}

/**
 * One client: a summary line that expands on click, Enter or Space (a real button, so the keyboard and screen
 * readers get aria-expanded for free) to show address, business data and notes (spec §2.16).
 */
export const ClientRow = memo(function ClientRow({ client, onEdit, onDelete }: ClientRowProps) {
  const [isOpen, setIsOpen] = useState(false);
  const place = [client.city, client.country !== "NL" ? countryName(client.country) : null]
    .filter(Boolean)
    .join(", ");

  return (
    <li className="rounded-xl border border-border bg-card shadow-xs">
      <Collapsible open={isOpen} onOpenChange={setIsOpen}>
        <div className="flex items-center gap-1 py-2 pr-2 pl-2 sm:gap-2 sm:pr-3">
          <CollapsibleTrigger asChild>
            <button
              type="button"
              className={cn(
                "flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-2 text-left outline-none",
                "hover:bg-muted/60 focus-visible:ring-3 focus-visible:ring-ring/40",
              )}
            >
              <ChevronRight
                className={cn(
                  "size-4 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none",
                  isOpen && "rotate-90",
                )}
                aria-hidden
              />
              <span className="grid min-w-0 flex-1 gap-0.5 md:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.2fr)] md:items-center md:gap-4">
                <span className="flex min-w-0 flex-col">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-medium text-foreground">{client.name}</span>
                    <RoleBadges client={client} />
                  </span>
                  {client.contactPerson && (
                    <span className="truncate text-sm text-muted-foreground">{client.contactPerson}</span>
                  )}
                </span>
                <span className="hidden min-w-0 flex-col text-sm md:flex">
                  <span className="truncate text-foreground">{client.email ?? "—"}</span>
                  {client.phone && <span className="truncate text-muted-foreground">{client.phone}</span>}
                </span>
                <span className="truncate text-sm text-muted-foreground">
                  {place || <span className="hidden md:inline">—</span>}
                </span>
              </span>
            </button>
          </CollapsibleTrigger>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={() => onEdit(client)}
            aria-label={`${client.name} bewerken`}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={() => onDelete(client)}
            aria-label={`${client.name} verwijderen`}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
        <CollapsibleContent>
          <ClientDetails client={client} />
        </CollapsibleContent>
      </Collapsible>
    </li>
  );
});

/** Klant, Leverancier or both: who the relation is to the user. */
function RoleBadges({ client }: { client: Client }) {
  return (
    <span className="flex shrink-0 gap-1">
      {client.isCustomer && <Badge variant="muted">Klant</Badge>}
      {client.isSupplier && <Badge variant="outline">Leverancier</Badge>}
    </span>
  );
}

function ClientDetails({ client }: { client: Client }) {
  return (
    <div className="grid gap-5 border-t border-border px-4 py-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
      <DetailGroup title="Contact">
        <dl className="flex flex-col gap-2 lg:gap-3">
          <Detail label="Contactpersoon">{client.contactPerson}</Detail>
          <Detail label="E-mail">
            {client.email && (
              <a
                href={`mailto:${client.email}`}
                className="break-all text-primary underline-offset-4 hover:underline"
              >
                {client.email}
              </a>
            )}
          </Detail>
          <Detail label="Telefoon">
            {client.phone && (
              <a
                href={`tel:${client.phone.replace(/\s/g, "")}`}
                className="text-primary underline-offset-4 hover:underline"
              >
                {client.phone}
              </a>
            )}
          </Detail>
        </dl>
      </DetailGroup>
      <DetailGroup title="Adres">
        <dl className="flex flex-col gap-2 lg:gap-3">
          <Detail label="Adres">{client.address}</Detail>
          <Detail label="Land">{countryName(client.country)}</Detail>
        </dl>
      </DetailGroup>
      <DetailGroup title="Bedrijfsgegevens">
        <dl className="flex flex-col gap-2 lg:gap-3">
          <Detail label="BTW-nummer">{client.taxNumber}</Detail>
          <Detail label="KvK-nummer">{client.kvkNumber}</Detail>
          <Detail label="IBAN">{client.iban && <span className="break-all">{client.iban}</span>}</Detail>
          <Detail label="Betalingstermijn">
            {client.paymentTermsDays === 1 ? "1 dag" : `${client.paymentTermsDays} dagen`}
          </Detail>
        </dl>
      </DetailGroup>
      <DetailGroup title="Notities">
        {client.notes ? (
          <p className="text-sm break-words whitespace-pre-line text-foreground">{client.notes}</p>
        ) : (
          <p className="text-sm text-muted-foreground">Geen notities</p>
        )}
      </DetailGroup>
    </div>
  );
}

function DetailGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === null || children === undefined || children === "" || children === false;
  return (
    // Label beside the value where a group has the width (one or two columns), above it in four columns.
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2 lg:flex lg:flex-col lg:gap-0.5">
      <dt className="text-sm text-muted-foreground lg:text-xs">{label}</dt>
      <dd
        className={cn("min-w-0 text-sm break-words", isEmpty ? "text-muted-foreground" : "text-foreground")}
      >
        {isEmpty ? "—" : children}
      </dd>
    </div>
  );
}
