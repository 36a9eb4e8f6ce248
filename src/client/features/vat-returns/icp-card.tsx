import { CLIENT_COUNTRY_NAMES, type ClientCountry } from "@shared/schemas/clients";
import type { VatReturnAnswer } from "@shared/schemas/vat-returns";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { euros } from "./whole-euros";

const ROW_CLASS =
  "grid grid-cols-[minmax(0,1fr)_5.5rem] items-baseline gap-x-2 gap-y-0.5 border-b border-border/60 py-2 text-sm sm:grid-cols-[8rem_10rem_minmax(0,1fr)_8rem]";

/**
 * The opgaaf ICP that goes with rubriek 3b: per client elsewhere in the EU, its VAT number and the services
 * invoiced to it in the period, to copy into the Belastingdienst's separate declaration.
 */
export function IcpCard({ vatReturn }: { vatReturn: VatReturnAnswer }) {
  const { period, icp } = vatReturn;
  // The lines come from the bookings of rubriek 3b, so they add up to its turnover.
  const total = vatReturn.rubrieken.find((rubriek) => rubriek.code === "3b")?.turnoverEuros ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Opgaaf ICP {period.label}</CardTitle>
        <CardDescription>
          Je hebt diensten gefactureerd aan ondernemers in andere EU-landen, met btw verlegd (rubriek 3b).
          Geef ze per klant op in de opgaaf intracommunautaire prestaties (ICP) bij de Belastingdienst, over
          dezelfde periode en met dezelfde deadline als de aangifte.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div role="table" aria-label={`Opgaaf ICP ${period.label}`} className="flex flex-col">
          <div
            role="row"
            className={`${ROW_CLASS} hidden border-border py-1.5 text-xs font-medium text-muted-foreground sm:grid`}
          >
            <span role="columnheader">Land</span>
            <span role="columnheader">Btw-nummer</span>
            <span role="columnheader">Klant</span>
            <span role="columnheader" className="text-right">
              Diensten
            </span>
          </div>
          {icp.map((line) => (
            <div role="row" key={`${line.country}-${line.vatNumber}`} className={ROW_CLASS}>
              <span role="cell" className="text-muted-foreground max-sm:order-3">
                {CLIENT_COUNTRY_NAMES[line.country as ClientCountry] ?? line.country}
              </span>
              <span role="cell" className="font-mono max-sm:order-4 max-sm:text-right max-sm:text-xs">
                {line.vatNumber}
              </span>
              <span role="cell" className="min-w-0 break-words text-foreground max-sm:order-1">
                {line.clientName}
              </span>
              <span role="cell" className="text-right tabular-nums max-sm:order-2">
                {euros(line.amountEuros)}
              </span>
            </div>
          ))}
          <div role="row" className={`${ROW_CLASS} border-b-0 font-semibold`}>
            <span role="cell" className="sm:col-span-3">
              Totaal (rubriek 3b)
            </span>
            <span role="cell" className="text-right tabular-nums">
              {euros(total)}
            </span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
