import { useId, useState, type ChangeEvent } from "react";
import { CircleAlert, CircleCheck, FileUp } from "lucide-react";
import { parseTransactionsCsv, type CsvRowResult } from "@shared/csv-import";
import { formatAmount, formatDate } from "@shared/format";
import { formatRowError } from "@shared/schemas/imports";
import { TRANSACTION_TYPE_LABELS, type ImportResult } from "@shared/schemas/transactions";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { Label } from "@client/components/ui/label";
import { Progress } from "@client/components/ui/progress";
import { Select } from "@client/components/ui/select";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { useBankAccounts, useImportCsv, type ImportProgress } from "./api";

/** Spec §9: the preview shows 5 rows, the result 5 error lines. */
const PREVIEW_ROWS = 5;
const ERROR_LINES = 5;
const CSV_TYPES = new Set([
  "text/csv",
  "application/csv",
  "text/comma-separated-values",
  "application/vnd.ms-excel",
]);

type Picked = { name: string; text: string; rows: CsvRowResult[] } | { name: string; error: string };

const NOT_CSV_TITLE = "Ongeldige bestand";
const NOT_CSV_MESSAGE = "Selecteer een CSV bestand";

/** UTF-8, or else Windows-1252/Latin-1 as the Rabobank export is (domain.md §4). */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function isCsvFile(file: File) {
  return (
    CSV_TYPES.has(file.type) ||
    ((file.type === "" || file.type === "text/plain") && /\.csv$/i.test(file.name))
  );
}

