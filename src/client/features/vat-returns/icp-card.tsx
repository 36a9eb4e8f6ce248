import { CLIENT_COUNTRY_NAMES, type ClientCountry } from "@shared/schemas/clients";
import type { VatReturnAnswer } from "@shared/schemas/vat-returns";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@client/components/ui/card";
import { cn } from "@client/lib/utils";
import { AmountCell, ReturnRow, ReturnTable, TextCell } from "./return-table";

const ICP_COLUMNS = "grid-cols-[minmax(0,1fr)_5.5rem] sm:grid-cols-[8rem_10rem_minmax(0,1fr)_8rem]";
// On a phone a line folds onto two rows: client and amount, then country and VAT number.
const ROW_CLASS = "items-baseline gap-x-2 gap-y-0.5 text-sm";

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
        <ReturnTable
          label={`Opgaaf ICP ${period.label}`}
          columns={ICP_COLUMNS}
          headers={["Land", "Btw-nummer", "Klant"]}
          amountHeaders={["Diensten"]}
          headerClassName="hidden sm:grid"
        >
          {icp.map((line) => (
            <ReturnRow key={`${line.country}-${line.vatNumber}`} columns={ICP_COLUMNS} className={ROW_CLASS}>
              <TextCell className="text-muted-foreground max-sm:order-3">
                {CLIENT_COUNTRY_NAMES[line.country as ClientCountry] ?? line.country}
              </TextCell>
              <TextCell className="font-mono max-sm:order-4 max-sm:text-right max-sm:text-xs">
                {line.vatNumber}
              </TextCell>
              <TextCell className="min-w-0 break-words text-foreground max-sm:order-1">
                {line.clientName}
              </TextCell>
              <AmountCell value={line.amountEuros} className="max-sm:order-2" />
            </ReturnRow>
          ))}
          <ReturnRow columns={ICP_COLUMNS} className={cn(ROW_CLASS, "border-b-0 font-semibold")}>
            <TextCell className="sm:col-span-3">Totaal (rubriek 3b)</TextCell>
            <AmountCell value={total} />
          </ReturnRow>
        </ReturnTable>
      </CardContent>
    </Card>
  );
}
