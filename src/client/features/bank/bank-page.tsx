import { useEffect, useId, useRef, useState } from "react";
import { CheckCheck, CircleCheck, FileUp, Landmark, Search, Wand2 } from "lucide-react";
import { proposalInput, type BankLine, type BankLineListQuery } from "@shared/schemas/bank-statements";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { Input } from "@client/components/ui/input";
import { Select } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { getErrorMessage } from "@client/lib/api";
import { useLinkedAction } from "@client/lib/linked-action";
import { toast, toastError } from "@client/lib/toast";
import {
  useAcceptLines,
  useBankAccounts,
  useBankLines,
  useBankStatements,
  useBookLine,
  useUndoBooking,
} from "./api";
import { AccountsCard, StatementsSection } from "./accounts-card";
import { BankLinesList, type BankLinesListHandle } from "./bank-lines-list";
import { BookLineDialog } from "./book-line-dialog";
import { ImportStatementDialog } from "./import-dialog";
import { RulesDialog } from "./rules-dialog";

type Status = BankLineListQuery["status"];
const PAGE_SIZE = 50;
const STATUS_LABELS: Readonly<Record<Status, string>> = {
  open: "Af te handelen",
  booked: "Verwerkt",
  all: "Alles",
};
const STATUSES = Object.keys(STATUS_LABELS) as Status[];

const lineCount = (count: number) => `${count} ${count === 1 ? "bankregel" : "bankregels"}`;

/** The value once it has stopped changing for `delayMs`: one request per pause in typing. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * /app/bank: import bank statements and handle every line ('Af te handelen'): accept Balans's proposal, book it
 * otherwise, or let a rule do it from now on. The accounts card compares the bank's balance with the books.
 */
export function BankPage() {
  const [isImportOpen, setImportOpen] = useState(false);
  const [isRulesOpen, setRulesOpen] = useState(false);
  useLinkedAction("importeren", () => setImportOpen(true));
  const statements = useBankStatements();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Afschriften"
        description="Importeer je bankafschriften en verwerk elke bankregel."
        actions={
          <>
            <Button variant="outline" onClick={() => setRulesOpen(true)}>
              <Wand2 aria-hidden />
              Regels
            </Button>
            <Button onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden />
              Afschrift importeren
            </Button>
          </>
        }
      />

      {statements.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-32" />
          <Skeleton className="h-64" />
        </div>
      ) : statements.isError ? (
        <EmptyState
          title="De bankgegevens konden niet worden geladen."
          description={getErrorMessage(statements.error)}
          action={<Button onClick={() => void statements.refetch()}>Opnieuw proberen</Button>}
        />
      ) : statements.data.length === 0 ? (
        <EmptyState
          icon={Landmark}
          title="Nog geen bankafschriften"
          description="Importeer een afschrift van je bank (CSV, MT940 of CAMT.053) om je bankregels te verwerken."
          action={
            <Button onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden />
              Afschrift importeren
            </Button>
          }
        />
      ) : (
        <>
          <AccountsCard />
          <BankLinesSection onImport={() => setImportOpen(true)} />
          <StatementsSection statements={statements.data} />
        </>
      )}

      <ImportStatementDialog open={isImportOpen} onOpenChange={setImportOpen} />
      <RulesDialog open={isRulesOpen} onOpenChange={setRulesOpen} />
    </div>
  );
}

