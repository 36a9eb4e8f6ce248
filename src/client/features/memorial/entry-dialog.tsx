import type { FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { businessDate } from "@shared/dates";
import { formatEuro } from "@shared/format";
import type { LedgerAccountAnswer } from "@shared/schemas/ledger";
import {
  MAX_MEMORIAL_LINES,
  MEMORIAL_MESSAGES,
  MemorialEntryInputSchema,
  type MemorialEntry,
} from "@shared/schemas/memorial";
import { AmountInput } from "@client/components/ui/amount-input";
import { Button } from "@client/components/ui/button";
import { Checkbox } from "@client/components/ui/checkbox";
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
import { Input } from "@client/components/ui/input";
import { LineItem, LineList, RemoveLineButton } from "@client/components/ui/line-list";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError, getErrorMessage, type FieldErrors } from "@client/lib/api";
import { fieldErrorsOf, useLineForm } from "@client/lib/line-form";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { memorialEntryQuery, useLedgerAccounts, useSaveMemorialEntry } from "./api";
import { emptyLine, toFormText, toInput, totalsOf, type FormText, type LineText } from "./memorial-form";

const KIND_LABELS: ReadonlyArray<[LedgerAccountAnswer["kind"], string]> = [
  ["asset", "Activa"],
  ["liability", "Schulden"],
  ["equity", "Eigen vermogen"],
  ["revenue", "Opbrengsten"],
  ["expense", "Kosten"],
];

interface EntryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry to edit (or, once locked, to look at); without it the dialog makes a new one. */
  entryId?: string | undefined;
}

/** A memorial entry: date, description and its lines, debit and credit, saved only when they balance. */
export function EntryDialog({ open, onOpenChange, entryId }: EntryDialogProps) {
  const entry = useQuery({ ...memorialEntryQuery(entryId ?? ""), enabled: open && entryId !== undefined });
  const isLocked = Boolean(entry.data?.lockedAt);
  const title = !entryId
    ? "Nieuwe memoriaalboeking"
    : entry.data
      ? `Memoriaal ${entry.data.number}${isLocked ? "" : " bewerken"}`
      : "Memoriaalboeking";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl gap-6">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {isLocked
              ? "Deze boeking is vastgezet en kan niet meer worden gewijzigd."
              : "Boek een correctie tussen grootboekrekeningen. Vul per regel een bedrag in bij debet of bij credit; samen moeten ze gelijk zijn."}
          </DialogDescription>
        </DialogHeader>
        {!entryId ? (
          <EntryForm key="new" initial={newForm()} onDone={() => onOpenChange(false)} />
        ) : entry.isError ? (
          <p className="text-sm text-destructive">{getErrorMessage(entry.error)}</p>
        ) : entry.data ? (
          // Keyed by entry and its last change, so opening another entry starts from that entry's values.
          <EntryForm
            key={`${entry.data.id}-${entry.data.updatedAt}`}
            entry={entry.data}
            initial={toFormText(entry.data)}
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Boeking laden...</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

const newForm = (): FormText => ({
  date: businessDate(new Date()),
  description: "",
  isPrivateUse: false,
  lines: [emptyLine(), emptyLine()],
});

function EntryForm({
  entry,
  initial,
  onDone,
}: {
  entry?: MemorialEntry;
  initial: FormText;
  onDone: () => void;
}) {
  const lineForm = useLineForm(initial, { linesField: "lines", lineFieldOf: lineField });
  const { form, setForm, errors, setErrors, clearError, setLine, addLine, removeLine } = lineForm;
  const save = useSaveMemorialEntry();
  const accounts = useLedgerAccounts();
  const isReadOnly = Boolean(entry?.lockedAt);
  const totals = totalsOf(form.lines);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(form);
    const parsed = MemorialEntryInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error.issues);
      // The schema checks the balance only once every line reads; the difference is known before that.
      if (!found.lines && totals.difference !== 0)
        found.lines = MEMORIAL_MESSAGES.unbalanced(totals.difference);
      setErrors(found);
      return;
    }
    try {
      await save.mutateAsync({ id: entry?.id, input });
      toast({ title: entry ? "Memoriaalboeking opgeslagen" : "Memoriaalboeking toegevoegd" });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      toastError(error);
    }
  };

  const accountGroups = KIND_LABELS.map(([kind, label]) => ({
    label,
    accounts: (accounts.data ?? []).filter((account) => account.kind === kind),
  })).filter((group) => group.accounts.length > 0);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <fieldset disabled={isReadOnly || save.isPending} className="flex min-w-0 flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <FormField label="Datum" error={errors.date}>
            <Input
              type="date"
              value={form.date}
              onChange={(event) => {
                setForm((current) => ({ ...current, date: event.target.value }));
                clearError("date");
              }}
            />
          </FormField>
          <FormField label="Omschrijving" error={errors.description}>
            <Input
              value={form.description}
              maxLength={500}
              placeholder="Bijvoorbeeld: printer geboekt op algemene kosten"
              onChange={(event) => {
                setForm((current) => ({ ...current, description: event.target.value }));
                clearError("description");
              }}
            />
          </FormField>
        </div>

        <LineList
          columns={LINE_COLUMNS}
          headings={
            <>
              <span>Rekening</span>
              <span>Omschrijving (optioneel)</span>
              <span className="text-right">Debet</span>
              <span className="text-right">Credit</span>
            </>
          }
          onAdd={isReadOnly ? undefined : () => addLine(emptyLine())}
          isFull={form.lines.length >= MAX_MEMORIAL_LINES}
        >
          {form.lines.map((line, index) => (
            <LineRow
              key={line.key}
              line={line}
              index={index}
              groups={accountGroups}
              errors={errors}
              canRemove={!isReadOnly && form.lines.length > 2}
              onChange={(change) => setLine(index, change)}
              onRemove={() => removeLine(index)}
            />
          ))}
        </LineList>
      </fieldset>

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
          <span className="text-muted-foreground tabular-nums">
            Debet {formatEuro(totals.debit)} · Credit {formatEuro(totals.credit)}
          </span>
          <output
            aria-live="polite"
            className={cn(
              "font-medium tabular-nums",
              totals.difference === 0 ? "text-emerald-700" : "text-destructive",
            )}
          >
            Verschil {formatEuro(Math.abs(totals.difference))}
          </output>
        </div>
        {errors.lines && <p className="text-[0.8125rem] font-medium text-destructive">{errors.lines}</p>}
        <p className="text-xs text-muted-foreground">
          Een memoriaalboeking valt in geen rubriek van de btw-aangifte, behalve privégebruik. Corrigeer je
          btw, boek dan op de btw-rekeningen: het saldo verandert, de aangifte niet.
        </p>
      </div>

      <div className="flex flex-col gap-1.5">
        <Checkbox
          id="memorial-private-use"
          label="Privégebruik aangeven in rubriek 1d"
          description="Bijvoorbeeld de btw-correctie voor privégebruik van de auto of spullen die je uit de zaak haalt. De regels op Te betalen btw komen in de btw-kolom van 1d, de creditregels op opbrengst- of kostenrekeningen in de omzetkolom."
          checked={form.isPrivateUse}
          disabled={isReadOnly || save.isPending}
          aria-invalid={errors.vatRubriek ? true : undefined}
          aria-describedby={errors.vatRubriek ? "memorial-private-use-error" : undefined}
          onChange={(event) => {
            setForm((current) => ({ ...current, isPrivateUse: event.target.checked }));
            clearError("vatRubriek");
          }}
        />
        {errors.vatRubriek && (
          <p id="memorial-private-use-error" className="text-[0.8125rem] font-medium text-destructive">
            {errors.vatRubriek}
          </p>
        )}
      </div>

      {isReadOnly ? (
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Sluiten
          </Button>
        </DialogFooter>
      ) : (
        <DialogFormFooter submitLabel="Opslaan" isPending={save.isPending} onCancel={onDone} />
      )}
    </form>
  );
}

