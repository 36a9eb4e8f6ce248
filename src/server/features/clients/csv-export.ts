import type { Client } from "../../../shared/schemas/clients";
import { toCsv } from "../../csv";

/** Spec §2.16: the fourteen columns of the clients export, in this order, with Dutch headers. */
const COLUMNS: ReadonlyArray<{ header: string; value: (client: Client) => string | number | null }> = [
  { header: "Bedrijfsnaam", value: (client) => client.name },
  { header: "Contactpersoon", value: (client) => client.contactPerson },
  { header: "E-mail", value: (client) => client.email },
  { header: "Telefoon", value: (client) => client.phone },
  { header: "Straat", value: (client) => client.street },
  { header: "Huisnummer", value: (client) => client.houseNumber },
  { header: "Postcode", value: (client) => client.postalCode },
  { header: "Plaats", value: (client) => client.city },
  { header: "Land", value: (client) => client.country },
  { header: "BTW-nummer", value: (client) => client.taxNumber },
  { header: "KvK-nummer", value: (client) => client.kvkNumber },
  { header: "IBAN", value: (client) => client.iban },
  { header: "Betalingstermijn (dagen)", value: (client) => client.paymentTermsDays },
  { header: "Notities", value: (client) => client.notes },
];

/** Spec §2.16: klanten_{date}.csv, the date being today in the business time zone. */
export function clientsExportFilename(isoDate: string): string {
  return `klanten_${isoDate}.csv`;
}

/**
 * Excel-NL opens it as it is: semicolons (the Dutch list separator), UTF-8 with a byte order mark so accents
 * survive, CRLF line ends, fields quoted when they hold a semicolon, quote or line break.
 */
export function clientsToCsv(clients: readonly Client[]): string {
  return toCsv(
    clients.map((client) => COLUMNS.map((column) => column.value(client))),
    { header: COLUMNS.map((column) => column.header) },
  );
}
