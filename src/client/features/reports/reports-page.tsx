import { useState } from "react";
import {
  BarChart3,
  Clock,
  FileSpreadsheet,
  Landmark,
  Scale,
  TrendingUp,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatEuro } from "@shared/format";
import { parseCents } from "@shared/money";
import {
  presetRange,
  rangeLabel,
  REPORT_PERIOD_LABELS,
  REPORT_PERIOD_PRESETS,
  type DateRange,
  type ReportPeriodPreset,
} from "@shared/periods";
import {
  formatMinutesAsHours,
  REPORT_DESCRIPTIONS,
  REPORT_IDS,
  REPORT_PERIOD_MESSAGES,
  REPORT_TITLES,
  type ReportId,
} from "@shared/schemas/reports";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@client/components/ui/card";
import { ChoiceSelect } from "@client/components/ui/choice-select";
import { DateRangeFields, dateRangeErrors } from "@client/components/ui/date-range-fields";
import { FormField } from "@client/components/ui/form-field";
import { Skeleton } from "@client/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { cn } from "@client/lib/utils";
import { useReportSummary } from "./api";
import { IncomeTaxView } from "./income-tax-view";
import { YearEndView } from "./year-end-view";
import { ReportView } from "./report-view";

const TILE_ICONS: Record<ReportId, LucideIcon> = {
  "winst-en-verlies": TrendingUp,
  balans: Scale,
  cashflow: Wallet,
  uren: Clock,
  klanten: Users,
  btw: Landmark,
};

const euro = (decimal: string | null) => (decimal === null ? "–" : formatEuro(parseCents(decimal) ?? 0));

/** Spec §2.17 per period, and beside it the year's figures for the aangifte inkomstenbelasting. */
export function ReportsPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Rapporten"
        description="Inzicht in je cijfers, per periode, op het scherm en als download."
      />
      <Tabs defaultValue="period" className="gap-6">
        {/* Three tabs do not fit beside each other on a phone: they wrap. */}
        <TabsList className="h-auto max-w-full flex-wrap self-start">
          <TabsTrigger value="period" className="h-8">
            Per periode
          </TabsTrigger>
          <TabsTrigger value="income-tax" className="h-8">
            Inkomstenbelasting
          </TabsTrigger>
          <TabsTrigger value="year-end" className="h-8">
            Jaarafsluiting
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted while hidden, so the chosen period and report are still there on return. */}
        <TabsContent value="period" forceMount className="data-[state=inactive]:hidden">
          <PeriodReports />
        </TabsContent>
        <TabsContent value="income-tax">
          <IncomeTaxView />
        </TabsContent>
        <TabsContent value="year-end">
          <YearEndView />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** Spec §2.17: the period, the three summary cards, the six report tiles and 'Genereren'. */
