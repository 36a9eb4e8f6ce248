import { useState } from "react";
import { Link } from "wouter";
import {
  BookOpenText,
  Download,
  FileCode2,
  FolderDown,
  Landmark,
  ListOrdered,
  Scale,
  UserRoundMinus,
  UserRoundPlus,
  type LucideIcon,
} from "lucide-react";
import { businessDate, isIsoDate } from "@shared/dates";
import { formatDate } from "@shared/format";
import { APP_ROUTES } from "@shared/routes";
import {
  LEDGER_EXPORT_MESSAGES,
  ledgerExportUrl,
  type LedgerExportFormat,
  type LedgerExportId,
} from "@shared/schemas/exports";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { ChoiceSelect } from "@client/components/ui/choice-select";
import {
  DateRangeFields,
  dateRangeErrors,
  type DateRangeMessages,
} from "@client/components/ui/date-range-fields";
import { EmptyState } from "@client/components/ui/empty-state";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { Spinner } from "@client/components/ui/spinner";
import { getErrorMessage } from "@client/lib/api";
import { downloadExport, useExportOverview } from "./api";
import { quarterOf } from "@shared/periods";

type PeriodMode = "year" | "quarter" | "custom";

const PERIOD_MODE_LABELS: Record<PeriodMode, string> = {
  year: "Boekjaar",
  quarter: "Kwartaal",
  custom: "Eigen periode",
};
const PERIOD_MODES = Object.keys(PERIOD_MODE_LABELS) as PeriodMode[];
const QUARTERS = [1, 2, 3, 4];

type Period = {
  from: string;
  to: string;
  /** The query that names the period: ?year= for a whole year, else ?from=&to=. */
  params: Record<string, string>;
};

const pad = (value: number) => String(value).padStart(2, "0");

function quarterRange(year: number, quarter: number): { from: string; to: string } {
  const { from, to } = quarterOf(`${year}-${pad((quarter - 1) * 3 + 1)}-01`);
  return { from, to };
}

// The same texts as the reports'; only the invalid date goes by another key here.
const RANGE_MESSAGES: DateRangeMessages = {
  ...LEDGER_EXPORT_MESSAGES,
  invalidDate: LEDGER_EXPORT_MESSAGES.dateInvalid,
};

interface ExportCard {
  key: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** The downloads of the card: each format with its address. */
  downloads: Array<{ label: string; format: LedgerExportFormat | "xaf"; url: string }>;
}

const both = (id: LedgerExportId, params: Record<string, string>) =>
  (["csv", "pdf"] as const).map((format) => ({
    label: format.toUpperCase(),
    format,
    url: ledgerExportUrl(id, format, params),
  }));

function exportCards(period: Period, date: string): ExportCard[] {
  const year = period.to.slice(0, 4);
  return [
    {
      key: "general-ledger",
      title: "Grootboekkaarten",
      description:
        "Per grootboekrekening het beginsaldo, elke boeking (datum, boekstuk, omschrijving, relatie, debet, credit) met het lopende saldo, en het eindsaldo.",
      icon: BookOpenText,
      downloads: both("general-ledger", period.params),
    },
    {
      key: "trial-balance",
      title: "Proef- en saldibalans",
      description:
        "Per rekening het totaal debet en credit van de periode en het saldo aan de debet- of creditkant, met de totalen die moeten sluiten.",
      icon: Scale,
      downloads: both("trial-balance", period.params),
    },
    {
      key: "journal",
      title: "Journaal",
      description: "Elke journaalpost met al zijn regels, op volgorde van datum: het dagboek van de periode.",
      icon: ListOrdered,
      downloads: both("journal", period.params),
    },
    {
      key: "debtors",
      title: "Openstaande posten debiteuren",
      description: `Verkoopfacturen die op ${formatDate(date)} openstaan, per klant, naar ouderdom: 0–30, 31–60, 61–90 en meer dan 90 dagen na de vervaldatum.`,
      icon: UserRoundPlus,
      downloads: both("open-items", { role: "debtors", date }),
    },
    {
      key: "creditors",
      title: "Openstaande posten crediteuren",
      description: `Inkoopfacturen die op ${formatDate(date)} nog betaald moeten worden, per leverancier, naar ouderdom.`,
      icon: UserRoundMinus,
      downloads: both("open-items", { role: "creditors", date }),
    },
    {
      key: "vat-reconciliation",
      title: `Btw-aansluiting ${year}`,
      description:
        "Per aangifteperiode de saldi van de btw-rekeningen naast de ingediende aangifte, met het verschil: zo ziet je accountant dat de btw aansluit.",
      icon: Landmark,
      downloads: both("vat-reconciliation", { year }),
    },
    {
      key: "xaf",
      title: "XAF-auditfile",
      description:
        "Het auditbestand (XML Auditfile Financieel 3.2) met rekeningschema, relaties en alle boekingen, dat accountants en boekhoudpakketten inlezen.",
      icon: FileCode2,
      downloads: [
        {
          label: "XAF",
          format: "xaf",
          url: `/api/exports/xaf?${new URLSearchParams(period.params).toString()}`,
        },
      ],
    },
  ];
}

