import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Landmark, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { formatDate, formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import {
  BankAccountInputSchema,
  type BankAccount,
  type BankAccountFormInput,
  type BankAccountInput,
} from "@shared/schemas/bank-accounts";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { DialogFormFooter } from "@client/components/ui/dialog-form-footer";
import { EmptyState } from "@client/components/ui/empty-state";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { AmountInput } from "@client/components/ui/amount-input";
import { Skeleton } from "@client/components/ui/skeleton";
import { apiRequest, getQueryFn } from "@client/lib/api";
import { applyFieldErrors } from "@client/lib/form-errors";
import { toast, toastError } from "@client/lib/toast";

const FIELD_NAMES = ["name", "iban", "openingBalance", "openingDate"] as const;

type FormValues = { [Key in (typeof FIELD_NAMES)[number]]: string };

/** Amounts cross the API as decimal strings; the screen shows them as euros. */
const euro = (decimal: string) => formatEuro(parseCents(decimal) ?? 0);

/** The form shows the amount with a decimal comma, as the user would type it. */
function toFormValues(account: BankAccount | undefined): FormValues {
  return {
    name: account?.name ?? "",
    iban: account?.iban ?? "",
    openingBalance: account ? account.openingBalance.replace(".", ",") : "",
    openingDate: account?.openingDate ?? "",
  };
}

/**
 * The key the transactions screen's account picker reads too (a feature does not import another feature, so it
 * is repeated rather than imported). The balances are books-derived: the query client refreshes this key after
 * every change (lib/query-client.ts), so the picker and the dashboard follow without a reload.
 */
const BANK_ACCOUNTS_KEY = ["/api/bank-accounts"] as const;

function useBankAccounts() {
  return useQuery({ queryKey: BANK_ACCOUNTS_KEY, queryFn: getQueryFn<BankAccount[]>({ on401: "throw" }) });
}

function useBankAccountMutations() {
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: BankAccountInput }) =>
      id
        ? apiRequest<BankAccount>("PUT", `/api/bank-accounts/${encodeURIComponent(id)}`, input)
        : apiRequest<BankAccount>("POST", "/api/bank-accounts", input),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<void>("DELETE", `/api/bank-accounts/${encodeURIComponent(id)}`),
  });
  return { save, remove };
}

