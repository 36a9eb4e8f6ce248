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
import { ResponsiveTable, type TableColumn } from "@client/components/ui/responsive-table";
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

const badgeClassName = "inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap";

function TypeBadge({ transaction }: { transaction: Transaction }) {
  return (
    <span
      className={cn(
        badgeClassName,
        transaction.type === "income" ? "bg-emerald-50 text-emerald-800" : "bg-rose-50 text-rose-800",
      )}
    >
      {TRANSACTION_TYPE_LABELS[transaction.type]}
    </span>
  );
}

function StatusBadge({ transaction }: { transaction: Transaction }) {
  return (
    <span
      className={cn(
        badgeClassName,
        transaction.status === "completed" ? "bg-muted text-foreground" : "bg-amber-50 text-amber-800",
      )}
    >
      {TRANSACTION_STATUS_LABELS[transaction.status]}
    </span>
  );
}

/** The description with what else there is to know: category, repetition, the balance-sheet booking. */
function Description({
  transaction,
  category,
  today,
}: {
  transaction: Transaction;
  category: Category | undefined;
  today: string;
}) {
  const hasDetails =
    category || transaction.isRecurring || transaction.balanceBooking || transaction.recurringTemplateId;
  return (
    <>
      <div className="font-medium break-words text-foreground">{transaction.description}</div>
      {hasDetails && (
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {category && (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: category.color }} />
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
            <span className="font-medium text-foreground">{BOOKING_LABELS[transaction.balanceBooking]}</span>
          )}
          {transaction.recurringTemplateId && (
            <span className="inline-flex items-center gap-1">
              <Repeat1 className="size-3.5" aria-hidden />
              Automatisch herhaald
            </span>
          )}
        </div>
      )}
    </>
  );
}

function Actions({
  transaction,
  today,
  onEdit,
  onDelete,
  onStopRecurring,
}: Omit<TransactionsTableProps, "transactions" | "categories"> & { transaction: Transaction }) {
  return (
    <div className="-my-1 flex justify-end">
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
          <Button variant="ghost" size="icon-sm" title="Bewerken" onClick={() => onEdit(transaction)}>
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
    </div>
  );
}

/**
 * Spec §2.12 table: date, description, type badge, amount, VAT %, total incl. VAT, status, actions. On a phone
 * the description, the total and the actions stay; the rest goes under the description.
 */
export function TransactionsTable({ transactions, categories, today, ...actions }: TransactionsTableProps) {
  const columns: TableColumn<Transaction>[] = [
    {
      header: "Datum",
      from: "sm",
      cell: (transaction) => formatDate(transaction.date),
      className: "whitespace-nowrap tabular-nums",
    },
    {
      header: "Beschrijving",
      isMain: true,
      cell: (transaction) => (
        <Description
          transaction={transaction}
          category={transaction.categoryId ? categories.get(transaction.categoryId) : undefined}
          today={today}
        />
      ),
    },
    {
      header: "Categorie",
      from: "sm",
      cell: (transaction) => <TypeBadge transaction={transaction} />,
      folded: (transaction) => TRANSACTION_TYPE_LABELS[transaction.type],
    },
    {
      header: "Bedrag",
      from: "lg",
      align: "right",
      cell: (transaction) => signedAmount(transaction, transaction.amount),
      folded: (transaction) => `excl. btw ${signedAmount(transaction, transaction.amount)}`,
    },
    {
      header: "BTW",
      from: "lg",
      align: "right",
      cell: (transaction) => `${vatPercentage(transaction)}%`,
      folded: (transaction) => `${vatPercentage(transaction)}% btw`,
    },
    {
      header: "Totaal incl. BTW",
      align: "right",
      cell: (transaction) => (
        <span
          className={cn(
            "font-semibold",
            transaction.type === "income" ? "text-emerald-700" : "text-foreground",
          )}
        >
          {signedAmount(transaction, transaction.amountIncludingVat)}
        </span>
      ),
    },
    {
      header: "Status",
      from: "md",
      cell: (transaction) => <StatusBadge transaction={transaction} />,
      folded: (transaction) => TRANSACTION_STATUS_LABELS[transaction.status],
    },
    {
      header: "Acties",
      isHeaderHidden: true,
      className: "px-1 py-2 sm:px-2",
      cell: (transaction) => <Actions transaction={transaction} today={today} {...actions} />,
    },
  ];

  return (
    <ResponsiveTable
      caption="Transacties"
      columns={columns}
      rows={transactions}
      rowKey={(transaction) => transaction.id}
    />
  );
}

const vatPercentage = (transaction: Transaction) => rateOption(transaction.vatRate).replace(".", ",");
