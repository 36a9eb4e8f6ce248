import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DashboardMetrics } from "@shared/schemas/dashboard";

const euro = new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" });
const compactEuro = new Intl.NumberFormat("nl-NL", {
  style: "currency",
  currency: "EUR",
  notation: "compact",
  maximumFractionDigits: 1,
});

const REVENUE_COLOUR = "oklch(0.44 0.09 234)"; // brand-700
const EXPENSES_COLOUR = "oklch(0.8 0.085 226)"; // brand-300

/**
 * Omzet against uitgaven per month, from the ledger. The same figures are in a table for screen readers (the
 * chart itself is hidden from them).
 */
export function RevenueChart({ data }: { data: DashboardMetrics["chart"] }) {
  return (
    <>
      <div className="h-72 w-full" aria-hidden data-testid="revenue-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="oklch(0.929 0.013 255.508)" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
            <YAxis
              tickLine={false}
              axisLine={false}
              fontSize={12}
              width={64}
              tickFormatter={(value: number) => compactEuro.format(value)}
            />
            <Tooltip
              formatter={(value) => euro.format(Number(value))}
              cursor={{ fill: "oklch(0.968 0.007 247.896)" }}
            />
            <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="omzet"
              name="Omzet"
              fill={REVENUE_COLOUR}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="uitgaven"
              name="Uitgaven"
              fill={EXPENSES_COLOUR}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only" data-testid="revenue-chart-data">
        <caption>Omzet en uitgaven per maand</caption>
        <thead>
          <tr>
            <th scope="col">Maand</th>
            <th scope="col">Omzet</th>
            <th scope="col">Uitgaven</th>
          </tr>
        </thead>
        <tbody>
          {data.map((month) => (
            <tr key={month.month}>
              <th scope="row">{month.label}</th>
              <td>{euro.format(month.omzet)}</td>
              <td>{euro.format(month.uitgaven)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
