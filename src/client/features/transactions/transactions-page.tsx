import { useMemo, useState } from "react";
import { FileUp, Landmark, Plus, Tags } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatEuro, formatNumber } from "@shared/format";
import { parseCents } from "@shared/money";
import { TRANSACTION_PAGE_SIZE, type Transaction } from "@shared/schemas/transactions";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { useLinkedAction } from "@client/lib/linked-action";
import { toast, toastError } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import {
  useBankAccounts,
  useCategories,
  useDeleteTransaction,
  useStopRecurring,
  useTransactions,
} from "./api";
import { CategoriesDialog } from "./categories-dialog";
import { ImportDialog } from "./import-dialog";
import { QuickEntryCard } from "./quick-entry-card";
import { TransactionFilterBar } from "./transaction-filters";
import { TransactionFormDialog } from "./transaction-form-dialog";
import { TransactionsTable } from "./transactions-table";
import { useTransactionFilters } from "./use-transaction-filters";

const cents = (decimal: string) => parseCents(decimal) ?? 0;

/** Spec §2.12: /app/transactions — Bank in the navigation, titled Transacties. */
export function TransactionsPage() {
  const { filters, setFilters, query, isFiltered } = useTransactionFilters();
  const list = useTransactions(query);
  const categories = useCategories();
  const categoryMap = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.id, category])),
    [categories.data],
  );
  const [formState, setFormState] = useState<{ open: boolean; transaction?: Transaction }>({ open: false });
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isCategoriesOpen, setCategoriesOpen] = useState(false);
  useLinkedAction("nieuw", () => setFormState({ open: true }));
  const remove = useDeleteTransaction();
  const stopRecurring = useStopRecurring();
  const today = businessDate(new Date());

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Transactie succesvol verwijderd" });
      setDeleting(null);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: (
          <>
            Kon transactie niet verwijderen
            <span className="mt-1 block">{getErrorMessage(error)}</span>
          </>
        ),
      });
    }
  };

  const onStopRecurring = async (transaction: Transaction) => {
    try {
      await stopRecurring.mutateAsync(transaction.id);
      toast({
        title: "Herhaling gestopt",
        description: `${transaction.description} wordt niet meer herhaald.`,
      });
    } catch (error) {
      toastError(error);
    }
  };

  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / TRANSACTION_PAGE_SIZE)) : 1;
  const firstRow = data && data.total > 0 ? (filters.page - 1) * TRANSACTION_PAGE_SIZE + 1 : 0;
  const lastRow = data ? Math.min(filters.page * TRANSACTION_PAGE_SIZE, data.total) : 0;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Transacties"
        description="Al je inkomsten en uitgaven, met BTW."
        actions={
          <>
            <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
              <Tags aria-hidden />
              Categorieën
            </Button>
            <Button variant="outline" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden />
              Importeer CSV
            </Button>
            <Button onClick={() => setFormState({ open: true })}>
              <Plus aria-hidden />
              Nieuwe transactie
            </Button>
          </>
        }
      />

      <QuickEntryCard />
      <AccountBalances
        selectedId={filters.bankAccountId}
        onSelect={(bankAccountId) => setFilters({ bankAccountId })}
      />

      <TransactionFilterBar
        filters={filters}
        onChange={setFilters}
        categories={categories.data ?? []}
        isFiltered={isFiltered}
      />

      {data && (
        <dl aria-label="Totalen van de selectie" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Total label="Inkomsten (incl. BTW)" value={formatEuro(cents(data.totals.income))} tone="income" />
          <Total label="Uitgaven (incl. BTW)" value={formatEuro(cents(data.totals.expense))} tone="expense" />
          <Total
            label="BTW-saldo (af te dragen)"
            value={formatEuro(cents(data.totals.vatIncome) - cents(data.totals.vatExpense))}
          />
          <Total label="Transacties" value={formatNumber(data.total)} />
        </dl>
      )}

      {list.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState
          title="De transacties konden niet worden geladen."
          description={getErrorMessage(list.error)}
          action={<Button onClick={() => list.refetch()}>Opnieuw proberen</Button>}
        />
      ) : data && data.transactions.length === 0 ? (
        <EmptyState
          icon={Landmark}
          title="Geen transacties gevonden. Maak je eerste transactie om te beginnen."
          action={
            isFiltered ? (
              <Button
                variant="outline"
                onClick={() =>
                  setFilters({
                    type: "",
                    categoryId: "",
                    startDate: "",
                    endDate: "",
                    search: "",
                    bankAccountId: "",
                  })
                }
              >
                Filters wissen
              </Button>
            ) : (
              <Button onClick={() => setFormState({ open: true })}>
                <Plus aria-hidden />
                Nieuwe transactie
              </Button>
            )
          }
        />
      ) : data ? (
        <div className="flex flex-col gap-3">
          <TransactionsTable
            transactions={data.transactions}
            categories={categoryMap}
            today={today}
            onEdit={(transaction) => setFormState({ open: true, transaction })}
            onDelete={setDeleting}
            onStopRecurring={onStopRecurring}
          />
          <nav aria-label="Paginering" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground" aria-live="polite">
              {formatNumber(firstRow)}–{formatNumber(lastRow)} van {formatNumber(data.total)}
              {list.isFetching && <Spinner className="ml-2 inline" label="Bijwerken" />}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => setFilters({ page: filters.page - 1 })}
              >
                Vorige
              </Button>
              <span className="self-center text-muted-foreground">
                Pagina {filters.page} van {pageCount}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pageCount}
                onClick={() => setFilters({ page: filters.page + 1 })}
              >
                Volgende
              </Button>
            </div>
          </nav>
        </div>
      ) : null}

      <TransactionFormDialog
        open={formState.open}
        transaction={formState.transaction}
        onOpenChange={(open) => setFormState((current) => ({ ...current, open }))}
      />
      <ImportDialog open={isImportOpen} onOpenChange={setImportOpen} />
      <CategoriesDialog open={isCategoriesOpen} onOpenChange={setCategoriesOpen} />

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Transactie verwijderen"
        description="Weet je zeker dat je deze transactie wilt verwijderen?"
        confirmLabel="Verwijderen"
        onConfirm={onDelete}
        isPending={remove.isPending}
      >
        {deleting && <p className="text-sm font-medium">{deleting.description}</p>}
      </ConfirmDialog>
    </div>
  );
}