/** Settings → Bankrekeningen (issue 6): the accounts with their balances, and adding, editing and deleting. */
export function BankAccountsSection() {
  const accounts = useBankAccounts();
  const { save, remove } = useBankAccountMutations();
  // undefined: closed; null: adding; an account: editing it.
  const [editing, setEditing] = useState<BankAccount | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<BankAccount | undefined>(undefined);

  const makeDefault = async (account: BankAccount) => {
    try {
      // PUT takes the whole account; the current values are sent back unchanged with the default switched on.
      await save.mutateAsync({
        id: account.id,
        input: BankAccountInputSchema.parse({ ...toFormValues(account), isDefault: true }),
      });
      toast({ title: `${account.name} is nu de standaardrekening` });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Bankrekeningen</CardTitle>
          <CardDescription>
            Het saldo is het beginsaldo plus de voltooide transacties op de rekening. Nieuwe transacties komen
            op de standaardrekening, tenzij je een andere kiest.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing(null)} className="shrink-0">
          <Plus aria-hidden />
          Rekening toevoegen
        </Button>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : accounts.isError ? (
          <p className="text-sm text-destructive">Kon bankrekeningen niet laden</p>
        ) : accounts.data.length === 0 ? (
          <EmptyState
            icon={Landmark}
            title="Nog geen bankrekeningen"
            description="Voeg een rekening toe om transacties op te boeken."
          />
        ) : (
          <ul
            className="flex flex-col divide-y divide-border rounded-lg border border-border"
            aria-label="Bankrekeningen"
          >
            {accounts.data.map((account) => (
              <li
                key={account.id}
                aria-label={account.name}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-foreground">{account.name}</span>
                    {account.isDefault && <Badge variant="success">Standaard</Badge>}
                  </div>
                  <span className="font-mono text-sm text-muted-foreground">
                    {account.iban ?? "Geen IBAN"}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Beginsaldo {euro(account.openingBalance)}
                    {account.openingDate ? ` op ${formatDate(account.openingDate)}` : ""}
                  </span>
                </div>
                <div className="flex flex-col gap-2 sm:items-end">
                  <span className="text-lg font-semibold tabular-nums text-foreground">
                    <span className="sr-only">Saldo </span>
                    {euro(account.balance)}
                  </span>
                  <div className="flex flex-wrap gap-2">
                    {!account.isDefault && (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={save.isPending}
                        onClick={() => void makeDefault(account)}
                      >
                        <Star aria-hidden />
                        Maak standaard
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(account)}
                      aria-label={`${account.name} bewerken`}
                    >
                      <Pencil aria-hidden />
                      Bewerken
                    </Button>
                    {!account.isDefault && (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setDeleting(account)}
                        aria-label={`${account.name} verwijderen`}
                      >
                        <Trash2 aria-hidden />
                        Verwijderen
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <BankAccountFormDialog
        open={editing !== undefined}
        account={editing ?? undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        save={save}
      />
      <DeleteBankAccountDialog account={deleting} onClose={() => setDeleting(undefined)} remove={remove} />
    </Card>
  );
}

type Mutations = ReturnType<typeof useBankAccountMutations>;

function BankAccountFormDialog({
  open,
  onOpenChange,
  account,
  save,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: BankAccount | undefined;
  save: Mutations["save"];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg gap-6">
        <DialogHeader>
          <DialogTitle>{account ? "Rekening bewerken" : "Nieuwe rekening"}</DialogTitle>
          <DialogDescription>
            Alleen de naam is nodig. Het beginsaldo is het saldo op de begindatum.
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by account, so opening another account starts from its values. */}
        <BankAccountForm
          key={account?.id ?? "new"}
          account={account}
          save={save}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function BankAccountForm({
  account,
  save,
  onDone,
}: {
  account: BankAccount | undefined;
  save: Mutations["save"];
  onDone: () => void;
}) {
  const form = useForm<BankAccountFormInput, unknown, BankAccountInput>({
    resolver: zodResolver(BankAccountInputSchema),
    defaultValues: toFormValues(account),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: account?.id, input });
      toast({ title: account ? "Rekening bijgewerkt" : "Rekening toegevoegd" });
      onDone();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: account ? "Kon rekening niet bijwerken" : "Kon rekening niet toevoegen",
      });
      applyFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={account ? "Rekening bewerken" : "Nieuwe rekening"}
      className="flex flex-col gap-4"
    >
      <FormField label="Naam" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <FormField
        label="IBAN"
        optional
        hint="Bijvoorbeeld NL91 ABNA 0417 1643 00"
        error={errors.iban?.message}
      >
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.register("iban")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Beginsaldo"
          optional
          hint="In euro, bijvoorbeeld 1.250,00"
          error={errors.openingBalance?.message}
        >
          <AmountInput {...form.register("openingBalance")} />
        </FormField>
        <FormField label="Begindatum" optional error={errors.openingDate?.message}>
          <Input type="date" {...form.register("openingDate")} />
        </FormField>
      </div>
      <DialogFormFooter submitLabel="Opslaan" isPending={save.isPending} onCancel={onDone} />
    </form>
  );
}

function DeleteBankAccountDialog({
  account,
  onClose,
  remove,
}: {
  account: BankAccount | undefined;
  onClose: () => void;
  remove: Mutations["remove"];
}) {
  const confirm = async () => {
    if (!account) return;
    try {
      await remove.mutateAsync(account.id);
      toast({ title: "Rekening verwijderd" });
      onClose();
    } catch (error) {
      // The server's own Dutch reason, e.g. that the default account cannot be deleted.
      toastError(error);
    }
  };

  return (
    <ConfirmDialog
      open={account !== undefined}
      onClose={onClose}
      title="Rekening verwijderen?"
      description={
        <>
          Weet je zeker dat je <strong className="font-semibold text-foreground">{account?.name}</strong> wilt
          verwijderen? De transacties op deze rekening blijven bewaard, maar zijn daarna aan geen rekening
          meer gekoppeld.
        </>
      }
      confirmLabel="Verwijderen"
      onConfirm={confirm}
      isPending={remove.isPending}
    />
  );
}