/** Issue 20: the books as files for the accountant, for a year, a quarter or an own period. */
export function ExportsPage() {
  const { data: overview, isError, refetch } = useExportOverview();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Accountant"
        description="Je boekhouding als bestanden voor je accountant of een ander boekhoudpakket."
      />
      {isError ? (
        <Card>
          <CardContent className="flex flex-col items-start gap-3 pt-5 sm:pt-6">
            <p role="alert" className="text-sm text-destructive">
              De gegevens konden niet worden geladen. Probeer het opnieuw.
            </p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Opnieuw proberen
            </Button>
          </CardContent>
        </Card>
      ) : !overview ? (
        <div className="flex flex-col gap-3" aria-busy>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : overview.firstDate === null || overview.lastDate === null ? (
        <EmptyState
          icon={FolderDown}
          title="Nog geen boekingen"
          description="Zodra je facturen, transacties of memoriaalboekingen vastlegt, download je hier de grootboekkaarten, de proef- en saldibalans, het journaal en de andere bestanden voor je accountant."
          action={
            <Button asChild variant="outline">
              <Link href={APP_ROUTES.transactions}>Naar Bank</Link>
            </Button>
          }
        />
      ) : (
        <Exports firstDate={overview.firstDate} lastDate={overview.lastDate} />
      )}
    </div>
  );
}

function Exports({ firstDate, lastDate }: { firstDate: string; lastDate: string }) {
  const today = businessDate(new Date());
  const thisYear = Number(today.slice(0, 4));
  const firstYear = Math.min(Number(firstDate.slice(0, 4)), thisYear);
  const lastYear = Math.max(Number(lastDate.slice(0, 4)), thisYear);
  const years: number[] = [];
  for (let year = lastYear; year >= firstYear; year--) years.push(year);

  const [mode, setMode] = useState<PeriodMode>("year");
  const [year, setYear] = useState(thisYear);
  const [quarter, setQuarter] = useState(Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1);
  const [custom, setCustom] = useState(() => ({ from: `${thisYear}-01-01`, to: today }));
  const [chosenDate, setChosenDate] = useState<string | null>(null);

  const errors = mode === "custom" ? dateRangeErrors(custom, RANGE_MESSAGES) : {};
  let period: Period | null = null;
  if (mode === "year")
    period = { from: `${year}-01-01`, to: `${year}-12-31`, params: { year: String(year) } };
  else if (mode === "quarter") {
    const range = quarterRange(year, quarter);
    period = { ...range, params: range };
  } else if (Object.keys(errors).length === 0) period = { ...custom, params: custom };

  // Open items on the period's last day, or today while the period is still running.
  const defaultDate = period ? (period.to < today ? period.to : today) : today;
  const date = chosenDate ?? defaultDate;
  const dateError = date && isIsoDate(date) ? undefined : LEDGER_EXPORT_MESSAGES.dateRequired;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:flex-wrap sm:items-start sm:pt-6">
          <FormField label="Periode" className="sm:w-44">
            <ChoiceSelect
              options={PERIOD_MODES}
              value={mode}
              onChange={setMode}
              label={(option) => PERIOD_MODE_LABELS[option]}
            />
          </FormField>
          {mode !== "custom" && (
            <FormField label="Jaar" className="sm:w-32">
              <ChoiceSelect options={years} value={year} onChange={setYear} />
            </FormField>
          )}
          {mode === "quarter" && (
            <FormField label="Kwartaal" className="sm:w-32">
              <ChoiceSelect
                options={QUARTERS}
                value={quarter}
                onChange={setQuarter}
                label={(option) => `Q${option}`}
              />
            </FormField>
          )}
          {mode === "custom" && <DateRangeFields range={custom} errors={errors} onChange={setCustom} />}
          <FormField label="Peildatum openstaande posten" error={dateError} className="sm:w-56">
            <Input type="date" value={date} onChange={(event) => setChosenDate(event.target.value)} />
          </FormField>
        </CardContent>
        {period && (
          <p className="px-5 pb-5 text-sm text-muted-foreground sm:px-6" data-testid="export-period">
            {formatDate(period.from)} t/m {formatDate(period.to)}
          </p>
        )}
      </Card>

      {period && !dateError ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {exportCards(period, date).map((card) => (
            <ExportCardView key={card.key} card={card} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Kies een geldige periode en peildatum om te downloaden.
        </p>
      )}
    </div>
  );
}

function ExportCardView({ card }: { card: ExportCard }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(item: ExportCard["downloads"][number]) {
    setBusy(item.format);
    setError(null);
    try {
      await downloadExport(item.url, `${card.key}.${item.format}`);
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card data-testid={`export-${card.key}`} className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3 pb-2">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <card.icon className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle as="h2" className="text-base">
            {card.title}
          </CardTitle>
          <CardDescription>{card.description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          {card.downloads.map((item) => (
            <Button
              key={item.format}
              variant="outline"
              size="sm"
              disabled={busy !== null}
              onClick={() => void download(item)}
              aria-label={`${card.title} als ${item.label} downloaden`}
            >
              {busy === item.format ? <Spinner /> : <Download aria-hidden />}
              {item.label}
            </Button>
          ))}
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
