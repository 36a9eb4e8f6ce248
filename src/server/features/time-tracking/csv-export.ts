import { businessDate, businessTime } from "../../../shared/dates";
import { formatAmount, formatDate, formatFixed } from "../../../shared/format";
import { parseCents } from "../../../shared/money";
import type { TimeEntry } from "../../../shared/schemas/time-tracking";
import { toCsv } from "../../csv";

/** What the export needs besides the entry: the names behind its links. */
export interface ExportNames {
  projectName: (projectId: string | null) => string;
  clientName: (clientId: string | null) => string;
}

/** Issue 5: the columns of the hours export, in this order, with Dutch headers and Dutch number formats. */
const COLUMNS: ReadonlyArray<{
  header: string;
  value: (entry: TimeEntry, names: ExportNames) => string | number;
}> = [
  { header: "Datum", value: (entry) => formatDate(businessDate(new Date(entry.startTime))) },
  { header: "Project", value: (entry, names) => names.projectName(entry.projectId) },
  { header: "Klant", value: (entry, names) => names.clientName(entry.clientId) },
  { header: "Omschrijving", value: (entry) => entry.description ?? "" },
  { header: "Begintijd", value: (entry) => businessTime(new Date(entry.startTime)) },
  { header: "Eindtijd", value: (entry) => (entry.endTime ? businessTime(new Date(entry.endTime)) : "") },
  { header: "Minuten", value: (entry) => entry.duration },
  // Exact: minutes / 60 to two decimals, formatted nl-NL ("1,50").
  { header: "Uren", value: (entry) => formatFixed(Math.round((entry.duration * 100) / 60) / 100, 2) },
  {
    header: "Tarief",
    value: (entry) => (entry.hourlyRate === null ? "" : formatAmount(parseCents(entry.hourlyRate)!)),
  },
  { header: "Bedrag", value: (entry) => formatAmount(parseCents(entry.amount)!) },
  { header: "Factureerbaar", value: (entry) => (entry.isBillable ? "Ja" : "Nee") },
  { header: "Gefactureerd", value: (entry) => (entry.isInvoiced ? "Ja" : "Nee") },
];

/** uren_{from}_{to}.csv for a period, uren_{today}.csv for everything. */
export function timeEntriesExportFilename(
  filter: { from?: string | undefined; to?: string | undefined },
  today: string,
) {
  if (filter.from || filter.to) return `uren_${filter.from ?? "begin"}_${filter.to ?? today}.csv`;
  return `uren_${today}.csv`;
}

/**
 * Excel-NL opens it as it is: semicolons (the Dutch list separator), UTF-8 with a byte order mark so accents
 * survive, CRLF line ends, decimals with a comma.
 */
export function timeEntriesToCsv(entries: readonly TimeEntry[], names: ExportNames): string {
  return toCsv(
    entries.map((entry) => COLUMNS.map((column) => column.value(entry, names))),
    { header: COLUMNS.map((column) => column.header) },
  );
}