function Total({ label, value, tone }: { label: string; value: string; tone?: "income" | "expense" }) {
  return (
    <div className="rounded-xl border border-border bg-card px-4 py-3 shadow-xs">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={
          tone === "income"
            ? "text-lg font-semibold text-emerald-700 tabular-nums"
            : "text-lg font-semibold text-foreground tabular-nums"
        }
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * Each bank account with its balance (opening balance + booked transactions), from the server. Choosing an
 * account shows only its transactions; choosing it again shows all.
 */
function AccountBalances({ selectedId, onSelect }: { selectedId: string; onSelect: (id: string) => void }) {
  const accounts = useBankAccounts();
  if (!accounts.data || accounts.data.length === 0) return null;
  return (
    <section aria-label="Bankrekeningen" className="flex flex-wrap gap-3">
      {accounts.data.map((account) => {
        const isSelected = account.id === selectedId;
        return (
          <button
            key={account.id}
            type="button"
            aria-pressed={isSelected}
            title={isSelected ? "Toon alle rekeningen" : `Toon alleen ${account.name}`}
            onClick={() => onSelect(isSelected ? "" : account.id)}
            className={cn(
              "flex min-w-48 items-center gap-3 rounded-xl border bg-card px-4 py-3 text-left shadow-xs transition-colors outline-none",
              "hover:bg-muted/60 focus-visible:ring-3 focus-visible:ring-ring/40",
              isSelected ? "border-primary ring-1 ring-primary" : "border-border",
            )}
          >
            <span className="flex size-9 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Landmark className="size-4" aria-hidden />
            </span>
            <span>
              <span className="block text-xs text-muted-foreground">
                {account.name}
                {account.iban && <span className="ml-1">· {account.iban}</span>}
              </span>
              <span className="block font-semibold tabular-nums">{formatEuro(cents(account.balance))}</span>
            </span>
          </button>
        );
      })}
    </section>
  );
}
