/**
 * Inkomstenbelasting: the figures of a year's aangifte for a sole proprietor, read-only. The profit is the
 * Winst & verlies report's (the ledger), the hours the Urenrapport's, so the three screens agree to the cent.
 */
import { computeIncomeTax } from "../../../shared/income-tax";
import { centsToDecimal } from "../../../shared/money";
import type { IncomeTaxOverview, IncomeTaxQuery } from "../../../shared/schemas/reports";
import { hoursCriterionProgress } from "../../../shared/time-tracking/hours-criterion";
import type { Database } from "../../db/client";
import { profitAndLoss } from "../ledger/queries";
import { minutesInYearUntil } from "./hours";

export async function incomeTaxOverview(
  db: Database,
  userId: string,
  { year, starter }: IncomeTaxQuery,
): Promise<IncomeTaxOverview> {
  const lastDay = `${year}-12-31`;
  const [pnl, bookedMinutes] = await Promise.all([
    profitAndLoss(db, userId, { from: `${year}-01-01`, to: lastDay }),
    minutesInYearUntil(db, userId, lastDay),
  ]);
  // The whole calendar year counts (domain.md §8), so the criterion is judged as on its last day.
  const criterion = hoursCriterionProgress(bookedMinutes, lastDay);
  const figures = computeIncomeTax({
    year,
    profitCents: pnl.netProfitCents,
    isHoursCriterionMet: criterion.isReached,
    isStarter: starter,
  });
  return {
    year,
    ratesYear: figures.rates.year,
    hasBookings: pnl.revenue.length > 0 || pnl.expenses.length > 0,
    hoursCriterion: {
      bookedMinutes: criterion.bookedMinutes,
      goalMinutes: criterion.goalMinutes,
      isMet: criterion.isReached,
    },
    isStarter: starter,
    profit: centsToDecimal(figures.profitCents),
    selfEmployedDeductionAmount: centsToDecimal(figures.rates.selfEmployedDeductionCents),
    starterDeductionAmount: centsToDecimal(figures.rates.starterDeductionCents),
    selfEmployedDeduction: centsToDecimal(figures.selfEmployedDeductionCents),
    selfEmployedCarryForward: centsToDecimal(figures.selfEmployedCarryForwardCents),
    starterDeduction: centsToDecimal(figures.starterDeductionCents),
    profitAfterDeduction: centsToDecimal(figures.profitAfterDeductionCents),
    smeExemptionRate: centsToDecimal(figures.rates.smeExemptionRate),
    smeExemption: centsToDecimal(figures.smeExemptionCents),
    taxableProfit: centsToDecimal(figures.taxableProfitCents),
  };
}
