import { Landmark, Pencil, Repeat, Repeat1, RepeatOff, Trash2 } from "lucide-react";
import { Link } from "wouter";
import { formatDate, formatSignedEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import { RECURRING_INTERVAL_LABELS } from "@shared/recurrence";
import { APP_ROUTES } from "@shared/routes";
import { BOOKING_LABELS } from "@shared/schemas/bank-statements";
import type { Category } from "@shared/schemas/categories";
import {
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  type Transaction,
} from "@shared/schemas/transactions";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/utils";
import { rateOption } from "./money";

interface TransactionsTableProps {
  transactions: Transaction[];
  categories: Map<string, Category>;
  today: string;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  onStopRecurring: (transaction: Transaction) => void;
}

/** "€ +1.234,50" for income, "€ -1.234,50" for expenses (spec §2.12: nl-NL, 2 decimals). */
export function signedAmount(transaction: Transaction, decimal: string): string {
  const cents = parseCents(decimal)!;
  return formatSignedEuro(transaction.type === "income" ? cents : -cents);
}

function isActiveTemplate(transaction: Transaction, today: string) {
  return transaction.isRecurring && (!transaction.recurringEndDate || transaction.recurringEndDate >= today);
}

/** Spec §2.12 table: date, description, type badge, amount, VAT %, total incl. VAT, status, actions. */
export function TransactionsTable({
  transactions,
  categories,
  today,
  onEdit,
  onDelete,
  onStopRecurring,
}: TransactionsTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-card shadow-xs">
      <table className="w-full text-sm">
        <caption className="sr-only">Transacties</caption>
        <thead className="border-b border-border bg-muted/50 text-left text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
              Datum
            </th>
            <th scope="col" className="px-3 py-3 font-medium sm:px-4">
              Beschrijving
            </th>
            <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
              Categorie
            </th>
            <th scope="col" className="hidden px-4 py-3 text-right font-medium lg:table-cell">
              Bedrag
            </th>
            <th scope="col" className="hidden px-4 py-3 text-right font-medium lg:table-cell">
              BTW
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Totaal incl. BTW
            </th>
            <th scope="col" className="hidden px-4 py-3 font-medium md:table-cell">
              Status
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Acties</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {transactions.map((transaction) => {
            const category = transaction.categoryId ? categories.get(transaction.categoryId) : undefined;
            const isIncome = transaction.type === "income";
            return (
              <tr key={transaction.id} className="align-top hover:bg-muted/40">
                <td className="hidden px-4 py-3 whitespace-nowrap tabular-nums sm:table-cell">
                  {formatDate(transaction.date)}
                </td>
                <td className="max-w-[22rem] px-3 py-3 sm:px-4">
                  <div className="font-medium break-words text-foreground">{transaction.description}</div>
                  <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <span className="tabular-nums sm:hidden">{formatDate(transaction.date)}</span>
                    {category && (
                      <span className="inline-flex items-center gap-1.5">
                        <span
                          aria-hidden
                          className="size-2 rounded-full"
                          style={{ backgroundColor: category.color }}
                        />
                        {category.name}
                      </span>
                    )}
                    {transaction.isRecurring && transaction.recurringInterval && (
                      <span className="inline-flex items-center gap-1 text-primary">
                        <Repeat className="size-3.5" aria-hidden />
                        {RECURRING_INTERVAL_LABELS[transaction.recurringInterval]}
                        {isActiveTemplate(transaction, today)
                          ? transaction.recurringEndDate
                            ? ` t/m ${formatDate(transaction.recurringEndDate)}`
                            : ""
                          : " (gestopt)"}
                      </span>
                    )}
                    {transaction.balanceBooking && (
                      <span className="font-medium text-foreground">
                        {BOOKING_LABELS[transaction.balanceBooking]}
                      </span>
                    )}
                    {transaction.recurringTemplateId && (
                      <span className="inline-flex items-center gap-1">
                        <Repeat1 className="size-3.5" aria-hidden />
                        Automatisch herhaald
                      </span>
                    )}
                    <span className="sm:hidden">{TRANSACTION_TYPE_LABELS[transaction.type]}</span>
                  </div>
                </td>
                <td className="hidden px-4 py-3 sm:table-cell">
                  <span
                    className={cn(
                      "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
                      isIncome ? "bg-emerald-50 text-emerald-800" : "bg-rose-50 text-rose-800",
                    )}
                  >
                    {TRANSACTION_TYPE_LABELS[transaction.type]}
                  </span>
                </td>
                <td className="hidden px-4 py-3 text-right whitespace-nowrap tabular-nums lg:table-cell">
                  {signedAmount(transaction, transaction.amount)}
                </td>
                <td className="hidden px-4 py-3 text-right whitespace-nowrap tabular-nums lg:table-cell">
                  {rateOption(transaction.vatRate).replace(".", ",")}%
                </td>
                <td
                  className={cn(
                    "px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums",
                    isIncome ? "text-emerald-700" : "text-foreground",
                  )}
                >
                  {signedAmount(transaction, transaction.amountIncludingVat)}
                </td>
                <td className="hidden px-4 py-3 md:table-cell">
                  <span
                    className={cn(
                      "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
                      transaction.status === "completed"
                        ? "bg-muted text-foreground"
                        : "bg-amber-50 text-amber-800",
                    )}
                  >
                    {TRANSACTION_STATUS_LABELS[transaction.status]}
                  </span>
                </td>
                <td className="px-1 py-2 text-right whitespace-nowrap sm:px-2">
                  {isActiveTemplate(transaction, today) && (
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      title="Herhaling stoppen"
                      onClick={() => onStopRecurring(transaction)}
                    >
                      <RepeatOff aria-hidden />
                      <span className="sr-only">Herhaling stoppen: {transaction.description}</span>
                    </Button>
                  )}
                  {transaction.bankStatementLineId ? (
                    // It books a line of a bank statement: changed or undone there, with the line.
                    <Button asChild variant="ghost" size="icon-sm" title="Wijzigen bij Afschriften">
                      <Link href={APP_ROUTES.bank}>
                        <Landmark aria-hidden />
                        <span className="sr-only">Wijzigen bij Afschriften: {transaction.description}</span>
                      </Link>
                    </Button>
                  ) : (
                    <>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        title="Bewerken"
                        onClick={() => onEdit(transaction)}
                      >
                        <Pencil aria-hidden />
                        <span className="sr-only">Bewerken: {transaction.description}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        title="Verwijderen"
                        className="text-destructive hover:bg-red-50"
                        onClick={() => onDelete(transaction)}
                      >
                        <Trash2 aria-hidden />
                        <span className="sr-only">Verwijderen: {transaction.description}</span>
                      </Button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
