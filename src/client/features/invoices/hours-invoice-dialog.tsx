import { useState } from "react";
import { formatDate, formatEuro, formatFixed } from "@shared/format";
import { hoursToLines, type HoursGrouping } from "@shared/invoices/hours";
import { computeTotals } from "@shared/invoices/math";
import { parseCents } from "@shared/money";
import { HOURS_CLIENT_MESSAGE, HOURS_ENTRIES_MESSAGE } from "@shared/schemas/invoices";
import { formatDuration } from "@shared/time-tracking/duration";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { ClientPicker } from "@client/components/pickers/client-picker";
import { ProjectPicker } from "@client/components/pickers/project-picker";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { useBillableHours, useCreateInvoiceFromHours } from "./api";

interface HoursInvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Uren factureren': a client's billable, uninvoiced hours become a draft invoice. */
export function HoursInvoiceDialog({ open, onOpenChange }: HoursInvoiceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-6">
        <DialogHeader>
          <DialogTitle>Uren factureren</DialogTitle>
          <DialogDescription>
            Kies een klant en eventueel een project en periode. De gekozen uren worden een conceptfactuur
            (uren × tarief) en kunnen daarna niet nog eens gefactureerd worden.
          </DialogDescription>
        </DialogHeader>
        {open && <HoursInvoiceForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function HoursInvoiceForm({ onDone }: { onDone: () => void }) {
  const [clientId, setClientId] = useState("");
  const [projectId, setProjectId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [grouping, setGrouping] = useState<HoursGrouping>("project");
  // Entries the user unticked; everything else that is shown is selected.
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const entries = useBillableHours({ clientId, projectId, from, to });
  const createInvoice = useCreateInvoiceFromHours();

  const selected = (entries.data ?? []).filter((entry) => !excluded.has(entry.id));
  // What the invoice will say: hours with two decimals × rate, grouped as chosen.
  const lines = hoursToLines(
    selected.map((entry) => ({ ...entry, rateCents: parseCents(entry.hourlyRate) ?? 0 })),
    grouping,
    "0",
  );
  const selectedHundredths = lines.reduce((sum, line) => sum + line.quantityHundredths, 0);
  const selectedAmount = computeTotals(lines).subtotal;

  const resetSelection = () => {
    setExcluded(new Set());
    setError(undefined);
  };
  const toggle = (id: string, isChecked: boolean) => {
    const next = new Set(excluded);
    if (isChecked) next.delete(id);
    else next.add(id);
    setExcluded(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!clientId) return setError(HOURS_CLIENT_MESSAGE);
    if (selected.length === 0) return setError(HOURS_ENTRIES_MESSAGE);
    try {
      const invoice = await createInvoice.mutateAsync({
        clientId,
        grouping,
        entryIds: selected.map((entry) => entry.id),
      });
      toast({
        // A draft is numbered when it is sent.
        title: `Conceptfactuur voor ${invoice.clientName ?? "Onbekende klant"} gemaakt`,
        description: `${selected.length} ${selected.length === 1 ? "registratie" : "registraties"} gefactureerd. Controleer de factuur en verstuur hem.`,
      });
      onDone();
    } catch (caught) {
      setError(getErrorMessage(caught));
      toastError(caught);
      void entries.refetch();
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Uren factureren"
      className="flex min-w-0 flex-col gap-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Klant" error={!clientId && error === HOURS_CLIENT_MESSAGE ? error : undefined}>
          {(control) => (
            <ClientPicker
              {...control}
              value={clientId}
              onChange={(id) => {
                setClientId(id);
                setProjectId("");
                resetSelection();
              }}
              texts={{ placeholder: "Selecteer een klant" }}
              role="customer"
            />
          )}
        </FormField>
        <FormField label="Project" optional>
          {(control) => (
            <ProjectPicker
              // A new client starts a new search among that client's projects.
              key={clientId}
              {...control}
              value={projectId}
              clientId={clientId || undefined}
              onChange={(id) => {
                setProjectId(id);
                resetSelection();
              }}
              disabled={!clientId}
              texts={{ noneLabel: "Alle projecten", placeholder: "Alle projecten" }}
            />
          )}
        </FormField>
        <FormField label="Van" optional>
          <Input
            type="date"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              resetSelection();
            }}
          />
        </FormField>
        <FormField label="Tot en met" optional>
          <Input
            type="date"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              resetSelection();
            }}
          />
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Factuurregels</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="grouping"
            className="accent-primary"
            checked={grouping === "project"}
            onChange={() => setGrouping("project")}
          />
          Eén regel per project
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="grouping"
            className="accent-primary"
            checked={grouping === "entry"}
            onChange={() => setGrouping("entry")}
          />
          Eén regel per registratie
        </label>
      </fieldset>

      {clientId &&
        (entries.isPending ? (
          <Skeleton className="h-24" />
        ) : entries.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(entries.error)}
          </p>
        ) : entries.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            Geen factureerbare uren die nog niet gefactureerd zijn.
          </p>
        ) : (
          <div className="max-h-72 overflow-auto rounded-lg border border-border">
            <table className="w-full text-sm">
              <caption className="sr-only">Factureerbare uren</caption>
              <thead className="sticky top-0 bg-card">
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="w-10 px-3 py-2">
                    <span className="sr-only">Factureren</span>
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Datum
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Omschrijving
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Duur
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Bedrag
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.data.map((entry) => {
                  const label = `${formatDate(entry.date)} ${entry.projectName ?? "Zonder project"}${entry.description ? `: ${entry.description}` : ""}`;
                  return (
                    <tr key={entry.id} className="border-b border-border last:border-0">
                      <td className="px-3 py-2">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label={`Factureren: ${label}`}
                          checked={!excluded.has(entry.id)}
                          onChange={(event) => toggle(entry.id, event.target.checked)}
                        />
                      </td>
                      <td className="hidden px-3 py-2 whitespace-nowrap tabular-nums sm:table-cell">
                        {formatDate(entry.date)}
                      </td>
                      <td className="px-3 py-2">
                        <span className="block text-xs text-muted-foreground tabular-nums sm:hidden">
                          {formatDate(entry.date)}
                        </span>
                        <span className="font-medium">{entry.projectName ?? "Zonder project"}</span>
                        {entry.description && (
                          <span className="text-muted-foreground"> · {entry.description}</span>
                        )}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatDuration(entry.minutes)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatEuro(parseCents(entry.amount) ?? 0)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}

      {clientId && selected.length > 0 && (
        <p className="text-sm">
          Geselecteerd: {selected.length} {selected.length === 1 ? "registratie" : "registraties"},{" "}
          {formatFixed(selectedHundredths / 100, 2)} uur, {formatEuro(selectedAmount)} excl. btw
        </p>
      )}
      {error && error !== HOURS_CLIENT_MESSAGE && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      )}

      <DialogFormFooter
        submitLabel="Conceptfactuur maken"
        isPending={createInvoice.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