function PeriodReports() {
  const today = businessDate(new Date());
  const [preset, setPreset] = useState<ReportPeriodPreset>("thisMonth");
  const [custom, setCustom] = useState<DateRange>(() => presetRange("thisMonth", today));
  const [selected, setSelected] = useState<ReportId>("winst-en-verlies");
  const [generated, setGenerated] = useState<{ report: ReportId; range: DateRange } | null>(null);

  const customErrors = dateRangeErrors(custom, REPORT_PERIOD_MESSAGES);
  // Query keys compare by value, so a fresh object each render fetches nothing twice.
  const range: DateRange | null =
    preset !== "custom" ? presetRange(preset, today) : Object.keys(customErrors).length === 0 ? custom : null;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-end sm:pt-6">
          <FormField label="Periode" className="sm:w-56">
            <ChoiceSelect
              options={REPORT_PERIOD_PRESETS}
              value={preset}
              onChange={setPreset}
              label={(option) => REPORT_PERIOD_LABELS[option]}
            />
          </FormField>
          {preset === "custom" && (
            <DateRangeFields range={custom} errors={customErrors} onChange={setCustom} />
          )}
          {range && (
            <p className="text-sm text-muted-foreground sm:pb-2.5" data-testid="report-period">
              {rangeLabel(range)}
            </p>
          )}
        </CardContent>
      </Card>

      <SummaryCards range={range} />

      <section aria-labelledby="report-tiles" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="report-tiles" className="text-lg font-semibold">
            Rapport kiezen
          </h2>
          <Button
            disabled={!range}
            onClick={() => range && setGenerated({ report: selected, range })}
            data-testid="generate-report"
          >
            <FileSpreadsheet aria-hidden />
            Genereren
          </Button>
        </div>
        <div
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
          role="group"
          aria-label="Rapporten"
        >
          {REPORT_IDS.map((report) => {
            const Icon = TILE_ICONS[report];
            const isSelected = report === selected;
            return (
              <button
                key={report}
                type="button"
                aria-pressed={isSelected}
                onClick={() => setSelected(report)}
                onDoubleClick={() => range && setGenerated({ report, range })}
                className={cn(
                  "flex items-start gap-3 rounded-xl border bg-card p-4 text-left shadow-xs transition-colors",
                  "focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none",
                  isSelected ? "border-primary ring-1 ring-primary" : "border-border hover:bg-muted/50",
                )}
              >
                <span
                  className={cn(
                    "flex size-9 shrink-0 items-center justify-center rounded-lg",
                    isSelected ? "bg-primary text-primary-foreground" : "bg-accent text-accent-foreground",
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{REPORT_TITLES[report]}</span>
                  <span className="text-sm text-muted-foreground">{REPORT_DESCRIPTIONS[report]}</span>
                </span>
              </button>
            );
          })}
        </div>
      </section>

      {generated && <ReportView report={generated.report} range={generated.range} />}
    </div>
  );
}

function SummaryCards({ range }: { range: DateRange | null }) {
  const { data: summary, isError } = useReportSummary(range);
  const cards: { title: string; icon: LucideIcon; rows: [string, string][] }[] | null = summary
    ? [
        {
          title: "Winst & verlies",
          icon: TrendingUp,
          rows: [
            ["Opbrengsten", euro(summary.profitAndLoss.revenue)],
            ["Kosten", euro(summary.profitAndLoss.expenses)],
            ["Nettowinst", euro(summary.profitAndLoss.netProfit)],
          ],
        },
        {
          title: "Cashflow",
          icon: BarChart3,
          rows: [
            ["In", euro(summary.cashflow.in)],
            ["Uit", euro(summary.cashflow.out)],
            ["Netto", euro(summary.cashflow.net)],
          ],
        },
        {
          title: "Uren",
          icon: Clock,
          rows: [
            ["Factureerbare uren", formatMinutesAsHours(summary.hours.billableMinutes)],
            ["Gemiddeld uurtarief", euro(summary.hours.averageRate)],
            ["Totaal", euro(summary.hours.billableAmount)],
          ],
        },
      ]
    : null;

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-busy={!summary}>
      {cards
        ? cards.map((card) => (
            <Card key={card.title} data-testid={`summary-${card.title}`}>
              <CardHeader className="flex-row items-center justify-between pb-2">
                <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
                  {card.title}
                </CardTitle>
                <card.icon className="size-4 text-muted-foreground" aria-hidden />
              </CardHeader>
              <CardContent>
                <dl className="flex flex-col gap-1.5 text-sm">
                  {card.rows.map(([label, value], index) => (
                    <div
                      key={label}
                      className={cn(
                        "flex justify-between gap-3",
                        index === card.rows.length - 1 && "border-t border-border pt-1.5 font-semibold",
                      )}
                    >
                      <dt className={index === card.rows.length - 1 ? "" : "text-muted-foreground"}>
                        {label}
                      </dt>
                      <dd className="tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          ))
        : [0, 1, 2].map((index) => (
            <Card key={index}>
              <CardContent className="flex flex-col gap-2 pt-5 sm:pt-6">
                {isError || !range ? (
                  <p className="text-sm text-muted-foreground">
                    {range ? "De cijfers konden niet worden geladen." : "Kies een geldige periode."}
                  </p>
                ) : (
                  <>
                    <Skeleton className="h-4 w-24" />
                    <Skeleton className="h-4 w-full" />
                    <Skeleton className="h-4 w-full" />
                    <Skeleton className="h-4 w-full" />
                  </>
                )}
              </CardContent>
            </Card>
          ))}
    </div>
  );
}
