import { useId, useState } from "react";
import { ChevronDown, CircleCheck, FileText, Landmark, TriangleAlert } from "lucide-react";
import { businessDate, businessTime } from "@shared/dates";
import { formatDate, formatEuro } from "@shared/format";
import { formatIban } from "@shared/validators/iban";
import type { BankAccountReconciliation, BankStatementSummary } from "@shared/schemas/bank-statements";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@client/components/ui/collapsible";
import { Skeleton } from "@client/components/ui/skeleton";
import { getErrorMessage } from "@client/lib/api";
import { cn } from "@client/lib/utils";
import { useAccountBalances } from "./api";
import { cents, euro } from "./bank-format";

/**
 * 'Rekeningen': per account the bank's balance beside Balans's. They agree when everything is imported and
 * handled once: bank = books + still to handle. Anything else is a missing statement or a double booking.
 */
export function AccountsCard() {
  const balances = useAccountBalances();
  const titleId = useId();
  if (balances.isPending) return <Skeleton className="h-32" />;
  if (balances.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        De saldi konden niet worden geladen: {getErrorMessage(balances.error)}
      </p>
    );
  }
  // An account no statement was ever imported for has nothing to compare (the default account of a user who
  // imports another one).
  const accounts = balances.data.filter(
    (account) => account.bankBalance !== null || cents(account.unhandled) !== 0,
  );
  if (accounts.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle id={titleId}>Rekeningen</CardTitle>
        <CardDescription>Het saldo van je bank naast het saldo in Balans.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {accounts.map((account) => (
            <AccountBalance key={account.bankAccountId} account={account} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function AccountBalance({ account }: { account: BankAccountReconciliation }) {
  const difference = account.difference === null ? null : cents(account.difference);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <div className="flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Landmark className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 className="text-sm font-semibold break-words">{account.name}</h3>
          {account.iban && (
            <p className="text-xs break-words text-muted-foreground">{formatIban(account.iban)}</p>
          )}
        </div>
      </div>
      {account.bankBalance === null ? (
        <p className="text-sm text-muted-foreground">
          Nog geen saldo van de bank: importeer een afschrift van deze rekening.
        </p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">
            Saldo bank{account.bankBalanceDate && ` op ${formatDate(account.bankBalanceDate)}`}
          </dt>
          <dd className="text-right font-medium tabular-nums">{euro(account.bankBalance)}</dd>
          <dt className="text-muted-foreground">Saldo in Balans</dt>
          <dd className="text-right tabular-nums">
            {account.booksBalance === null ? "—" : euro(account.booksBalance)}
          </dd>
          <dt className="text-muted-foreground">Nog af te handelen</dt>
          <dd className="text-right tabular-nums">{euro(account.unhandled)}</dd>
        </dl>
      )}
      {difference !== null && difference !== 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md bg-amber-50 px-2.5 py-2 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Verschil van {formatEuro(Math.abs(difference))}: er ontbreekt een afschrift of er is iets dubbel
            geboekt
          </span>
        </p>
      ) : difference === 0 ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800">
          <CircleCheck className="size-4 shrink-0" aria-hidden />
          Sluit aan op de bank
        </p>
      ) : null}
    </li>
  );
}

/** 'Geïmporteerde afschriften': every imported statement, newest first, folded away until asked for. */
export function StatementsSection({ statements }: { statements: BankStatementSummary[] }) {
  const [isOpen, setIsOpen] = useState(false);
  if (statements.length === 0) return null;
  return (
    <Card>
      <Collapsible open={isOpen} onOpenChange={setIsOpen}>
        <CollapsibleTrigger
          className={cn(
            "flex w-full items-center gap-3 rounded-xl px-5 py-4 text-left outline-none sm:px-6",
            "hover:bg-muted/40 focus-visible:ring-3 focus-visible:ring-ring/40",
          )}
        >
          <FileText className="size-4 text-muted-foreground" aria-hidden />
          <span className="flex-1 text-base font-semibold tracking-tight">
            Geïmporteerde afschriften
            <span className="ml-2 text-sm font-normal text-muted-foreground">({statements.length})</span>
          </span>
          <ChevronDown
            className={cn("size-4 text-muted-foreground transition-transform", isOpen && "rotate-180")}
            aria-hidden
          />
        </CollapsibleTrigger>
        <CollapsibleContent>
          <ul className="flex flex-col divide-y divide-border border-t border-border">
            {statements.map((statement) => (
              <StatementRow key={statement.id} statement={statement} />
            ))}
          </ul>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

function StatementRow({ statement }: { statement: BankStatementSummary }) {
  const imported = new Date(statement.importedAt);
  return (
    <li className="flex flex-col gap-1 px-5 py-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:px-6">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-medium break-words">
          {statement.bankAccountName}
          {statement.statementNumber && (
            <span className="font-normal text-muted-foreground">
              {" "}
              · afschrift {statement.statementNumber}
            </span>
          )}
        </span>
        <span className="text-xs break-all text-muted-foreground">
          {statement.formatLabel}
          {statement.fileName && ` · ${statement.fileName}`}
        </span>
        <span className="text-xs text-muted-foreground">
          Geïmporteerd op {formatDate(businessDate(imported))} om {businessTime(imported)} ·{" "}
          {statement.newLines} {statement.newLines === 1 ? "nieuwe regel" : "nieuwe regels"}
        </span>
      </div>
      {statement.closingBalance !== null && (
        <div className="shrink-0 text-xs text-muted-foreground tabular-nums sm:text-right">
          {statement.openingBalance !== null && <span>{euro(statement.openingBalance)} → </span>}
          <span className="font-medium text-foreground">{euro(statement.closingBalance)}</span>
          {statement.closingDate && <span className="block">op {formatDate(statement.closingDate)}</span>}
        </div>
      )}
    </li>
  );
}
