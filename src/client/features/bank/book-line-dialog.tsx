import { useId, useState } from "react";
import { formatAmount } from "@shared/format";
import {
  BookLineInputSchema,
  RuleInputSchema,
  type BankLine,
  type BankLineBooking,
  type BookLineFormInput,
} from "@shared/schemas/bank-statements";
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
import { ApiError, getErrorMessage } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { useBookLine, useCategories, useCreateRule, useLineCandidates } from "./api";
import {
  CategoryFields,
  ExistingFields,
  InvoicesFields,
  LineSummary,
  payablesOf,
  type FieldErrors,
  type FormState,
} from "./book-line-fields";
import {
  cents,
  defaultRuleName,
  isIncoming,
  ruleConditions,
  ruleInputFor,
  type RuleBooking,
} from "./bank-format";

/**
 * The choices, in the order of the radio group; 'Factuur' only for money in, 'Inkoopfactuur' only for money out
 * (BANK_MESSAGES.paymentsDirection, purchasePaymentsDirection).
 */
const KIND_LABELS: Readonly<Record<BankLineBooking, string>> = {
  invoices: "Factuur",
  purchase_invoices: "Inkoopfactuur",
  category: "Categorie",
  existing: "Bestaande transactie",
  private: "Privé",
  transfer: "Overboeking eigen rekening",
  vat: "Btw-betaling/-teruggaaf",
};
const KINDS_IN: BankLineBooking[] = ["invoices", "category", "existing", "private", "transfer", "vat"];
const KINDS_OUT: BankLineBooking[] = [
  "purchase_invoices",
  "category",
  "existing",
  "private",
  "transfer",
  "vat",
];

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
  } else if (proposal.kind === "purchase_invoices") {
    state.payments = Object.fromEntries(
      proposal.payments.map((payment) => [payment.purchaseInvoiceId, formatAmount(cents(payment.amount))]),
    );
  } else if (proposal.kind === "category") {
    state.categoryId = proposal.categoryId;
    state.vatRate = proposal.vatRate;
    state.clientId = proposal.clientId;
  } else if (proposal.kind === "existing") {
    state.transactionId = proposal.transactionId;
  }
  return state;
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
    case "purchase_invoices":
      return {
        kind: "purchase_invoices",
        payments: paymentIds.map((purchaseInvoiceId) => ({
          purchaseInvoiceId,
          amount: form.payments[purchaseInvoiceId] ?? "",
        })),
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
  const listed = payablesOf(candidates.data, !incoming).map((invoice) => invoice.id);
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
      toastError(error);
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
      toastError(error, "Bankregel verwerkt, regel niet opgeslagen");
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

      {(form.kind === "invoices" || form.kind === "purchase_invoices") && (
        <InvoicesFields
          form={form}
          lineCents={lineCents}
          candidates={candidates}
          isPurchase={form.kind === "purchase_invoices"}
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
  if (kind === "invoices" || kind === "purchase_invoices") {
    return key === "payments" || key.startsWith("payments.");
  }
  if (kind === "category") return key === "categoryId" || key === "vatRate" || key === "description";
  if (kind === "existing") return key === "transactionId";
  return false;
}
