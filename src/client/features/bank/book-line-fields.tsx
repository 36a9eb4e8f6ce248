/**
 * The parts of 'Bankregel verwerken': the line it is about and the fields of each way to book it (sales or
 * purchase invoices, category, existing transaction). The dialog (book-line-dialog.tsx) holds the form and sends it.
 */
import { useId, type ReactNode } from "react";
import { formatAmount, formatDate, formatEuro } from "@shared/format";
import { parseAmount } from "@shared/money";
import {
  BANK_VAT_RATES,
  type BankLine,
  type BankLineCandidates,
  type BankLineBooking,
} from "@shared/schemas/bank-statements";
import { formatIban } from "@shared/validators/iban";
import { splitVatIncluded } from "@shared/vat";
import { Checkbox } from "@client/components/ui/checkbox";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { AmountInput } from "@client/components/ui/amount-input";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { cn } from "@client/lib/utils";
import type { useLineCandidates } from "./api";
import { cents, euro, isIncoming } from "./bank-format";

export type FieldErrors = Record<string, string>;

/** The form: every kind's fields at once, so switching kinds keeps what was typed. */
export type FormState = {
  kind: BankLineBooking;
  /**
   * Invoice id -> amount as typed (Dutch); only the checked invoices are here. Sales invoices for money in,
   * purchase invoices for money out: a line is one or the other, so they share the map.
   */
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

/** A typed amount ("1.234,56", "1234.56") in cents, or null when empty or not an amount. */
export function typedCents(text: string): number | null {
  return text.trim() === "" ? null : parseAmount(text);
}

export function LineSummary({ line }: { line: BankLine }) {
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

/** An invoice a line can pay, sales or purchase, as the list shows it. */
type Payable = { id: string; label: string; description: string; openAmount: string };

/** The invoices to choose from: sales invoices for money in, purchase invoices for money out. */
export function payablesOf(candidates: BankLineCandidates | undefined, isPurchase: boolean): Payable[] {
  if (!candidates) return [];
  if (isPurchase) {
    return candidates.purchaseInvoices.map((purchase) => ({
      id: purchase.purchaseInvoiceId,
      label: `Inkoopfactuur ${purchase.invoiceNumber ?? "zonder nummer"}`,
      description: [
        purchase.supplierName ?? "Onbekende leverancier",
        `open ${euro(purchase.openAmount)}`,
        purchase.dueDate && `vervalt ${formatDate(purchase.dueDate)}`,
      ]
        .filter(Boolean)
        .join(" · "),
      openAmount: purchase.openAmount,
    }));
  }
  return candidates.invoices.map((invoice) => ({
    id: invoice.invoiceId,
    label: `Factuur ${invoice.invoiceNumber}`,
    description: `${invoice.clientName ?? "Onbekende klant"} · open ${euro(invoice.openAmount)} · vervalt ${formatDate(invoice.dueDate)}`,
    openAmount: invoice.openAmount,
  }));
}

export function InvoicesFields({
  form,
  lineCents,
  candidates,
  isPurchase,
  errors,
  paymentIds,
  onChange,
}: {
  form: FormState;
  lineCents: number;
  candidates: CandidatesQuery;
  /** Money out pays purchase invoices, positive amounts that add up to the whole line (no write-off). */
  isPurchase: boolean;
  errors: FieldErrors;
  paymentIds: string[];
  onChange: (patch: Partial<FormState>) => void;
}) {
  const id = useId();
  const invoices = payablesOf(candidates.data, isPurchase);
  const lineSize = Math.abs(lineCents);
  const assigned = Object.values(form.payments).reduce((sum, text) => sum + (typedCents(text) ?? 0), 0);
  const difference = lineSize - assigned;
  const groupError = errors.payments;

  const toggle = (invoice: Payable, isChecked: boolean) => {
    const payments = { ...form.payments };
    if (isChecked) {
      const left = lineSize - assigned;
      const open = cents(invoice.openAmount);
      payments[invoice.id] = formatAmount(left > 0 ? Math.min(open, left) : open);
    } else {
      delete payments[invoice.id];
    }
    onChange({ payments, writeOffDifference: isChecked ? form.writeOffDifference : false });
  };

  return (
    <CandidatesState query={candidates}>
      <fieldset className="flex flex-col gap-3" aria-describedby={groupError ? `${id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">
          {isPurchase ? "Openstaande inkoopfacturen" : "Openstaande facturen"}
        </legend>
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {isPurchase
              ? "Er staan geen inkoopfacturen open die bij deze betaling passen."
              : "Er staan geen facturen open die bij deze betaling passen."}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {invoices.map((invoice) => {
              const isChecked = invoice.id in form.payments;
              const index = paymentIds.indexOf(invoice.id);
              const amountError = index >= 0 ? errors[`payments.${index}.amount`] : undefined;
              const label = invoice.label;
              return (
                <li key={invoice.id} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <Checkbox
                      id={`${id}-${invoice.id}`}
                      label={label}
                      description={invoice.description}
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
                      <AmountInput
                        className="text-right tabular-nums"
                        value={form.payments[invoice.id]}
                        onChange={(event) =>
                          onChange({
                            payments: { ...form.payments, [invoice.id]: event.target.value },
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
          <Figure label="Bankregel" value={formatEuro(lineSize)} />
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
        {!isPurchase && Object.keys(form.payments).length > 0 && difference !== 0 && (
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

export function CategoryFields({
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

export function ExistingFields({
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