function BankLinesSection({ onImport }: { onImport: () => void }) {
  const [status, setStatus] = useState<Status>("open");
  const [search, setSearch] = useState("");
  const [bankAccountId, setBankAccountId] = useState("");
  const [page, setPage] = useState(0);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const query: BankLineListQuery = {
    status,
    bankAccountId: bankAccountId || undefined,
    search: debouncedSearch || undefined,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  };
  const list = useBankLines(query);
  const accounts = useBankAccounts();
  const accept = useAcceptLines();
  const book = useBookLine();
  const undo = useUndoBooking();
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [booking, setBooking] = useState<BankLine | null>(null);
  const listRef = useRef<BankLinesListHandle>(null);
  const hintId = useId();

  const withPending = async (id: string, work: () => Promise<void>): Promise<boolean> => {
    setPendingIds((current) => new Set(current).add(id));
    try {
      await work();
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setPendingIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  // A certain proposal is accepted as the server made it (a rule's booking stays linked to the rule); another is
  // booked as it was proposed.
  const onAccept = (line: BankLine) =>
    withPending(line.id, async () => {
      const proposal = line.proposal;
      if (!proposal) return;
      if (proposal.certain) {
        const answer = await accept.mutateAsync([line.id]);
        if (answer.booked === 0) {
          throw new Error("Deze bankregel kon niet zo worden verwerkt. Kies zelf hoe je hem verwerkt.");
        }
      } else {
        await book.mutateAsync({ id: line.id, input: proposalInput(proposal) });
      }
      toast({ title: "Bankregel verwerkt", description: proposal.label });
    });

  const onUndo = (line: BankLine) =>
    withPending(line.id, async () => {
      await undo.mutateAsync(line.id);
      toast({
        title: "Verwerking ongedaan gemaakt",
        description: "De bankregel staat weer bij Af te handelen.",
      });
    });

  const data = list.data;
  const certainIds = (data?.lines ?? [])
    .filter((line) => line.booking === null && line.proposal?.certain)
    .map((line) => line.id);

  const onAcceptCertain = async () => {
    try {
      const { booked, skipped } = await accept.mutateAsync(certainIds);
      toast({
        title: `${lineCount(booked)} verwerkt`,
        ...(skipped > 0 && {
          description: `${lineCount(skipped)} overgeslagen: kies daar zelf hoe je ${skipped === 1 ? "hem" : "ze"} verwerkt.`,
        }),
      });
    } catch (error) {
      toastError(error);
    }
  };

  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const isSearching = debouncedSearch !== "" || bankAccountId !== "";

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <Tabs
        value={status}
        onValueChange={(value) => {
          setStatus(value as Status);
          setPage(0);
        }}
        className="gap-4"
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            <TabsList aria-label="Bankregels" className="w-full sm:w-auto">
              {STATUSES.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {STATUS_LABELS[value]}
                  {value === "open" && data && data.openCount > 0 && (
                    <Badge className="px-1.5 tabular-nums">{data.openCount}</Badge>
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
            {status !== "booked" && (
              <Button
                variant="outline"
                disabled={certainIds.length === 0 || accept.isPending}
                onClick={() => void onAcceptCertain()}
              >
                {accept.isPending ? <Spinner /> : <CheckCheck aria-hidden />}
                Alle zekere accepteren
                {certainIds.length > 0 && <span className="tabular-nums">({certainIds.length})</span>}
              </Button>
            )}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <div className="relative min-w-0 sm:max-w-sm sm:flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Zoek in bankregels"
                placeholder="Zoek op naam, IBAN of omschrijving"
                value={search}
                className="pl-9"
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
              />
            </div>
            {(accounts.data?.length ?? 0) > 1 && (
              <Select
                aria-label="Rekening"
                value={bankAccountId}
                className="sm:w-56"
                onChange={(event) => {
                  setBankAccountId(event.target.value);
                  setPage(0);
                }}
              >
                <option value="">Alle rekeningen</option>
                {accounts.data?.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                  </option>
                ))}
              </Select>
            )}
          </div>
        </div>

        {STATUSES.map((value) => (
          <TabsContent key={value} value={value} className="focus-visible:ring-0">
            {value === status &&
              (list.isPending ? (
                <div className="flex flex-col gap-2" aria-busy="true">
                  {Array.from({ length: 5 }, (_, index) => (
                    <Skeleton key={index} className="h-14 w-full" />
                  ))}
                </div>
              ) : list.isError ? (
                <EmptyState
                  title="De bankregels konden niet worden geladen."
                  description={getErrorMessage(list.error)}
                  action={<Button onClick={() => void list.refetch()}>Opnieuw proberen</Button>}
                />
              ) : data && data.lines.length === 0 ? (
                <EmptyLines
                  status={status}
                  isSearching={isSearching}
                  onImport={onImport}
                  onShowOpen={() => {
                    setStatus("open");
                    setPage(0);
                  }}
                />
              ) : data ? (
                <div className="flex flex-col gap-3">
                  <BankLinesList
                    ref={listRef}
                    lines={data.lines}
                    pendingIds={pendingIds}
                    onAccept={onAccept}
                    onBook={setBooking}
                    onUndo={onUndo}
                    hintId={hintId}
                  />
                  <p id={hintId} className="hidden text-xs text-muted-foreground md:block">
                    Toetsen: <Kbd>↑</Kbd> <Kbd>↓</Kbd> of <Kbd>j</Kbd> <Kbd>k</Kbd> naar de vorige of volgende
                    regel, <Kbd>Enter</Kbd> voorstel accepteren, <Kbd>e</Kbd> anders verwerken.
                  </p>
                  {data.total > PAGE_SIZE && (
                    <nav
                      aria-label="Paginering"
                      className="flex flex-wrap items-center justify-between gap-3 text-sm"
                    >
                      <p className="text-muted-foreground">
                        {page * PAGE_SIZE + 1}–{Math.min((page + 1) * PAGE_SIZE, data.total)} van {data.total}
                        {list.isFetching && <Spinner className="ml-2 inline" label="Bijwerken" />}
                      </p>
                      <div className="flex items-center gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={page === 0}
                          onClick={() => setPage(page - 1)}
                        >
                          Vorige
                        </Button>
                        <span className="text-muted-foreground">
                          Pagina {page + 1} van {pageCount}
                        </span>
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={page + 1 >= pageCount}
                          onClick={() => setPage(page + 1)}
                        >
                          Volgende
                        </Button>
                      </div>
                    </nav>
                  )}
                </div>
              ) : null)}
          </TabsContent>
        ))}
      </Tabs>

      <BookLineDialog
        line={booking}
        onClose={() => setBooking(null)}
        onBooked={(line) => listRef.current?.focusAfter(line.id)}
      />
    </Card>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-border bg-muted px-1 py-px font-sans text-[0.6875rem] text-foreground">
      {children}
    </kbd>
  );
}

function EmptyLines({
  status,
  isSearching,
  onImport,
  onShowOpen,
}: {
  status: Status;
  isSearching: boolean;
  onImport: () => void;
  onShowOpen: () => void;
}) {
  if (isSearching) {
    return (
      <EmptyState
        icon={Search}
        title="Geen bankregels gevonden"
        description="Zoek op iets anders of kies alle rekeningen."
      />
    );
  }
  if (status === "open") {
    return (
      <EmptyState
        icon={CircleCheck}
        title="Alles is verwerkt"
        description="Er staan geen bankregels meer open. Importeer een nieuw afschrift als er nieuwe betalingen zijn."
        action={
          <Button variant="outline" onClick={onImport}>
            <FileUp aria-hidden />
            Afschrift importeren
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={Landmark}
      title="Nog geen verwerkte bankregels"
      description="Verwerk de bankregels bij Af te handelen; daarna staan ze hier."
      action={
        <Button variant="outline" onClick={onShowOpen}>
          Naar Af te handelen
        </Button>
      }
    />
  );
}
