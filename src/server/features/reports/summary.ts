import { centsToDecimal } from "../../../shared/money";
import type { DateRange } from "../../../shared/periods";
import type { ReportSummary } from "../../../shared/schemas/reports";
import type { Database } from "../../db/client";
import { profitAndLoss } from "../ledger/queries";
import { cashflowPerMonth } from "../ledger/queries";
import { hoursPerProject, hoursTotals } from "./hours";

/** The three summary cards of spec §2.17 for a period: the same figures as the reports behind them. */
export async function reportSummary(db: Database, userId: string, range: DateRange): Promise<ReportSummary> {
  const [pnl, months, groups] = await Promise.all([
    profitAndLoss(db, userId, range),
    cashflowPerMonth(db, userId, range),
    hoursPerProject(db, userId, range),
  ]);
  const inCents = months.reduce((sum, month) => sum + month.inCents, 0);
  const outCents = months.reduce((sum, month) => sum + month.outCents, 0);
  const hours = hoursTotals(groups);
  return {
    from: range.from,
    to: range.to,
    profitAndLoss: {
      revenue: centsToDecimal(pnl.totalRevenueCents),
      expenses: centsToDecimal(pnl.totalExpensesCents),
      netProfit: centsToDecimal(pnl.netProfitCents),
    },
    cashflow: {
      in: centsToDecimal(inCents),
      out: centsToDecimal(outCents),
      net: centsToDecimal(inCents - outCents),
    },
    hours: {
      billableMinutes: hours.billableMinutes,
      totalMinutes: hours.totalMinutes,
      averageRate: hours.averageRateCents === null ? null : centsToDecimal(hours.averageRateCents),
      billableAmount: centsToDecimal(hours.billableCents),
    },
  };
}