/** The lines' grid from sm up: account, description, debit, credit and the remove button. */
const LINE_COLUMNS = "sm:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_7.5rem_7.5rem_2rem]";

/** Debit and credit are one signed amount for the schema. */
const lineField = (index: number, key: string) =>
  `lines.${index}.${key === "debit" || key === "credit" ? "amount" : key}`;

function LineRow({
  line,
  index,
  groups,
  errors,
  canRemove,
  onChange,
  onRemove,
}: {
  line: LineText;
  index: number;
  groups: ReadonlyArray<{ label: string; accounts: LedgerAccountAnswer[] }>;
  errors: FieldErrors;
  canRemove: boolean;
  onChange: (change: Partial<LineText>) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  const amountError = errors[`lines.${index}.amount`];
  // The amount's message goes under the column that was filled in (debit when neither was).
  const isCreditLine = line.credit.trim() !== "" && line.debit.trim() === "";
  return (
    <LineItem number={number} columns={LINE_COLUMNS}>
      <FormField
        className="col-span-2 sm:col-span-1 sm:gap-1"
        label={<span className="sm:sr-only">Rekening regel {number}</span>}
        error={errors[`lines.${index}.ledgerAccountId`]}
      >
        <Select
          value={line.ledgerAccountId}
          onChange={(event) => onChange({ ledgerAccountId: event.target.value })}
        >
          <option value="">Kies een rekening</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.code} {account.name}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </FormField>
      <FormField
        className="col-span-2 sm:col-span-1 sm:gap-1"
        label={<span className="sm:sr-only">Omschrijving regel {number} (optioneel)</span>}
        error={errors[`lines.${index}.description`]}
      >
        <Input
          value={line.description}
          maxLength={200}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </FormField>
      <FormField
        className="sm:gap-1"
        label={<span className="sm:sr-only">Debet regel {number}</span>}
        error={isCreditLine ? undefined : amountError}
      >
        <AmountInput
          className="text-right"
          value={line.debit}
          placeholder=""
          // Typing in one column empties the other: a line is a debit or a credit.
          onChange={(event) =>
            onChange({ debit: event.target.value, ...(event.target.value.trim() ? { credit: "" } : {}) })
          }
        />
      </FormField>
      <FormField
        className="sm:gap-1"
        label={<span className="sm:sr-only">Credit regel {number}</span>}
        error={isCreditLine ? amountError : undefined}
      >
        <AmountInput
          className="text-right"
          value={line.credit}
          placeholder=""
          onChange={(event) =>
            onChange({ credit: event.target.value, ...(event.target.value.trim() ? { debit: "" } : {}) })
          }
        />
      </FormField>
      <div
        className={cn("col-span-2 flex justify-end sm:col-span-1 sm:pt-2", !canRemove && "hidden sm:flex")}
      >
        {canRemove && <RemoveLineButton number={number} onRemove={onRemove} />}
      </div>
    </LineItem>
  );
}
