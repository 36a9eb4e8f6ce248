import { useState } from "react";
import { CalendarClock, CheckCircle2, FileDown, FileSpreadsheet, Info, Receipt, Send } from "lucide-react";
import { Link } from "wouter";
import { businessDate } from "@shared/dates";
import { formatDate } from "@shared/format";
import { korOverlaps, type KorDates } from "@shared/kor";
import type { VatPeriodAnswer, VatReturnAnswer, VatRubriekAnswer } from "@shared/schemas/vat-returns";
import { APP_ROUTES } from "@shared/routes";
import { VAT_PERIOD_STATE_LABELS, type VatPeriodState } from "@shared/vat-periods";
import { PageHeader } from "@client/components/layout/page-header";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ChoiceSelect } from "@client/components/ui/choice-select";
import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";
import { useFileVatReturn, useVatPeriods, useVatReturn, vatReturnDownloadUrl } from "./api";
import { CorrectionHistory, OpenCorrectionCard, StartCorrectionButton } from "./correction-card";
import { FilingDialog } from "./filing-dialog";
import { IcpCard } from "./icp-card";
import { AmountCell, ReturnRow, ReturnTable, TextCell } from "./return-table";
import { euros } from "./whole-euros";

const STATE_BADGES: Readonly<Record<VatPeriodState, "success" | "warning" | "muted" | "default">> = {
  filed: "success",
  correcting: "warning",
  due: "warning",
  late: "warning",
  open: "muted",
  before_start: "muted",
  kor: "muted",
};

/** The sections of the return as the Belastingdienst's form groups them. */
const SECTIONS: ReadonlyArray<{ title: string; codes: readonly string[] }> = [
  { title: "1. Prestaties binnenland", codes: ["1a", "1b", "1c", "1d", "1e"] },
  { title: "2. Verleggingsregelingen binnenland", codes: ["2a"] },
  { title: "3. Prestaties naar of in het buitenland", codes: ["3a", "3b", "3c"] },
  { title: "4. Prestaties vanuit het buitenland aan u verricht", codes: ["4a", "4b"] },
  { title: "5. Voorbelasting en eindtotaal", codes: ["5a", "5b", "5c", "5d", "5e", "5f", "5g"] },
];
const DOWNLOADS = [
  { format: "pdf", icon: FileDown },
  { format: "csv", icon: FileSpreadsheet },
] as const;

const RUBRIEK_COLUMNS =
  "grid-cols-[2.75rem_minmax(0,1fr)_4.5rem_4.5rem] sm:grid-cols-[3rem_minmax(0,1fr)_8rem_8rem]";

/** The period to open first: the latest one still to file, else the one running now. */
function initialPeriod(periods: readonly VatPeriodAnswer[], today: string): string | undefined {
  const toFile = periods.findLast((period) => period.state === "late" || period.state === "due");
  const running = periods.find((period) => period.startDate <= today && today <= period.endDate);
  return (toFile ?? running ?? periods.at(-1))?.id;
}

