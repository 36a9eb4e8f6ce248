import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen } from "lucide-react";
import { Link } from "wouter";
import { formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { fitsCategory, type Category, type CategoryInput } from "@shared/schemas/categories";
import { APP_ROUTES } from "@shared/routes";
import type { LedgerAccountAnswer } from "@shared/schemas/ledger";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { apiRequest, getQueryFn } from "@client/lib/api";
import { toast, toastError } from "@client/lib/toast";

/**
 * The keys the transactions screen reads too (features do not import each other, so they are repeated). The
 * chart's balances are books-derived: the query client refreshes them after every change (lib/query-client.ts).
 */
const CATEGORIES_KEY = ["/api/categories"] as const;
const ACCOUNTS_KEY = ["/api/ledger/accounts"] as const;

const KIND_LABELS: Readonly<Record<LedgerAccountAnswer["kind"], string>> = {
  asset: "Activa",
  liability: "Schulden",
  equity: "Eigen vermogen",
  revenue: "Opbrengsten",
  expense: "Kosten",
};

/** Settings → Grootboekrekeningen: which revenue or cost account each category books on, and the chart itself. */
export function LedgerAccountsSection() {
  const queryClient = useQueryClient();
  const categories = useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: getQueryFn<Category[]>({ on401: "throw" }),
  });
  const accounts = useQuery({
    queryKey: ACCOUNTS_KEY,
    queryFn: getQueryFn<LedgerAccountAnswer[]>({ on401: "throw" }),
  });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string; input: CategoryInput }) =>
      apiRequest<Category>("PUT", `/api/categories/${encodeURIComponent(id)}`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
  });

  const remap = async (category: Category, ledgerAccountId: string) => {
    try {
      await save.mutateAsync({
        id: category.id,
        input: {
          name: category.name,
          type: category.type,
          color: category.color,
          ledgerAccountId: ledgerAccountId || null,
        },
      });
      toast({ title: `${category.name} boekt nu op de gekozen rekening` });
    } catch (error) {
      toastError(error);
    }
  };

  const isLoading = categories.isPending || accounts.isPending;
  const failed = categories.isError || accounts.isError;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Categorieën en grootboekrekeningen</CardTitle>
          <CardDescription>
            Elke categorie boekt op een omzet- of kostenrekening. Standaard boeken inkomsten op de
            omzetrekening van hun btw-tarief en uitgaven op Algemene kosten. Een wijziging boekt ook eerdere
            transacties om; de btw-aangifte verandert daardoor niet.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <div className="flex flex-col gap-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : failed ? (
            <p className="text-sm text-destructive">Kon de grootboekrekeningen niet laden</p>
          ) : categories.data!.length === 0 ? (
            <EmptyState
              icon={BookOpen}
              title="Nog geen categorieën"
              description="Maak je categorieën op het transactiescherm, via de knop Categorieën."
              action={
                <Button asChild variant="outline">
                  <Link href={APP_ROUTES.transactions}>Naar transacties</Link>
                </Button>
              }
            />
          ) : (
            <ul className="flex flex-col divide-y divide-border" aria-label="Categorieën">
              {categories.data!.map((category) => {
                const options = accounts.data!.filter((account) => fitsCategory(category.type, account));
                return (
                  <li
                    key={category.id}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span className="flex items-center gap-2 text-sm font-medium text-foreground">
                      <span
                        className="size-3 shrink-0 rounded-full"
                        style={{ backgroundColor: category.color }}
                        aria-hidden
                      />
                      {category.name}
                      <span className="text-xs font-normal text-muted-foreground">
                        {category.type === "income" ? "Inkomsten" : "Uitgaven"}
                      </span>
                    </span>
                    <Select
                      className="w-full sm:w-80"
                      aria-label={`Grootboekrekening voor ${category.name}`}
                      value={category.ledgerAccountId ?? ""}
                      disabled={save.isPending}
                      onChange={(event) => void remap(category, event.target.value)}
                    >
                      <option value="">
                        {category.type === "income"
                          ? "Standaard: omzet per btw-tarief"
                          : "Standaard: Algemene kosten"}
                      </option>
                      {options.map((account) => (
                        <option key={account.id} value={account.id}>
                          {account.code} {account.name}
                        </option>
                      ))}
                    </Select>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Rekeningschema</CardTitle>
          <CardDescription>
            Je grootboekrekeningen met hun RGS-code (Referentie GrootboekSchema) en het saldo van vandaag.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {accounts.isPending ? (
            <Skeleton className="h-40" />
          ) : accounts.isError ? (
            <p className="text-sm text-destructive">Kon het rekeningschema niet laden</p>
          ) : (
            <div role="table" aria-label="Rekeningschema" className="flex flex-col text-sm">
              <div
                role="row"
                className="grid grid-cols-[3.5rem_1fr_6.5rem] gap-2 border-b border-border py-1.5 text-xs font-medium text-muted-foreground sm:grid-cols-[4rem_1fr_8rem_7rem_8rem]"
              >
                <span role="columnheader">Nummer</span>
                <span role="columnheader">Naam</span>
                <span role="columnheader" className="hidden sm:block">
                  RGS-code
                </span>
                <span role="columnheader" className="hidden sm:block">
                  Soort
                </span>
                <span role="columnheader" className="text-right">
                  Saldo
                </span>
              </div>
              {accounts.data.map((account) => (
                <div
                  key={account.id}
                  role="row"
                  className="grid grid-cols-[3.5rem_1fr_6.5rem] gap-2 border-b border-border/60 py-2 sm:grid-cols-[4rem_1fr_8rem_7rem_8rem]"
                >
                  <span role="cell" className="font-mono text-muted-foreground">
                    {account.code}
                  </span>
                  <span role="cell" className="min-w-0 truncate text-foreground">
                    {account.name}
                  </span>
                  <span role="cell" className="hidden font-mono text-xs text-muted-foreground sm:block">
                    {account.rgsCode}
                  </span>
                  <span role="cell" className="hidden text-muted-foreground sm:block">
                    {KIND_LABELS[account.kind]}
                  </span>
                  <span role="cell" className="text-right tabular-nums">
                    {formatEuro(parseCents(account.balance) ?? 0)}
                  </span>
                </div>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
