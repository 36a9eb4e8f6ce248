/**
 * Klantrapport: per client the revenue invoiced in the period (issued invoices and credit notes, excluding
 * VAT, by invoice date), what is still open of those, and how many days the client took on average to pay the
 * invoices it paid in the period.
 */
import { and, eq, gte, lte, ne, sql } from "drizzle-orm";
import { centsToDecimal, parseCents } from "../../../shared/money";
import type { DateRange } from "../../../shared/periods";
import type { ReportDocument } from "../../../shared/schemas/reports";
import type { Database } from "../../db/client";
import { clients, invoices } from "../../db/schema/index";

export async function clientReport(
  db: Database,
  userId: string,
  range: DateRange,
): Promise<Omit<ReportDocument, "report" | "title" | "from" | "to" | "periodLabel">> {
  const issued = and(gte(invoices.issueDate, range.from), lte(invoices.issueDate, range.to));
  const paidInRange = sql`${invoices.status} = 'paid' and ${invoices.paidDate} between ${range.from} and ${range.to} and ${invoices.total} > 0`;
  // The client as printed on the invoice when the client record is gone.
  const clientName = sql<string>`coalesce(${clients.name}, ${invoices.clientSnapshot}->>'name', 'Onbekende klant')`;
  const rows = await db
    .select({
      clientName,
      count: sql<number>`count(*) filter (where ${issued})`.mapWith(Number),
      revenue: sql<string>`coalesce(sum(${invoices.subtotal}) filter (where ${issued}), 0)::text`,
      open: sql<string>`coalesce(sum(${invoices.openAmount}) filter (where ${issued}), 0)::text`,
      paidCount: sql<number>`count(*) filter (where ${paidInRange})`.mapWith(Number),
      paidDays:
        sql<number>`coalesce(sum(${invoices.paidDate} - ${invoices.issueDate}) filter (where ${paidInRange}), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.userId, userId), ne(invoices.status, "draft")))
    .groupBy(sql`1`)
    .having(sql`count(*) filter (where ${issued}) > 0 or count(*) filter (where ${paidInRange}) > 0`);

  const lines = rows
    .map((row) => ({
      client: row.clientName,
      count: row.count,
      revenueCents: parseCents(row.revenue)!,
      openCents: parseCents(row.open)!,
      averageDays: row.paidCount === 0 ? null : Math.round((row.paidDays / row.paidCount) * 10) / 10,
    }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.client.localeCompare(b.client, "nl"));
  const revenue = lines.reduce((sum, line) => sum + line.revenueCents, 0);
  const open = lines.reduce((sum, line) => sum + line.openCents, 0);
  const count = lines.reduce((sum, line) => sum + line.count, 0);
  const paidCount = rows.reduce((sum, row) => sum + row.paidCount, 0);
  const paidDays = rows.reduce((sum, row) => sum + row.paidDays, 0);
  const averageDays = paidCount === 0 ? null : Math.round((paidDays / paidCount) * 10) / 10;

  return {
    figures: [
      { label: "Omzet (excl. btw)", kind: "money", value: centsToDecimal(revenue) },
      { label: "Openstaand", kind: "money", value: centsToDecimal(open) },
      { label: "Gem. betaaltermijn (dagen)", kind: "number", value: averageDays },
    ],
    sections: [
      {
        title: "Per klant",
        columns: [
          { key: "client", label: "Klant", kind: "text" },
          { key: "count", label: "Facturen", kind: "number" },
          { key: "revenue", label: "Omzet (excl. btw)", kind: "money" },
          { key: "open", label: "Openstaand", kind: "money" },
          { key: "days", label: "Gem. dagen tot betaling", kind: "number" },
        ],
        rows: [
          ...lines.map((line) => ({
            cells: {
              client: line.client,
              count: line.count,
              revenue: centsToDecimal(line.revenueCents),
              open: centsToDecimal(line.openCents),
              days: line.averageDays,
            },
          })),
          {
            cells: {
              client: "Totaal",
              count,
              revenue: centsToDecimal(revenue),
              open: centsToDecimal(open),
              days: averageDays,
            },
            style: "total" as const,
          },
        ],
        emptyText: "Geen facturen in deze periode.",
      },
    ],
    notes: [
      "Omzet: verstuurde facturen en creditnota's met een factuurdatum in de periode, exclusief btw.",
      "Openstaand: wat van die facturen nog niet is betaald, inclusief btw.",
      "Gemiddelde dagen tot betaling: van factuurdatum tot betaaldatum, over de facturen die in de periode zijn betaald.",
    ],
    links: [],
  };
}