export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const accounts = useBankAccounts();
  const [accountId, setAccountId] = useState("");
  const importCsv = useImportCsv();
  const id = useId();

  const reset = () => {
    setPicked(null);
    setProgress(null);
    setResult(null);
    importCsv.reset();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setResult(null);
    if (!file) return setPicked(null);
    // Spec §5: only CSV files, else 'Ongeldige bestand' / 'Selecteer een CSV bestand'.
    if (!isCsvFile(file)) {
      event.target.value = "";
      // Also in the dialog itself: while a modal is open, the toast region is hidden from screen readers.
      setPicked({ name: file.name, error: `${NOT_CSV_TITLE}: ${NOT_CSV_MESSAGE}` });
      toast({ variant: "destructive", title: NOT_CSV_TITLE, description: NOT_CSV_MESSAGE });
      return;
    }
    const text = await readText(file);
    const parsed = parseTransactionsCsv(text);
    setPicked(
      parsed.ok ? { name: file.name, text, rows: parsed.rows } : { name: file.name, error: parsed.error },
    );
  };

  const onImport = async () => {
    if (!picked || !("text" in picked)) return;
    setProgress({ phase: "uploading", percent: 0 });
    try {
      const outcome = await importCsv.mutateAsync({
        csvText: picked.text,
        fileName: picked.name,
        bankAccountId: accountId || undefined,
        onProgress: setProgress,
      });
      setResult(outcome);
      if (outcome.failed > 0) {
        toast({
          variant: "destructive",
          title: "Sommige imports mislukt",
          description: `${outcome.failed} ${outcome.failed === 1 ? "rij is" : "rijen zijn"} niet geïmporteerd; ${outcome.imported} transacties wel.`,
        });
      } else {
        toast({
          title: `${outcome.imported} transacties succesvol geïmporteerd`,
          ...(outcome.duplicates > 0 && {
            description: `${outcome.duplicates} al aanwezig en overgeslagen.`,
          }),
        });
      }
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Import mislukt",
        description: (
          <>
            Er ging iets mis bij het importeren
            <span className="mt-1 block">{getErrorMessage(error)}</span>
          </>
        ),
      });
    } finally {
      setProgress(null);
    }
  };

  const rows = picked && "rows" in picked ? picked.rows : [];
  const validCount = rows.filter((row) => row.ok).length;
  const isBusy = progress !== null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isBusy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      {/* One column as wide as the dialog: the preview table scrolls inside it instead of widening it. */}
      <DialogContent className="max-w-2xl grid-cols-1">
        <DialogHeader>
          <DialogTitle>CSV importeren</DialogTitle>
          <DialogDescription>
            Kolommen: Datum (DD-MM-JJJJ of JJJJ-MM-DD), Bedrag (positief is inkomsten, negatief is uitgaven),
            Beschrijving, BTW (optioneel: 0, 9, 21) en Categorie (optioneel). Exports van ING en Rabobank
            werken ook.
          </DialogDescription>
        </DialogHeader>

        {result ? (
          <ImportSummary result={result} />
        ) : (
          <div className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-file`}>CSV-bestand</Label>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={isBusy}
                  onChange={onFile}
                  className="text-sm file:mr-3 file:rounded-lg file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-muted"
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-account`}>Bankrekening</Label>
                <Select
                  id={`${id}-account`}
                  value={accountId || accounts.data?.find((account) => account.isDefault)?.id || ""}
                  onChange={(event) => setAccountId(event.target.value)}
                  disabled={isBusy}
                >
                  {(accounts.data ?? []).map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.name}
                    </option>
                  ))}
                </Select>
              </div>
            </div>

            {picked && "error" in picked && (
              <p
                role="alert"
                className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {picked.error}
              </p>
            )}

            {rows.length > 0 && (
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium" aria-live="polite">
                  {rows.length} {rows.length === 1 ? "transactie" : "transacties"} gevonden
                  {validCount < rows.length && (
                    <span className="font-normal text-muted-foreground">
                      {" "}
                      ({rows.length - validCount} met fouten)
                    </span>
                  )}
                </p>
                <div className="overflow-x-auto rounded-lg border border-border">
                  <table className="w-full text-sm">
                    <caption className="sr-only">Voorbeeld van de eerste {PREVIEW_ROWS} rijen</caption>
                    <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Datum
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Type
                        </th>
                        <th scope="col" className="px-3 py-2 text-right font-medium">
                          Bedrag
                        </th>
                        <th scope="col" className="px-3 py-2 text-right font-medium">
                          BTW
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          Beschrijving
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {rows.slice(0, PREVIEW_ROWS).map((row) =>
                        row.ok ? (
                          <tr key={row.row}>
                            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                              {formatDate(row.value.date)}
                            </td>
                            <td className="px-3 py-2">{TRANSACTION_TYPE_LABELS[row.value.type]}</td>
                            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                              € {formatAmount(row.value.amount)}
                            </td>
                            <td className="px-3 py-2 text-right tabular-nums">
                              {row.value.vatRateHundredths / 100}%
                            </td>
                            <td className="px-3 py-2">{row.value.description}</td>
                          </tr>
                        ) : (
                          <tr key={row.row} className="bg-red-50/60 text-red-800">
                            <td colSpan={5} className="px-3 py-2">
                              {formatRowError({ row: row.row, message: row.error })}
                            </td>
                          </tr>
                        ),
                      )}
                    </tbody>
                  </table>
                </div>
              </div>
            )}

            {progress && (
              <div className="flex flex-col gap-2" role="status">
                <Progress
                  value={progress.phase === "uploading" ? progress.percent : null}
                  aria-label="Voortgang van de import"
                />
                <p className="text-sm text-muted-foreground">
                  {progress.phase === "uploading"
                    ? `Bestand uploaden... ${Math.round(progress.percent)}%`
                    : "Transacties controleren en opslaan..."}
                </p>
              </div>
            )}
          </div>
        )}

        <DialogFooter>
          {result ? (
            <>
              <Button variant="outline" onClick={reset}>
                Nog een bestand
              </Button>
              <Button
                onClick={() => {
                  reset();
                  onOpenChange(false);
                }}
              >
                Sluiten
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" disabled={isBusy} onClick={() => onOpenChange(false)}>
                Annuleren
              </Button>
              <Button disabled={isBusy || validCount === 0} onClick={onImport}>
                {isBusy ? <Spinner /> : <FileUp aria-hidden />}
                {isBusy
                  ? "Importeren..."
                  : `Importeer ${validCount} ${validCount === 1 ? "transactie" : "transacties"}`}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  return (
    <div className="flex flex-col gap-4" aria-live="polite">
      <div className="grid grid-cols-3 gap-3 text-center">
        <div className="rounded-lg bg-emerald-50 p-3 text-emerald-800">
          <div className="text-2xl font-semibold tabular-nums">{result.imported}</div>
          <div className="text-xs">geïmporteerd</div>
        </div>
        <div className="rounded-lg bg-red-50 p-3 text-red-800">
          <div className="text-2xl font-semibold tabular-nums">{result.failed}</div>
          <div className="text-xs">mislukt</div>
        </div>
        <div className="rounded-lg bg-muted p-3 text-foreground">
          <div className="text-2xl font-semibold tabular-nums">{result.duplicates}</div>
          <div className="text-xs">al aanwezig, overgeslagen</div>
        </div>
      </div>
      {result.rowErrors.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-emerald-800">
          <CircleCheck className="size-4" aria-hidden />
          Alle rijen zijn geïmporteerd.
        </p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium">
            {result.rowErrors.length > ERROR_LINES
              ? `De eerste ${ERROR_LINES} van ${result.rowErrors.length} meldingen:`
              : "Meldingen:"}
          </p>
          <ul className="flex flex-col gap-1 rounded-lg border border-border bg-muted/40 p-3 text-sm">
            {result.rowErrors.slice(0, ERROR_LINES).map((error) => (
              <li key={error.row}>{formatRowError(error)}</li>
            ))}
          </ul>
        </div>
      )}
      {result.createdCategories.length > 0 && (
        <p className="text-sm text-muted-foreground">
          Nieuwe categorieën aangemaakt: {result.createdCategories.join(", ")}
        </p>
      )}
    </div>
  );
}
