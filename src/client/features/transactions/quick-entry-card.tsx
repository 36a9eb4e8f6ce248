import { useId, useRef, useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { QUICK_ADD_MESSAGE, TransactionInputSchema } from "@shared/schemas/transactions";
import { VAT_RATES } from "@shared/vat";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Input } from "@client/components/ui/input";
import { AmountInput } from "@client/components/ui/amount-input";
import { Label } from "@client/components/ui/label";
import { Select } from "@client/components/ui/select";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { useBankAccounts, useCreateTransaction } from "./api";
import { AmountEntrySwitch, amountLabel, useAmountEntry } from "./amount-entry";
import { liveTotal, toPayload } from "./money";

/** Spec §2.12 quick entry: type, amount excl. VAT, VAT, description, live total; Enter or Toevoegen adds it. */
export function QuickEntryCard() {
  const [type, setType] = useState<"income" | "expense">("expense");
  const [amount, setAmount] = useState("");
  const [vatRate, setVatRate] = useState("21");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTransaction();
  const accounts = useBankAccounts();
  const { includesVat, setIncludesVat } = useAmountEntry();
  const computed = liveTotal(amount, vatRate, includesVat);
  const id = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!amount.trim() || !description.trim()) {
      setError(QUICK_ADD_MESSAGE);
      toast({ variant: "destructive", title: "Fout", description: QUICK_ADD_MESSAGE });
      return;
    }
    // Spec §4: quick add always creates a completed transaction, dated today (Europe/Amsterdam).
    const parsed = TransactionInputSchema.safeParse({
      type,
      amount,
      amountIncludesVat: includesVat,
      vatRate,
      description,
      date: businessDate(new Date()),
      status: "completed",
      bankAccountId: accounts.data?.find((account) => account.isDefault)?.id,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? QUICK_ADD_MESSAGE;
      setError(message);
      toast({ variant: "destructive", title: "Fout", description: message });
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(toPayload(parsed.data));
      toast({ title: "Transactie snel toegevoegd!" });
      setAmount("");
      setDescription("");
      // Ready for the next one.
      amountRef.current?.focus();
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Fout",
        description: (
          <>
            Kon transactie niet toevoegen
            <span className="mt-1 block">{getErrorMessage(failure)}</span>
          </>
        ),
      });
    }
  };

  const invalid = error ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-4">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Snel toevoegen</CardTitle>
            <CardDescription>Boek een uitgave of inkomst van vandaag in één regel.</CardDescription>
          </div>
          <AmountEntrySwitch includesVat={includesVat} onChange={setIncludesVat} />
        </div>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Snel toevoegen" className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[9rem_9rem_8rem_minmax(0,1fr)_auto_auto] lg:items-end">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-type`}>Type</Label>
              <Select
                id={`${id}-type`}
                value={type}
                onChange={(event) => setType(event.target.value as "income" | "expense")}
              >
                <option value="expense">Uitgaven</option>
                <option value="income">Inkomsten</option>
              </Select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-amount`}>{amountLabel(includesVat)}</Label>
              <AmountInput
                id={`${id}-amount`}
                ref={amountRef}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                {...(error && !amount.trim() ? invalid : {})}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-vat`}>BTW</Label>
              <Select id={`${id}-vat`} value={vatRate} onChange={(event) => setVatRate(event.target.value)}>
                {VAT_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}%
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-1">
              <Label htmlFor={`${id}-description`}>Beschrijving</Label>
              <Input
                id={`${id}-description`}
                autoComplete="off"
                placeholder="Bijv. treinkaartje Utrecht"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                {...(error && !description.trim() ? invalid : {})}
              />
            </div>
            <div className="flex h-10 flex-col justify-center lg:min-w-28 lg:text-right">
              <span className="text-xs text-muted-foreground">
                {includesVat ? `Waarvan BTW` : "Totaal incl. BTW"}
              </span>
              <output aria-live="polite" className="font-semibold tabular-nums">
                {formatEuro(computed ? (includesVat ? computed.vat : computed.total) : 0)}
              </output>
            </div>
            <Button type="submit" disabled={create.isPending} className="sm:col-span-2 lg:col-span-1">
              {create.isPending ? <Spinner /> : <Plus aria-hidden />}
              Toevoegen
            </Button>
          </div>
          {error && (
            <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
