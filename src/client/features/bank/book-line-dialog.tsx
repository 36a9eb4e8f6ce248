import { useId, useState, type ReactNode } from "react";
import { formatAmount, formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import {
  BANK_VAT_RATES,
  BookLineInputSchema,
  RuleInputSchema,
  type BankLine,
  type BankLineCandidates,
  type BankLineBooking,
  type BookLineFormInput,
} from "@shared/schemas/bank-statements";
import { formatIban } from "@shared/validators/iban";
import { splitVatIncluded } from "@shared/vat";
import { Checkbox } from "@client/components/ui/checkbox";
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
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useBookLine, useCategories, useCreateRule, useLineCandidates } from "./api";
import {
  cents,
  defaultRuleName,
  euro,
  isIncoming,
  ruleConditions,
  ruleInputFor,
  type RuleBooking,
} from "./bank-format";

/** The choices, in the order of the radio group; 'Factuur' only for money in (BANK_MESSAGES.paymentsDirection). */
const KIND_LABELS: Readonly<Record<BankLineBooking, string>> = {
  invoices: "Factuur",
  category: "Categorie",
  existing: "Bestaande transactie",
  private: "Privé",
  transfer: "Overboeking eigen rekening",
  vat: "Btw-betaling/-teruggaaf",
};
const KINDS_IN: BankLineBooking[] = ["invoices", "category", "existing", "private", "transfer", "vat"];
const KINDS_OUT: BankLineBooking[] = ["category", "existing", "private", "transfer", "vat"];

type FieldErrors = Record<string, string>;

/** The form: every kind's fields at once, so switching kinds keeps what was typed. */
type FormState = {
  kind: BankLineBooking;
  /** Invoice id -> amount as typed (Dutch); only the checked invoices are here. */
  payments: Record<string, string>;
  writeOffDifference: boolean;
  categoryId: string;
  vatRate: number;
  clientId: string | null;
  description: string;
  transactionId: string;
  isAutomatic: boolean;
  ruleName: string;
};

function initialState(line: BankLine): FormState {
  const proposal = line.proposal;
  const state: FormState = {
    kind: isIncoming(line) ? "invoices" : "category",
    payments: {},
    writeOffDifference: false,
    categoryId: "",
    vatRate: 21,
    clientId: null,
    description: "",
    transactionId: "",
    isAutomatic: false,
    ruleName: defaultRuleName(line),
  };
  if (!proposal) return state;
  state.kind = proposal.kind;
  if (proposal.kind === "invoices") {
    state.payments = Object.fromEntries(
      proposal.payments.map((payment) => [payment.invoiceId, formatAmount(cents(payment.amount))]),
    );
    state.writeOffDifference = cents(proposal.difference) < 0;
  } else if (proposal.kind === "category") {
    state.categoryId = proposal.categoryId;
    state.vatRate = proposal.vatRate;
    state.clientId = proposal.clientId;
  } else if (proposal.kind === "existing") {
    state.transactionId = proposal.transactionId;
  }
  return state;
}

/** "1.234,56" | "1234.56" -> cents, or null. */
function typedCents(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return parseCents(trimmed.includes(",") ? trimmed.replace(/\./g, "").replace(",", ".") : trimmed);
}

/** The body of POST /api/bank-lines/{id}/book; the payments in the order their errors come back in. */
function toInput(form: FormState, paymentIds: string[]): BookLineFormInput {
  switch (form.kind) {
    case "invoices":
      return {
        kind: "invoices",
        payments: paymentIds.map((invoiceId) => ({ invoiceId, amount: form.payments[invoiceId] ?? "" })),
        writeOffDifference: form.writeOffDifference,
      };
    case "category":
      return {
        kind: "category",
        categoryId: form.categoryId,
        vatRate: form.vatRate,
        clientId: form.clientId,
        description: form.description,
      };
    case "existing":
      return { kind: "existing", transactionId: form.transactionId };
    default:
      return { kind: form.kind };
  }
}

function ruleBookingOf(form: FormState): RuleBooking | null {
  if (form.kind === "category")
    return { kind: "category", categoryId: form.categoryId, vatRate: form.vatRate, clientId: form.clientId };
  if (form.kind === "private" || form.kind === "transfer" || form.kind === "vat") return { kind: form.kind };
  return null;
}

