/**
 * Correcting a filed return on the Belastingen screen: 'Corrigeren' opens the period again; while it is open the
 * return as filed stands beside the return as the books now give it, and the correction ends with a suppletie
 * (required above € 1,000 of VAT, within 8 weeks) or in the next return. Earlier corrections stay listed.
 */
import { useState } from "react";
import { FilePen, History } from "lucide-react";
import { formatDate, formatNumber } from "@shared/format";
import {
  SUPPLETIE_THRESHOLD_EUROS,
  type VatCorrectionAnswer,
  type VatReturnAnswer,
  type VatRubriekAnswer,
} from "@shared/schemas/vat-returns";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { toast, toastError } from "@client/lib/toast";
import { useOpenVatCorrection, useResolveVatCorrection } from "./api";
import { FilingDialog } from "./filing-dialog";
import { AmountCell, ReturnRow, ReturnTable, TextCell } from "./return-table";
import { euros } from "./whole-euros";

/** 'Corrigeren' on a filed period, with what it does explained first. */
export function StartCorrectionButton({ vatReturn }: { vatReturn: VatReturnAnswer }) {
  const [open, setOpen] = useState(false);
  const start = useOpenVatCorrection();
  const onConfirm = async () => {
    try {
      await start.mutateAsync(vatReturn.period.id);
      toast({ title: `Correctie van ${vatReturn.period.label} gestart` });
      setOpen(false);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <FilePen aria-hidden />
        Corrigeren
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md gap-6">
          <DialogHeader>
            <DialogTitle>Aangifte {vatReturn.period.label} corrigeren</DialogTitle>
            <DialogDescription>
              Je kunt de boekingen in deze periode dan weer wijzigen. Balans zet de ingediende aangifte naast
              de nieuwe cijfers. Is het verschil meer dan € {formatNumber(SUPPLETIE_THRESHOLD_EUROS)} btw, dan
              dien je binnen 8 weken een suppletie in; een kleiner verschil mag je meenemen in je volgende
              aangifte.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Annuleren
            </Button>
            <Button onClick={onConfirm} disabled={start.isPending}>
              Correctie starten
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

const COMPARED_COLUMNS =
  "grid-cols-[minmax(0,1fr)_4.5rem_4.5rem_4.5rem] sm:grid-cols-[minmax(0,1fr)_8rem_8rem_8rem]";

type ComparedRow = { key: string; label: string; before: number; after: number };

/** The rubrieken (omzet and btw apart) whose whole euros differ, and 5g always. */
function comparedRows(
  before: readonly VatRubriekAnswer[],
  after: readonly VatRubriekAnswer[],
): ComparedRow[] {
  const afterByCode = new Map(after.map((row) => [row.code, row]));
  const rows: ComparedRow[] = [];
  for (const filed of before) {
    const now = afterByCode.get(filed.code);
    if (!now) continue;
    const pairs: Array<["omzet" | "btw", number | null, number | null]> = [
      ["omzet", filed.turnoverEuros, now.turnoverEuros],
      ["btw", filed.vatEuros, now.vatEuros],
    ];
    for (const [column, was, is] of pairs) {
      if (was === null || is === null) continue;
      if (was !== is || (filed.code === "5g" && column === "btw")) {
        rows.push({
          key: `${filed.code}-${column}`,
          label: `${filed.code} ${column}`,
          before: was,
          after: is,
        });
      }
    }
  }
  return rows;
}

/** The open correction: filed beside now, the difference, and the two ways to end it. */
export function OpenCorrectionCard({
  vatReturn,
  correction,
  today,
}: {
  vatReturn: VatReturnAnswer;
  correction: VatCorrectionAnswer;
  today: string;
}) {
  const [filing, setFiling] = useState(false);
  const resolve = useResolveVatCorrection();
  const rows = comparedRows(correction.before, correction.after);
  const unchanged = rows.every((row) => row.before === row.after) && rows.length <= 1;
  const difference = correction.differenceEuros;

  const foldIntoNext = async () => {
    try {
      const answer = await resolve.mutateAsync({
        periodId: vatReturn.period.id,
        input: { method: "next_return" },
      });
      const done = answer.corrections[0];
      toast({
        title:
          done?.status === "next_return"
            ? `Verschil meegenomen in de aangifte over ${done.foldedInto?.label}`
            : "Correctie afgesloten zonder verschil",
      });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Card role="region" aria-label="Correctie">
      <CardHeader>
        <CardTitle className="text-lg">Correctie van {vatReturn.period.label}</CardTitle>
        <CardDescription>
          Gestart op {formatDate(correction.openedOn)}. De boekingen in deze periode kun je nu wijzigen; de
          cijfers hieronder volgen je boekhouding.
          {correction.isSuppletieRequired &&
            ` Het verschil is meer dan € ${formatNumber(SUPPLETIE_THRESHOLD_EUROS)}: dien uiterlijk ${formatDate(correction.deadline)} een suppletie in.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ReturnTable
          label="Ingediend en gecorrigeerd"
          columns={COMPARED_COLUMNS}
          headers={["Rubriek"]}
          amountHeaders={["Ingediend", "Nu", "Verschil"]}
          className="text-sm"
        >
          {rows.map((row) => (
            <ReturnRow key={row.key} columns={COMPARED_COLUMNS} label={row.label}>
              <TextCell className="font-mono text-muted-foreground">{row.label}</TextCell>
              <AmountCell value={row.before} />
              <AmountCell value={row.after} />
              <AmountCell value={row.after - row.before} className="font-medium" />
            </ReturnRow>
          ))}
        </ReturnTable>
        <p className="text-sm text-foreground">
          {unchanged
            ? "Er is (nog) geen verschil met wat je hebt ingediend."
            : difference >= 0
              ? `Je moet ${euros(difference)} btw bijbetalen.`
              : `Je krijgt ${euros(-difference)} btw terug.`}
        </p>
        <div className="flex flex-wrap gap-2">
          {unchanged ? (
            <Button size="sm" onClick={foldIntoNext} disabled={resolve.isPending}>
              Afsluiten zonder verschil
            </Button>
          ) : (
            <>
              <Button size="sm" onClick={() => setFiling(true)}>
                Suppletie ingediend
              </Button>
              {!correction.isSuppletieRequired && (
                <Button size="sm" variant="outline" onClick={foldIntoNext} disabled={resolve.isPending}>
                  Meenemen in volgende aangifte
                </Button>
              )}
            </>
          )}
        </div>
      </CardContent>
      <FilingDialog
        open={filing}
        onOpenChange={setFiling}
        today={today}
        title="Suppletie ingediend"
        description={`Dien de suppletie in bij de Belastingdienst met de cijfers onder 'Nu'. Daarna liggen de boekingen in ${vatReturn.period.label} weer vast.`}
        label="Suppletie vastleggen"
        submitLabel="Suppletie vastleggen"
        doneTitle={`Suppletie over ${vatReturn.period.label} vastgelegd`}
        isPending={resolve.isPending}
        onFile={(input) =>
          resolve.mutateAsync({ periodId: vatReturn.period.id, input: { method: "suppletie", ...input } })
        }
      />
    </Card>
  );
}

const resolvedText = (correction: VatCorrectionAnswer) => {
  const difference =
    correction.differenceEuros >= 0
      ? `${euros(correction.differenceEuros)} bij te betalen`
      : `${euros(-correction.differenceEuros)} terug`;
  switch (correction.status) {
    case "suppletie":
      return `Suppletie ingediend op ${formatDate(correction.filedOn!)}, kenmerk ${correction.reference}: ${difference}.`;
    case "next_return":
      return `Meegenomen in de aangifte over ${correction.foldedInto?.label}: ${difference}.`;
    case "no_difference":
      return "Afgesloten zonder verschil.";
    default:
      return "Loopt nog.";
  }
};

/** Earlier corrections of this period, and corrections of earlier periods this return carries. */
export function CorrectionHistory({ vatReturn }: { vatReturn: VatReturnAnswer }) {
  const resolved = vatReturn.corrections.filter((correction) => correction.status !== "open");
  if (resolved.length === 0 && vatReturn.foldedIn.length === 0) return null;
  return (
    <section
      aria-label="Correcties"
      className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm"
    >
      <h2 className="flex items-center gap-2 font-semibold text-foreground">
        <History className="size-4" aria-hidden />
        Correcties
      </h2>
      <ul className="flex flex-col gap-1 text-muted-foreground">
        {resolved.map((correction) => (
          <li key={correction.id}>
            Correctie gestart op {formatDate(correction.openedOn)}. {resolvedText(correction)}
          </li>
        ))}
        {vatReturn.foldedIn.map((folded) => (
          <li key={folded.period}>
            Deze aangifte neemt de correctie over {folded.label} mee ({euros(folded.differenceEuros)}).
          </li>
        ))}
      </ul>
    </section>
  );
}
