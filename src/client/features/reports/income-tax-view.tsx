import { useId, useState } from "react";
import { CheckCircle2, CircleAlert, FileSearch } from "lucide-react";
import { businessDate } from "@shared/dates";
import { formatEuro, formatNumber } from "@shared/format";
import { formatTaxRate } from "@shared/income-tax";
import { parseCents } from "@shared/money";
import { formatMinutesAsHours, type IncomeTaxOverview } from "@shared/schemas/reports";
import { HOURS_CRITERION } from "@shared/time-tracking/hours-criterion";
import { Badge } from "@client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { Checkbox } from "@client/components/ui/checkbox";
import { EmptyState } from "@client/components/ui/empty-state";
import { FormField } from "@client/components/ui/form-field";
import { ChoiceSelect } from "@client/components/ui/choice-select";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/utils";
import { useIncomeTax } from "./api";

/** The years offered: this one and the six before it (the books are kept for seven years). */
const YEAR_COUNT = 7;
const cents = (decimal: string) => parseCents(decimal) ?? 0;

/**
 * Until the aangifte's deadline of 1 May the year to file is last year's; after it, this year's estimate is
 * what a freelancer looks at.
 */
function initialYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) < 5 ? year - 1 : year;
}

/** Inkomstenbelasting: a year's figures for the aangifte of an eenmanszaak, from the books and the hours. */
export function IncomeTaxView() {
  const today = businessDate(new Date());
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(() => initialYear(today));
  const [isStarter, setIsStarter] = useState(false);
  const { data: overview, error, isPlaceholderData } = useIncomeTax(year, isStarter);
  const starterId = useId();
  const years = Array.from({ length: YEAR_COUNT }, (_, index) => thisYear - index);

  return (
    <Card aria-busy={!overview || isPlaceholderData}>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Inkomstenbelasting {year}
        </CardTitle>
        <CardDescription>
          De cijfers voor je aangifte inkomstenbelasting als eenmanszaak, uit je boekhouding en je uren.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-6">
          <FormField label="Jaar" className="sm:w-36">
            <ChoiceSelect options={years} value={year} onChange={setYear} />
          </FormField>
          <Checkbox
            id={starterId}
            className="sm:pt-7"
            checked={isStarter}
            onChange={(event) => setIsStarter(event.target.checked)}
            label="Ik heb recht op startersaftrek"
            description="Je was in 1 of meer van de 5 jaren hiervoor geen ondernemer en paste in die jaren hoogstens 2 keer de zelfstandigenaftrek toe. Dat weet Balans niet: geef het zelf aan."
          />
        </div>

        {error ? (
          <p className="text-sm text-destructive">
            De cijfers konden niet worden geladen: {error.message.replace(/^\d+: /, "")}
          </p>
        ) : !overview ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-6 w-64" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <IncomeTaxFigures overview={overview} />
        )}
      </CardContent>
    </Card>
  );
}

function IncomeTaxFigures({ overview }: { overview: IncomeTaxOverview }) {
  const { hoursCriterion } = overview;
  const carryForward = cents(overview.selfEmployedCarryForward);
  const lines: { label: string; cents: number; hint?: string }[] = [
    { label: "Winst uit onderneming", cents: cents(overview.profit) },
    {
      label: "Zelfstandigenaftrek",
      cents: -cents(overview.selfEmployedDeduction),
      hint: !hoursCriterion.isMet
        ? "Niet van toepassing: het urencriterium is niet gehaald."
        : carryForward > 0
          ? `Beperkt tot je winst. De overige ${formatEuro(carryForward)} van de ${formatEuro(cents(overview.selfEmployedDeductionAmount))} mag je verrekenen met je winst van de 9 jaren hierna. Voor starters geldt deze grens niet.`
          : "Ten hoogste je winst; voor starters geldt die grens niet.",
    },
    {
      label: "Startersaftrek",
      cents: -cents(overview.starterDeduction),
      hint: !overview.isStarter
        ? "Alleen als je hierboven aangeeft dat je er recht op hebt."
        : !hoursCriterion.isMet
          ? "Niet van toepassing: alleen samen met de zelfstandigenaftrek."
          : "Als starter trek je de zelfstandigenaftrek en de startersaftrek helemaal af, ook als je winst lager is.",
    },
    {
      label: `MKB-winstvrijstelling (${formatTaxRate(cents(overview.smeExemptionRate))})`,
      cents: -cents(overview.smeExemption),
      hint: "Over je winst na de ondernemersaftrek.",
    },
  ];

  return (
    <div className="flex flex-col gap-5" data-testid="income-tax">
      <div className="flex flex-col gap-2 rounded-lg bg-muted/60 px-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-0.5">
          <span className="text-sm font-medium">Urencriterium</span>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="income-tax-hours">
            {formatMinutesAsHours(hoursCriterion.bookedMinutes)} uur geboekt in {overview.year}, minimaal{" "}
            {formatNumber(HOURS_CRITERION)} uur
          </span>
        </div>
        {hoursCriterion.isMet ? (
          <Badge variant="success" className="self-start sm:self-center">
            <CheckCircle2 aria-hidden />
            Gehaald
          </Badge>
        ) : (
          <Badge variant="warning" className="self-start sm:self-center">
            <CircleAlert aria-hidden />
            Niet gehaald
          </Badge>
        )}
      </div>

      {!overview.hasBookings ? (
        <EmptyState
          icon={FileSearch}
          title={`Geen boekingen in ${overview.year}`}
          description={`Zodra er omzet of kosten in ${overview.year} geboekt zijn, zie je hier de cijfers voor je aangifte.`}
        />
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Inkomstenbelasting {overview.year}</caption>
          <tbody>
            {lines.map((line) => (
              <tr key={line.label} className="border-b border-border">
                <th scope="row" className="py-2.5 pr-3 text-left align-top font-normal">
                  {line.label}
                  {line.hint && <p className="mt-0.5 text-xs text-muted-foreground">{line.hint}</p>}
                </th>
                <td className="py-2.5 text-right align-top whitespace-nowrap tabular-nums">
                  {formatEuro(line.cents)}
                </td>
              </tr>
            ))}
            <tr className="font-semibold">
              <th scope="row" className="py-2.5 pr-3 text-left align-top">
                Belastbare winst uit onderneming
                {cents(overview.taxableProfit) < 0 && (
                  <p className="mt-0.5 text-xs font-normal text-muted-foreground">
                    Een verlies: zonder ander inkomen is dit een negatief inkomen uit werk en woning. Dat
                    verreken je met het inkomen van de 3 jaren ervoor en de 9 jaren erna (Wet IB 2001, art.
                    3.150 en 3.151).
                  </p>
                )}
              </th>
              <td
                className="py-2.5 text-right align-top whitespace-nowrap tabular-nums"
                data-testid="income-tax-taxable"
              >
                {formatEuro(cents(overview.taxableProfit))}
              </td>
            </tr>
          </tbody>
        </table>
      )}

      <ul className="flex flex-col gap-1 text-xs text-muted-foreground">
        <li className={cn(overview.ratesYear !== overview.year && "font-medium text-foreground")}>
          Bedragen van {overview.ratesYear}
          {overview.ratesYear !== overview.year &&
            ` (die van ${overview.year} kent Balans niet; dit is het dichtstbijzijnde jaar)`}
          .
        </li>
        <li>Dit is een overzicht voor je aangifte inkomstenbelasting, geen belastingadvies.</li>
      </ul>
    </div>
  );
}