/** Zod issues as "path.to.field" -> first message, the same keys as the server's `fieldErrors`. */
function issuesToFields(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

interface BookLineDialogProps {
  /** The line being booked; the dialog is open while there is one. */
  line: BankLine | null;
  onClose: () => void;
  /** After booking: the page moves focus on (to the next line) instead of back to this one. */
  onBooked: (line: BankLine) => void;
}

/** 'Bankregel verwerken': book one line by hand, pre-filled with Balans's proposal. */
export function BookLineDialog({ line, onClose, onBooked }: BookLineDialogProps) {
  const [booked, setBooked] = useState<BankLine | null>(null);
  return (
    <Dialog open={line !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          if (!booked) return;
          event.preventDefault();
          onBooked(booked);
          setBooked(null);
        }}
      >
        <DialogHeader>
          <DialogTitle>Bankregel verwerken</DialogTitle>
          <DialogDescription>
            Kies wat deze betaling is; Balans boekt het in je administratie.
          </DialogDescription>
        </DialogHeader>
        {line && (
          <BookLineForm
            key={line.id}
            line={line}
            onClose={onClose}
            onBooked={() => {
              setBooked(line);
              onClose();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function BookLineForm({
  line,
  onClose,
  onBooked,
}: {
  line: BankLine;
  onClose: () => void;
  onBooked: () => void;
}) {
  const id = useId();
  const incoming = isIncoming(line);
  const lineCents = cents(line.amount);
  const [form, setForm] = useState<FormState>(() => initialState(line));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const candidates = useLineCandidates(line.id);
  const categories = useCategories();
  const book = useBookLine();
  const createRule = useCreateRule();
  const isPending = book.isPending || createRule.isPending;
  const kinds = incoming ? KINDS_IN : KINDS_OUT;
  const ruleBooking = ruleBookingOf(form);

  const update = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));
  // The payments in the order the invoices are listed, so "payments.1.amount" points at the second one shown.
  const listed = candidates.data?.invoices.map((invoice) => invoice.invoiceId) ?? [];
  const paymentIds = [
    ...listed.filter((invoiceId) => invoiceId in form.payments),
    ...Object.keys(form.payments).filter((invoiceId) => !listed.includes(invoiceId)),
  ];

  const onSubmit = async () => {
    setFormError(null);
    const input = toInput(form, paymentIds);
    const parsed = BookLineInputSchema.safeParse(input);
    const rule = form.isAutomatic && ruleBooking ? ruleInputFor(line, ruleBooking, form.ruleName) : null;
    const parsedRule = rule ? RuleInputSchema.safeParse(rule) : null;
    const errors: FieldErrors = parsed.success ? {} : issuesToFields(parsed.error.issues);
    if (parsedRule && !parsedRule.success) {
      const ruleErrors = issuesToFields(parsedRule.error.issues);
      // The rule's own fields (category, VAT) are the booking's; its name is the one field of its own.
      errors.ruleName = ruleErrors.name ?? Object.values(ruleErrors)[0] ?? "";
    }
    if (Object.keys(errors).length > 0) {
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});

    try {
      await book.mutateAsync({ id: line.id, input });
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      setFieldErrors(fields);
      // A message that no field shows goes at the top.
      const isShown = Object.keys(fields).some((key) => isFieldShown(key, form.kind));
      if (!isShown) setFormError(getErrorMessage(error));
      toast({ variant: "destructive", title: "Fout", description: getErrorMessage(error) });
      return;
    }

    if (!rule) {
      toast({ title: "Bankregel verwerkt" });
      onBooked();
      return;
    }
    try {
      const { applied } = await createRule.mutateAsync(rule);
      toast({
        title: `Regel opgeslagen; ${applied} ${applied === 1 ? "andere bankregel" : "andere bankregels"} verwerkt`,
      });
    } catch (error) {
      // The line is booked; only the rule failed. Say so, and do not keep the user in a dialog that is done.
      toast({
        variant: "destructive",
        title: "Bankregel verwerkt, regel niet opgeslagen",
        description: getErrorMessage(error),
      });
    }
    onBooked();
  };

  return (
    <form
      noValidate
      aria-label="Bankregel verwerken"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <LineSummary line={line} />
      {formError && (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {formError}
        </p>
      )}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Verwerken als</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {kinds.map((kind) => (
            <label
              key={kind}
              className={cn(
                "flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-input px-3 py-2 text-sm transition-colors",
                "focus-within:ring-3 focus-within:ring-ring/40 hover:bg-muted/60",
                form.kind === kind && "border-primary bg-accent font-medium text-accent-foreground",
              )}
            >
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={form.kind === kind}
                onChange={() => {
                  update({ kind });
                  setFieldErrors({});
                  setFormError(null);
                }}
                className="size-4 shrink-0 accent-primary"
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>

      {form.kind === "invoices" && (
        <InvoicesFields
          form={form}
          lineCents={lineCents}
          candidates={candidates}
          errors={fieldErrors}
          paymentIds={paymentIds}
          onChange={update}
        />
      )}
      {form.kind === "category" && (
        <CategoryFields
          form={form}
          lineCents={lineCents}
          incoming={incoming}
          categories={categories.data ?? []}
          isLoading={categories.isPending}
          errors={fieldErrors}
          placeholder={line.description}
          onChange={update}
        />
      )}
      {form.kind === "existing" && (
        <ExistingFields form={form} candidates={candidates} errors={fieldErrors} onChange={update} />
      )}
      {(form.kind === "private" || form.kind === "transfer" || form.kind === "vat") && (
        <p className="rounded-lg bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
          {BALANCE_EXPLANATIONS[form.kind](incoming)}
        </p>
      )}

      {ruleBooking && (
        <div className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <Checkbox
            id={`${id}-automatic`}
            label="Voortaan automatisch"
            description={`Bankregels ${incoming ? "van" : "aan"} ${
              line.counterpartyName || line.counterpartyIban || "deze tegenpartij"
            } worden voortaan zo verwerkt (${ruleConditions(ruleInputFor(line, ruleBooking, form.ruleName))}).`}
            checked={form.isAutomatic}
            onChange={(event) => update({ isAutomatic: event.target.checked })}
          />
          {form.isAutomatic && (
            <FormField label="Naam van de regel" error={fieldErrors.ruleName}>
              <Input
                value={form.ruleName}
                maxLength={100}
                autoComplete="off"
                onChange={(event) => update({ ruleName: event.target.value })}
              />
            </FormField>
          )}
        </div>
      )}

      <DialogFormFooter submitLabel="Verwerken" isPending={isPending} onCancel={onClose} />
    </form>
  );
}

const BALANCE_EXPLANATIONS: Readonly<Record<"private" | "transfer" | "vat", (incoming: boolean) => string>> =
  {
    private: (incoming) =>
      incoming
        ? "Geld dat je zelf op je zakelijke rekening zet (privéstorting). Het is geen omzet en er zit geen btw in."
        : "Een privéopname of een privé-uitgave van de zakelijke rekening. Het zijn geen kosten en er zit geen btw in.",
    transfer: () =>
      "Geld tussen twee van je eigen rekeningen. Het telt niet als inkomsten of uitgaven; de regel op de andere rekening hoort erbij.",
    vat: (incoming) =>
      incoming
        ? "Een teruggaaf van btw door de Belastingdienst. Het verrekent je btw-aangifte en is geen omzet."
        : "Een btw-betaling aan de Belastingdienst. Het verrekent je btw-aangifte en zijn geen kosten.",
  };

/** Which keys of a 400's `fieldErrors` this form shows at a field, for the kind chosen. */
function isFieldShown(key: string, kind: BankLineBooking): boolean {
  if (kind === "invoices") return key === "payments" || key.startsWith("payments.");
  if (kind === "category") return key === "categoryId" || key === "vatRate" || key === "description";
  if (kind === "existing") return key === "transactionId";
  return false;
}

function LineSummary({ line }: { line: BankLine }) {
  const incoming = isIncoming(line);
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-muted/60 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="min-w-0 font-medium break-words">
          {line.counterpartyName || line.counterpartyIban || "Onbekende tegenpartij"}
        </span>
        <span className={cn("font-semibold tabular-nums", incoming && "text-emerald-700")}>
          {euro(line.amount)}
        </span>
      </div>
      <span className="text-xs text-muted-foreground">
        {formatDate(line.bookingDate)} · {line.bankAccountName}
        {line.counterpartyName && line.counterpartyIban && <> · {formatIban(line.counterpartyIban)}</>}
      </span>
      {line.description && (
        <span className="text-xs break-words text-muted-foreground">{line.description}</span>
      )}
    </div>
  );
}

type CandidatesQuery = ReturnType<typeof useLineCandidates>;

function CandidatesState({ query, children }: { query: CandidatesQuery; children: ReactNode }) {
  if (query.isPending) return <Skeleton className="h-24" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {getErrorMessage(query.error)}
      </p>
    );
  return children;
}

function InvoicesFields({
  form,
  lineCents,
  candidates,
  errors,
  paymentIds,
  onChange,
}: {
  form: FormState;
  lineCents: number;
  candidates: CandidatesQuery;
  errors: FieldErrors;
  paymentIds: string[];
  onChange: (patch: Partial<FormState>) => void;
}) {
  const id = useId();
  const invoices: BankLineCandidates["invoices"] = candidates.data?.invoices ?? [];
  const assigned = Object.values(form.payments).reduce((sum, text) => sum + (typedCents(text) ?? 0), 0);
  const difference = lineCents - assigned;
  const groupError = errors.payments;

  const toggle = (invoice: BankLineCandidates["invoices"][number], isChecked: boolean) => {
    const payments = { ...form.payments };
    if (isChecked) {
      const left = lineCents - assigned;
      const open = cents(invoice.openAmount);
      payments[invoice.invoiceId] = formatAmount(left > 0 ? Math.min(open, left) : open);
    } else {
      delete payments[invoice.invoiceId];
    }
    onChange({ payments, writeOffDifference: isChecked ? form.writeOffDifference : false });
  };

  return (
    <CandidatesState query={candidates}>
      <fieldset className="flex flex-col gap-3" aria-describedby={groupError ? `${id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Openstaande facturen</legend>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Er staan geen facturen open die bij deze betaling passen.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {invoices.map((invoice) => {
              const isChecked = invoice.invoiceId in form.payments;
              const index = paymentIds.indexOf(invoice.invoiceId);
              const amountError = index >= 0 ? errors[`payments.${index}.amount`] : undefined;
              const label = `Factuur ${invoice.invoiceNumber}`;
              return (
                <li
                  key={invoice.invoiceId}
                  className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">
                    <Checkbox
                      id={`${id}-${invoice.invoiceId}`}
                      label={label}
                      description={`${invoice.clientName ?? "Onbekende klant"} · open ${euro(invoice.openAmount)} · vervalt ${formatDate(invoice.dueDate)}`}
                      checked={isChecked}
                      onChange={(event) => toggle(invoice, event.target.checked)}
                    />
                  </div>
                  {isChecked && (
                    <FormField
                      label={<span className="sr-only">Bedrag voor {label}</span>}
                      error={amountError}
                      className="gap-1 sm:w-36"
                    >
                      <Input
                        inputMode="decimal"
                        autoComplete="off"
                        className="text-right tabular-nums"
                        value={form.payments[invoice.invoiceId]}
                        onChange={(event) =>
                          onChange({
                            payments: { ...form.payments, [invoice.invoiceId]: event.target.value },
                          })
                        }
                      />
                    </FormField>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <Figure label="Bankregel" value={formatEuro(lineCents)} />
          <Figure label="Toegewezen" value={formatEuro(assigned)} />
          <Figure
            label="Verschil"
            value={formatEuro(difference)}
            className={difference !== 0 ? "text-amber-800" : undefined}
          />
        </dl>
        {groupError && (
          <p id={`${id}-error`} className="text-[0.8125rem] font-medium text-destructive">
            {groupError}
          </p>
        )}
        {Object.keys(form.payments).length > 0 && difference !== 0 && (
          <Checkbox
            id={`${id}-write-off`}
            label="Verschil afboeken als betalingsverschil"
            description={
              difference < 0
                ? `Er is ${formatEuro(-difference)} minder binnengekomen dan je toewijst (bijvoorbeeld bankkosten van de betaler); dat wordt als kosten geboekt.`
                : `Er is ${formatEuro(difference)} meer binnengekomen dan je toewijst.`
            }
            checked={form.writeOffDifference}
            onChange={(event) => onChange({ writeOffDifference: event.target.checked })}
          />
        )}
        {errors.writeOffDifference && (
          <p className="text-[0.8125rem] font-medium text-destructive">{errors.writeOffDifference}</p>
        )}
      </fieldset>
    </CandidatesState>
  );
}

function Figure({
  label,
  value,
  className,
}: {
  label: string;
  value: string;
  className?: string | undefined;
}) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn("font-medium tabular-nums", className)}>{value}</dd>
    </div>
  );
}

function CategoryFields({
  form,
  lineCents,
  incoming,
  categories,
  isLoading,
  errors,
  placeholder,
  onChange,
}: {
  form: FormState;
  lineCents: number;
  incoming: boolean;
  categories: Array<{ id: string; name: string; type: "income" | "expense" }>;
  isLoading: boolean;
  errors: FieldErrors;
  placeholder: string;
  onChange: (patch: Partial<FormState>) => void;
}) {
  const id = useId();
  const type = incoming ? "income" : "expense";
  const options = categories.filter((category) => category.type === type);
  const split = splitVatIncluded(Math.abs(lineCents), form.vatRate * 100);
  return (
    <div className="flex flex-col gap-4">
      <FormField label={incoming ? "Inkomstencategorie" : "Uitgavencategorie"} error={errors.categoryId}>
        <Select
          value={form.categoryId}
          disabled={isLoading}
          onChange={(event) => onChange({ categoryId: event.target.value })}
        >
          <option value="">{isLoading ? "Categorieën laden…" : "Kies een categorie"}</option>
          {options.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Select>
      </FormField>
      <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-vat`}>
        <legend className="mb-1 text-sm font-medium">Btw-tarief</legend>
        <div className="flex gap-2">
          {BANK_VAT_RATES.map((rate) => (
            <label
              key={rate}
              className={cn(
                "flex h-10 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border border-input px-3 text-sm",
                "focus-within:ring-3 focus-within:ring-ring/40 hover:bg-muted/60",
                form.vatRate === rate && "border-primary bg-accent font-medium text-accent-foreground",
              )}
            >
              <input
                type="radio"
                name={`${id}-vat-rate`}
                value={rate}
                checked={form.vatRate === rate}
                onChange={() => onChange({ vatRate: rate })}
                className="size-4 accent-primary"
              />
              {rate}%
            </label>
          ))}
        </div>
        <p id={`${id}-vat`} aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
          {formatEuro(split.amountIncludingVat)} = {formatEuro(split.amount)} + {formatEuro(split.vatAmount)}{" "}
          btw
        </p>
        {errors.vatRate && <p className="text-[0.8125rem] font-medium text-destructive">{errors.vatRate}</p>}
      </fieldset>
      <FormField label="Omschrijving" optional error={errors.description}>
        <Input
          value={form.description}
          maxLength={500}
          autoComplete="off"
          placeholder={placeholder.slice(0, 120)}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </FormField>
    </div>
  );
}

function ExistingFields({
  form,
  candidates,
  errors,
  onChange,
}: {
  form: FormState;
  candidates: CandidatesQuery;
  errors: FieldErrors;
  onChange: (patch: Partial<FormState>) => void;
}) {
  const id = useId();
  const transactions = candidates.data?.transactions ?? [];
  return (
    <CandidatesState query={candidates}>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.transactionId ? `${id}-error` : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Transactie</legend>
        {transactions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Er is geen geboekte transactie met dit bedrag rond deze datum.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {transactions.map((transaction) => (
              <li key={transaction.id}>
                <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 text-sm hover:bg-muted/50">
                  <input
                    type="radio"
                    name={`${id}-transaction`}
                    value={transaction.id}
                    checked={form.transactionId === transaction.id}
                    onChange={() => onChange({ transactionId: transaction.id })}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
                    <span className="min-w-0 break-words">
                      {transaction.description}
                      <span className="block text-xs text-muted-foreground">
                        {formatDate(transaction.date)}
                      </span>
                    </span>
                    <span className="font-medium tabular-nums">{euro(transaction.amountIncludingVat)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.transactionId && (
          <p id={`${id}-error`} className="text-[0.8125rem] font-medium text-destructive">
            {errors.transactionId}
          </p>
        )}
      </fieldset>
    </CandidatesState>
  );
}
