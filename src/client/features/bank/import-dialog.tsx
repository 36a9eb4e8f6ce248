import { useEffect, useId, useState, type DragEvent, type ReactNode } from "react";
import { CircleAlert, CircleCheck, FileUp, Landmark, TriangleAlert } from "lucide-react";
import { BANK_MESSAGES, type BankImportAnswer } from "@shared/schemas/bank-statements";
import { formatRowError, type ImportRowError } from "@shared/schemas/imports";
import { formatIban } from "@shared/validators/iban";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Progress } from "@client/components/ui/progress";
import { Select } from "@client/components/ui/select";
import { Spinner } from "@client/components/ui/spinner";
import { ApiError, getErrorMessage } from "@client/lib/api";
import { cn } from "@client/lib/utils";
import { useBankAccounts, useCreateBankAccount, useImportStatement } from "./api";
import { defaultAccountName } from "./bank-format";

/** The files banks give: CSV/TXT/TAB exports, MT940 (.sta, .940, .mt940), CAMT.052/053 (.xml, .052, .053). */
export const STATEMENT_FILE_TYPES = ".csv,.txt,.tab,.sta,.940,.mt940,.xml,.052,.053";
/** The server's limit (BANK_MESSAGES.tooLarge); checked here too, so a large file is not sent for nothing. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** More row errors than this are summarised. */
const ROW_ERROR_LINES = 20;

type Imported = Extract<BankImportAnswer, { status: "imported" }>;
type NeedsChoice = Extract<BankImportAnswer, { status: "needs-choice" }>;
type UnknownAccount = Extract<BankImportAnswer, { status: "unknown-account" }>;

type Step =
  | { step: "pick"; error?: string; notice?: string }
  | { step: "busy"; label: string }
  | { step: "choice"; answer: NeedsChoice }
  | { step: "account"; answer: UnknownAccount; names: Record<string, string>; error?: unknown }
  | { step: "done"; answer: Imported };

interface ImportStatementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Afschrift importeren': a bank file, dropped on the dialog or picked, is sent as it is; the server recognises the
 * format. The answer either is the result, or asks something first: import only the rows that could be read, or
 * add the account the file is of.
 */