/** Belastingen (issue 7): the VAT return per period from the books, its deadline and state, filing and export. */
export function VatReturnsPage() {
  const today = businessDate(new Date());
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const periods = useVatPeriods(year);
  const periodId =
    chosen && periods.data?.periods.some((period) => period.id === chosen)
      ? chosen
      : periods.data
        ? initialPeriod(periods.data.periods, today)
        : undefined;
  const vatReturn = useVatReturn(periodId);
  // The years the administration has returns for, newest first; this year and next until they are known.
  const [years, setYears] = useState({ firstYear: thisYear, lastYear: thisYear + 1 });
  if (
    periods.data &&
    (periods.data.firstYear !== years.firstYear || periods.data.lastYear !== years.lastYear)
  ) {
    setYears({ firstYear: periods.data.firstYear, lastYear: periods.data.lastYear });
  }
  const yearOptions = Array.from(
    { length: years.lastYear - years.firstYear + 1 },
    (_, index) => years.lastYear - index,
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Belastingen"
        description="Je btw-aangifte per periode, berekend uit je boekhouding: omzet op factuurdatum, kosten op boekdatum."
        actions={
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            Jaar
            <ChoiceSelect
              options={yearOptions}
              value={year}
              onChange={(option) => {
                setYear(option);
                setChosen(undefined);
              }}
              className="w-28"
              aria-label="Jaar"
            />
          </label>
        }
      />

      {periods.isPending ? (
        <div className="grid gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-20" />
          ))}
        </div>
      ) : periods.isError ? (
        <p className="text-sm text-destructive">Kon de aangifteperiodes niet laden</p>
      ) : (
        <>
          {korOverlaps(periods.data, `${year}-01-01`, `${year}-12-31`) && <KorNotice kor={periods.data} />}
          <nav aria-label="Aangifteperiodes">
            <ul
              className={cn(
                "grid gap-3",
                periods.data.periods.length > 4 ? "grid-cols-3 sm:grid-cols-6" : "grid-cols-2 sm:grid-cols-4",
              )}
            >
              {periods.data.periods.map((period) => (
                <li key={period.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(period.id)}
                    aria-current={period.id === periodId ? "true" : undefined}
                    className={cn(
                      "flex w-full flex-col items-start gap-1.5 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      period.id === periodId ? "border-primary ring-1 ring-primary" : "border-border",
                    )}
                  >
                    <span className="text-sm font-semibold text-foreground first-letter:uppercase">
                      {period.label}
                    </span>
                    <Badge variant={STATE_BADGES[period.state]}>
                      {VAT_PERIOD_STATE_LABELS[period.state]}
                    </Badge>
                    {period.state !== "kor" && (
                      <span className="text-xs tabular-nums text-muted-foreground">
                        {period.totalEuros < 0 ? "Terug " : "Te betalen "}
                        {euros(Math.abs(period.totalEuros))}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {vatReturn.isPending ? (
            <Skeleton className="h-96" />
          ) : vatReturn.isError ? (
            <p className="text-sm text-destructive">Kon de aangifte niet laden</p>
          ) : (
            <>
              {vatReturn.data.corrections[0]?.status === "open" && (
                <OpenCorrectionCard
                  vatReturn={vatReturn.data}
                  correction={vatReturn.data.corrections[0]}
                  today={today}
                />
              )}
              <VatReturnCard vatReturn={vatReturn.data} today={today} />
              {vatReturn.data.icp.length > 0 && <IcpCard vatReturn={vatReturn.data} />}
            </>
          )}
        </>
      )}
    </div>
  );
}

function KorNotice({ kor }: { kor: KorDates }) {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-border bg-accent/40 p-4 text-sm text-foreground"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          Je gebruikt de kleineondernemersregeling (KOR) vanaf {formatDate(kor.korStartDate!)}
          {kor.korEndDate && <> tot en met {formatDate(kor.korEndDate)}</>}
        </p>
        <p className="text-muted-foreground">
          In die tijd ben je vrijgesteld van btw: je rekent geen btw, je trekt geen btw af en je hoeft geen
          btw-aangifte te doen. Over de dagen daarbuiten doe je gewoon aangifte. Ga je boven de € 20.000 omzet
          per jaar, dan vervalt de vrijstelling; vul dan bij Instellingen → Bedrijfsgegevens in tot wanneer je
          de KOR gebruikte.
        </p>
      </div>
    </div>
  );
}

function VatReturnCard({ vatReturn, today }: { vatReturn: VatReturnAnswer; today: string }) {
  const [filing, setFiling] = useState(false);
  const file = useFileVatReturn();
  const { period } = vatReturn;
  const isEmpty = vatReturn.rubrieken.every((row) => !Number(row.turnover ?? 0) && !Number(row.vat ?? 0));
  // Under the KOR only VAT shifted to the user (verlegd) is declared.
  const canFile =
    (!vatReturn.isKorApplied || vatReturn.totalEuros !== 0) &&
    period.state !== "filed" &&
    period.state !== "correcting" &&
    today > period.endDate;
  const byCode = new Map(vatReturn.rubrieken.map((row) => [row.code, row]));

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="text-lg">Btw-aangifte {period.label}</CardTitle>
            <Badge variant={STATE_BADGES[period.state]}>{VAT_PERIOD_STATE_LABELS[period.state]}</Badge>
          </div>
          <CardDescription>
            {formatDate(period.startDate)} t/m {formatDate(period.endDate)}
          </CardDescription>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            {period.state === "filed" ? (
              <>
                <CheckCircle2 className="size-4 text-emerald-700" aria-hidden />
                Ingediend op {formatDate(period.filedOn!)}, kenmerk {period.reference}. Boekingen in deze
                periode liggen vast.
              </>
            ) : period.state === "correcting" ? (
              <>
                <Info className="mt-0.5 size-4 shrink-0 self-start" aria-hidden />
                <span>
                  Ingediend op {formatDate(period.filedOn!)}, kenmerk {period.reference}. De correctie loopt:
                  de cijfers hieronder komen uit je boekhouding zoals die nu is.
                </span>
              </>
            ) : period.state === "kor" ? (
              <>
                <Info className="mt-0.5 size-4 shrink-0 self-start" aria-hidden />
                <span>
                  Je gebruikt de hele periode de KOR: je hoeft geen btw-aangifte te doen.
                  {vatReturn.totalEuros !== 0 &&
                    " Alleen over btw die naar jou is verlegd doe je wel aangifte."}
                </span>
              </>
            ) : period.state === "before_start" ? (
              <>
                <Info className="mt-0.5 size-4 shrink-0 self-start" aria-hidden />
                <span>
                  Deze periode ligt vóór de start van je administratie in Balans. Moet je er toch aangifte
                  over doen, zet de start dan eerder bij{" "}
                  <Link
                    href={APP_ROUTES.settings}
                    className="font-medium text-foreground underline underline-offset-2"
                  >
                    Instellingen → Bedrijfsgegevens
                  </Link>
                  .
                </span>
              </>
            ) : (
              <>
                <CalendarClock className="size-4" aria-hidden />
                Uiterlijk indienen en betalen op {formatDate(period.deadline)}
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {DOWNLOADS.map(({ format, icon: Icon }) => (
            <Button key={format} asChild variant="outline" size="sm">
              <a href={vatReturnDownloadUrl(period.id, format)} download>
                <Icon aria-hidden />
                {format.toUpperCase()} downloaden
              </a>
            </Button>
          ))}
          {period.state === "filed" && <StartCorrectionButton vatReturn={vatReturn} />}
          {canFile && (
            <Button size="sm" onClick={() => setFiling(true)}>
              <Send aria-hidden />
              Markeer als ingediend
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {isEmpty && (
          <EmptyState
            icon={Receipt}
            title="Geen omzet of btw in deze periode"
            description={
              period.state === "before_start" || period.state === "kor"
                ? "Er zijn geen verstuurde facturen of transacties met btw geboekt in deze periode."
                : "Er zijn geen verstuurde facturen of transacties met btw geboekt in deze periode. Heb je niets te melden, dan doe je toch aangifte: een nihilaangifte met overal € 0."
            }
          />
        )}
        {SECTIONS.map((section) => (
          <section key={section.title} aria-label={section.title} className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-foreground">{section.title}</h2>
            <ReturnTable
              label={section.title}
              columns={RUBRIEK_COLUMNS}
              headers={["Rubriek", "Omschrijving"]}
              amountHeaders={["Omzet", "Btw"]}
            >
              {section.codes.map((code) => (
                <RubriekRow key={code} rubriek={byCode.get(code)!} />
              ))}
            </ReturnTable>
          </section>
        ))}
        <p className="text-xs text-muted-foreground">
          Bedragen in hele euro&apos;s, afgerond in je voordeel zoals de Belastingdienst toestaat: te betalen
          btw naar beneden, voorbelasting (5b) naar boven. De exacte bedragen uit je boekhouding staan in de
          CSV.
        </p>
        <CorrectionHistory vatReturn={vatReturn} />
      </CardContent>
      <FilingDialog
        open={filing}
        onOpenChange={setFiling}
        today={today}
        title="Markeer als ingediend"
        description={
          <>
            {vatReturn.totalEuros >= 0
              ? `Te betalen over ${period.label}: ${euros(vatReturn.totalEuros)}.`
              : `Terug te vragen over ${period.label}: ${euros(-vatReturn.totalEuros)}.`}{" "}
            Daarna liggen de boekingen in deze periode vast; met 'Corrigeren' kun je ze later nog aanpassen.
          </>
        }
        label="Aangifte indienen"
        submitLabel="Markeer als ingediend"
        doneTitle={`Aangifte ${period.label} gemarkeerd als ingediend`}
        isPending={file.isPending}
        onFile={(input) => file.mutateAsync({ periodId: period.id, input })}
      />
    </Card>
  );
}

function RubriekRow({ rubriek }: { rubriek: VatRubriekAnswer }) {
  const isTotal = rubriek.code === "5g";
  return (
    <ReturnRow
      columns={RUBRIEK_COLUMNS}
      label={`Rubriek ${rubriek.code}`}
      className={cn("items-baseline text-sm", isTotal && "border-b-0 font-semibold")}
    >
      <TextCell className="font-mono text-muted-foreground">{rubriek.code}</TextCell>
      <TextCell className="min-w-0 text-foreground break-words">{rubriek.label}</TextCell>
      <AmountCell value={rubriek.turnoverEuros} />
      <AmountCell value={rubriek.vatEuros} />
    </ReturnRow>
  );
}
