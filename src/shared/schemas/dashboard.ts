import { DASHBOARD_PERIODS } from "../periods";
import { z } from "../validation";

/** GET /api/dashboard/metrics?period=6months|quarter|year (default 6months, spec §2.11). */
export const DashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: "Kies 6 maanden, kwartaal of jaar" }).default("6months"),
});

const change = {
  /** The same figure for the previous period, to compare with. */
  previous: z.string(),
  /** Percentage change, one decimal; null when the previous figure is zero. */
  changePercent: z.number().nullable(),
};

export const DashboardMetricsSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  from: z.string(),
  to: z.string(),
  // Spec §7: the four fields, now from the books for the chosen period (billable hours: this month).
  totalRevenue: z.string(),
  totalExpenses: z.string(),
  netProfit: z.string(),
  billableHours: z.number(),
  /** 'Te ontvangen': sent and overdue sales invoices, against the open amount at the end of last month. */
  receivables: z.object({ amount: z.string(), count: z.number(), ...change }),
  /** 'Te betalen': the open amounts of the booked purchase invoices. */
  payables: z.object({ amount: z.string(), count: z.number() }),
  /** The VAT card: 5g of this quarter's return, against last quarter's. */
  vat: z.object({ amount: z.string(), label: z.string(), previousLabel: z.string(), ...change }),
  /** 'Gefactureerde uren': billable hours this month, against last month. */
  hours: z.object({ hours: z.number(), previousHours: z.number(), changePercent: z.number().nullable() }),
  chart: z.array(z.object({ month: z.string(), label: z.string(), omzet: z.number(), uitgaven: z.number() })),
  accounts: z.array(
    z.object({ id: z.string(), name: z.string(), iban: z.string().nullable(), balance: z.string() }),
  ),
  accountsTotal: z.string(),
  /** Bank statement lines still to handle ('Af te handelen'). */
  bankLinesToHandle: z.number(),
  recentTransactions: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      description: z.string(),
      type: z.enum(["income", "expense"]),
      amountIncludingVat: z.string(),
      clientName: z.string().nullable(),
    }),
  ),
  /** Nothing booked yet: no transactions, invoices or hours. */
  isEmpty: z.boolean(),
});
export type DashboardMetrics = z.infer<typeof DashboardMetricsSchema>;