export function ImportStatementDialog({ open, onOpenChange }: ImportStatementDialogProps) {
  const [state, setState] = useState<Step>({ step: "pick" });
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState("");
  const [isDragging, setIsDragging] = useState(false);
  const importStatement = useImportStatement();
  const createAccount = useCreateBankAccount();
  const accounts = useBankAccounts();
  const id = useId();
  const isBusy = state.step === "busy";

  // A file dropped beside the drop zone (on the overlay) would make the browser open it instead of the app.
  useEffect(() => {
    if (!open) return;
    const prevent = (event: globalThis.DragEvent) => event.preventDefault();
    window.addEventListener("dragover", prevent);
    window.addEventListener("drop", prevent);
    return () => {
      window.removeEventListener("dragover", prevent);
      window.removeEventListener("drop", prevent);
    };
  }, [open]);

  const reset = () => {
    setState({ step: "pick" });
    setFile(null);
    setIsDragging(false);
  };

  const send = async (picked: File, options: { skipBadRows?: boolean } = {}) => {
    setState({ step: "busy", label: "Bezig met importeren…" });
    try {
      const answer = await importStatement.mutateAsync({
        file: picked,
        fileName: picked.name,
        bankAccountId: accountId || undefined,
        ...options,
      });
      if (answer.status === "imported") setState({ step: "done", answer });
      else if (answer.status === "needs-choice") setState({ step: "choice", answer });
      else {
        const names = Object.fromEntries(answer.ibans.map((iban) => [iban, defaultAccountName(iban)]));
        setState({ step: "account", answer, names });
      }
    } catch (error) {
      setState({ step: "pick", error: getErrorMessage(error) });
    }
  };

  const onFile = (picked: File | undefined) => {
    if (!picked || isBusy) return;
    setFile(picked);
    if (picked.size === 0) return setState({ step: "pick", error: BANK_MESSAGES.emptyFile });
    if (picked.size > MAX_FILE_BYTES) return setState({ step: "pick", error: BANK_MESSAGES.tooLarge });
    void send(picked);
  };

  const addAccounts = async (answer: UnknownAccount, names: Record<string, string>) => {
    if (!file) return;
    setState({ step: "busy", label: "Rekening toevoegen…" });
    try {
      for (const iban of answer.ibans) {
        await createAccount.mutateAsync({ name: names[iban]?.trim() || defaultAccountName(iban), iban });
      }
    } catch (error) {
      // An account added before the error stays; asking again offers only what is still unknown.
      setState({ step: "account", answer, names, error });
      return;
    }
    await send(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    onFile(event.dataTransfer.files[0]);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isBusy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-w-xl"
        onDragEnter={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = isBusy ? "none" : "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={onDrop}
      >
        <DialogHeader>
          <DialogTitle>Afschrift importeren</DialogTitle>
          <DialogDescription>
            Download een afschrift in je internetbankieren en zet het hier neer: CSV van ING, Rabobank, ABN
            AMRO, ASN, bunq, Triodos, Knab of SNS, MT940 of CAMT.053.
          </DialogDescription>
        </DialogHeader>

        <div aria-live="polite" className="flex flex-col gap-4">
          {state.step === "pick" && (
            <>
              <label
                htmlFor={`${id}-file`}
                className={cn(
                  "flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border px-4 py-8 text-center transition-colors",
                  "focus-within:ring-3 focus-within:ring-ring/40 hover:bg-muted/50",
                  isDragging && "border-primary bg-accent/60",
                )}
              >
                <FileUp className="size-7 text-primary" aria-hidden />
                <span className="text-sm font-medium">
                  {isDragging
                    ? "Laat los om te importeren"
                    : "Sleep je afschrift hierheen of kies een bestand"}
                </span>
                <span className="text-xs text-muted-foreground">
                  .csv, .txt, .tab, .sta, .940, .mt940, .xml, .052 of .053 · hooguit 20 MB
                </span>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept={STATEMENT_FILE_TYPES}
                  className="sr-only"
                  onChange={(event) => {
                    onFile(event.target.files?.[0]);
                    event.target.value = "";
                  }}
                />
              </label>
              {(accounts.data?.length ?? 0) > 1 && (
                <FormField
                  label="Rekening"
                  hint="Alleen nodig voor een bestand zonder rekeningnummer, zoals het TXT-bestand van ABN AMRO."
                >
                  <Select value={accountId} onChange={(event) => setAccountId(event.target.value)}>
                    <option value="">Uit het bestand</option>
                    {accounts.data?.map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.name}
                        {account.iban ? ` · ${account.iban}` : ""}
                      </option>
                    ))}
                  </Select>
                </FormField>
              )}
              {state.error && <ErrorAlert>{state.error}</ErrorAlert>}
              {state.notice && <p className="text-sm text-muted-foreground">{state.notice}</p>}
            </>
          )}

          {state.step === "busy" && (
            <div role="status" className="flex flex-col gap-2 py-6">
              <Progress value={null} aria-label="Voortgang van de import" />
              <p className="text-sm text-muted-foreground">
                {state.label}
                {file && <span className="block text-xs break-all">{file.name}</span>}
              </p>
            </div>
          )}

          {state.step === "choice" && (
            <>
              <p className="text-sm">
                <strong className="font-semibold">{file?.name}</strong> ({state.answer.formatLabel}):{" "}
                {rowCount(state.answer.rowErrors.length)}{" "}
                {state.answer.rowErrors.length === 1 ? "kon" : "konden"} niet worden gelezen,{" "}
                {rowCount(state.answer.readable)} wel. Wil je de goede regels importeren?
              </p>
              <RowErrors errors={state.answer.rowErrors} />
            </>
          )}

          {state.step === "account" && (
            <AccountStep
              answer={state.answer}
              names={state.names}
              error={state.error}
              onNamesChange={(names) => setState({ ...state, names })}
            />
          )}

          {state.step === "done" && <ImportResult answer={state.answer} fileName={file?.name} />}
        </div>

        <DialogFooter>
          {state.step === "pick" && (
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Annuleren
            </Button>
          )}
          {state.step === "busy" && (
            <Button disabled>
              <Spinner />
              Bezig…
            </Button>
          )}
          {state.step === "choice" && (
            <>
              <Button
                variant="outline"
                onClick={() => setState({ step: "pick", notice: "Er is niets geïmporteerd." })}
              >
                Niets importeren
              </Button>
              <Button onClick={() => file && void send(file, { skipBadRows: true })}>
                Goede regels importeren
              </Button>
            </>
          )}
          {state.step === "account" && (
            <>
              <Button variant="outline" onClick={reset}>
                Annuleren
              </Button>
              <Button onClick={() => void addAccounts(state.answer, state.names)}>
                <Landmark aria-hidden />
                {state.answer.ibans.length === 1 ? "Rekening toevoegen" : "Rekeningen toevoegen"}
              </Button>
            </>
          )}
          {state.step === "done" && (
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
                Naar de bankregels
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const rowCount = (count: number) => `${count} ${count === 1 ? "regel" : "regels"}`;

function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

function AccountStep({
  answer,
  names,
  error,
  onNamesChange,
}: {
  answer: UnknownAccount;
  names: Record<string, string>;
  error: unknown;
  onNamesChange: (names: Record<string, string>) => void;
}) {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  return (
    <>
      <div className="flex flex-col gap-1 text-sm">
        {answer.ibans.map((iban) => (
          <p key={iban}>{BANK_MESSAGES.ownAccountRequired(formatIban(iban))}</p>
        ))}
        <p className="text-muted-foreground">
          Dit {answer.formatLabel}-bestand is van {answer.ibans.length === 1 ? "een rekening" : "rekeningen"}{" "}
          die je nog niet in Balans hebt. Voeg {answer.ibans.length === 1 ? "hem" : "ze"} toe, dan wordt het
          bestand meteen geïmporteerd.
        </p>
      </div>
      {answer.ibans.map((iban) => (
        <FormField
          key={iban}
          label={answer.ibans.length === 1 ? "Naam van de rekening" : `Naam van ${formatIban(iban)}`}
          error={fieldErrors?.name}
        >
          <Input
            value={names[iban] ?? ""}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => onNamesChange({ ...names, [iban]: event.target.value })}
          />
        </FormField>
      ))}
      {error !== undefined && !fieldErrors?.name && <ErrorAlert>{getErrorMessage(error)}</ErrorAlert>}
    </>
  );
}

function ImportResult({ answer, fileName }: { answer: Imported; fileName: string | undefined }) {
  const figures: Array<[string, number, string?]> = [
    ["Regels gelezen", answer.read],
    ["Nieuw", answer.new],
    ["Al bekend", answer.known],
    ["Automatisch verwerkt", answer.matched, "bg-emerald-50 text-emerald-800"],
    ["Af te handelen", answer.toHandle, "bg-accent text-accent-foreground"],
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 text-sm">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
        <span className="min-w-0 break-words">
          {fileName ? <strong className="font-semibold">{fileName}</strong> : "Het afschrift"} is geïmporteerd
          als {answer.formatLabel}
          {answer.accounts.length > 0 && (
            <> voor {answer.accounts.map((account) => account.name).join(", ")}</>
          )}
          .
        </span>
      </p>
      <section aria-label="Resultaat van de import">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {figures.map(([label, value, tone]) => (
            <div key={label} className={cn("rounded-lg bg-muted px-3 py-2", tone)}>
              <dt className="text-xs">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {answer.rowErrors.length > 0 && (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium">{rowCount(answer.rowErrors.length)} niet geïmporteerd:</p>
          <RowErrors errors={answer.rowErrors} />
        </div>
      )}
      {answer.warnings.length > 0 && (
        <ul aria-label="Waarschuwingen" className="flex flex-col gap-1.5">
          {answer.warnings.map((warning) => (
            <li
              key={warning}
              className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{warning}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RowErrors({ errors }: { errors: ImportRowError[] }) {
  return (
    <ul
      aria-label="Regels met fouten"
      // Scrollable when long: focusable, so it can be scrolled with the keyboard.
      tabIndex={0}
      className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border border-border bg-muted/40 p-3 text-sm"
    >
      {errors.slice(0, ROW_ERROR_LINES).map((error, index) => (
        <li key={index} className="break-words">
          {formatRowError(error)}
        </li>
      ))}
      {errors.length > ROW_ERROR_LINES && (
        <li className="text-muted-foreground">en nog {errors.length - ROW_ERROR_LINES} meer</li>
      )}
    </ul>
  );
}
