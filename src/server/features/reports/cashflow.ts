/**
 * Cashflow: the money that went over the bank per month (from the books, VAT included), and a forecast
 * of the coming three months from what is known to come: open sales and purchase invoices by their due date
 * and the occurrences of active recurring transactions that have not been booked yet.
 */
import { businessDate } from "../../../shared/dates";
import { centsToDecimal } from "../../../shared/money";
import { addMonthsToMonth, longMonthLabel, monthEnd, type DateRange } from "../../../shared/periods";
import type { ReportDocument, ReportRow } from "../../../shared/schemas/reports";
import type { Database } from "../../db/client";
import { listOpenInvoicesDueBy } from "../invoices/service";
import { cashflowPerMonth, type MonthlyCashflow } from "../ledger/queries";
import { openPurchaseInvoices } from "../purchase-invoices/records";
import { listUpcomingOccurrences } from "../transactions/recurring";

const FORECAST_MONTHS = 3;

/**
 * The next three months from today (this month first): open invoices fall in the month of their due date, an
 * overdue one in this month; recurring transactions in the months of their next occurrences.
 */
export async function cashflowForecast(
  db: Database,
  userId: string,
  today: string,
): Promise<MonthlyCashflow[]> {
  const firstMonth = today.slice(0, 7);
  const months = Array.from({ length: FORECAST_MONTHS }, (_, index) => addMonthsToMonth(firstMonth, index));
  const lastDay = monthEnd(`${months.at(-1)!}-01`);
  const forecast = new Map(months.map((month) => [month, { month, inCents: 0, outCents: 0 }]));

  const [open, upcoming, toPay] = await Promise.all([
    listOpenInvoicesDueBy(db, userId, lastDay),
    listUpcomingOccurrences(db, userId, today, lastDay),
    openPurchaseInvoices(db, userId),
  ]);
  for (const purchase of toPay) {
    const due = purchase.dueDate ?? today;
    if (due > lastDay) continue;
    forecast.get(due < today ? firstMonth : due.slice(0, 7))!.outCents += purchase.openCents;
  }
  for (const invoice of open) {
    const month = invoice.dueDate < today ? firstMonth : invoice.dueDate.slice(0, 7);
    forecast.get(month)!.inCents += invoice.totalCents;
  }
  for (const occurrence of upcoming) {
    const entry = forecast.get(occurrence.date.slice(0, 7));
    if (!entry) continue;
    if (occurrence.type === "income") entry.inCents += occurrence.amountIncludingVatCents;
    else entry.outCents += occurrence.amountIncludingVatCents;
  }
  return months.map((month) => forecast.get(month)!);
}

export async function cashflowReport(
  db: Database,
  userId: string,
  range: DateRange,
  now: Date,
): Promise<Omit<ReportDocument, "report" | "title" | "from" | "to" | "periodLabel">> {
  const today = businessDate(now);
  const [actual, forecast] = await Promise.all([
    cashflowPerMonth(db, userId, range),
    cashflowForecast(db, userId, today),
  ]);
  const totalIn = actual.reduce((sum, month) => sum + month.inCents, 0);
  const totalOut = actual.reduce((sum, month) => sum + month.outCents, 0);
  const row = (entry: MonthlyCashflow, style?: ReportRow["style"]): ReportRow => ({
    cells: {
      month: longMonthLabel(entry.month),
      in: centsToDecimal(entry.inCents),
      out: centsToDecimal(entry.outCents),
      net: centsToDecimal(entry.inCents - entry.outCents),
    },
    ...(style ? { style } : {}),
  });
  const columns = [
    { key: "month", label: "Maand", kind: "text" as const },
    { key: "in", label: "In", kind: "money" as const },
    { key: "out", label: "Uit", kind: "money" as const },
    { key: "net", label: "Netto", kind: "money" as const },
  ];
  const forecastIn = forecast.reduce((sum, month) => sum + month.inCents, 0);
  const forecastOut = forecast.reduce((sum, month) => sum + month.outCents, 0);
  return {
    figures: [
      { label: "In", kind: "money", value: centsToDecimal(totalIn) },
      { label: "Uit", kind: "money", value: centsToDecimal(totalOut) },
      { label: "Netto", kind: "money", value: centsToDecimal(totalIn - totalOut) },
    ],
    sections: [
      {
        title: "Per maand",
        columns,
        rows: [
          ...actual.map((entry) => row(entry)),
          {
            cells: {
              month: "Totaal",
              in: centsToDecimal(totalIn),
              out: centsToDecimal(totalOut),
              net: centsToDecimal(totalIn - totalOut),
            },
            style: "total",
          },
        ],
      },
      {
        title: "Prognose komende 3 maanden",
        columns,
        rows: [
          ...forecast.map((entry) => row(entry, "forecast")),
          {
            cells: {
              month: "Totaal prognose",
              in: centsToDecimal(forecastIn),
              out: centsToDecimal(forecastOut),
              net: centsToDecimal(forecastIn - forecastOut),
            },
            style: "total",
          },
        ],
      },
    ],
    notes: [
      "In en uit: wat er volgens de boekhouding over de bank en de kas ging (voltooide transacties en betaalde facturen), inclusief btw.",
      "De prognose telt openstaande verkoopfacturen in de maand van hun vervaldatum (verlopen facturen in deze maand) en de nog niet geboekte herhalingen van terugkerende transacties.",
    ],
    links: [],
  };
}
