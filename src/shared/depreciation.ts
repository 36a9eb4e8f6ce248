/**
 * Straight-line depreciation (lineaire afschrijving) of an asset in the register, and what its disposal books.
 * Money in cents; dates "YYYY-MM-DD".
 *
 * Conventions:
 * 1. The month of purchase counts in full, whatever the day of purchase; the useful life runs from it.
 * 2. Each month takes (cost − residual value) / life rounded down to the cent; the last month of the life
 *    takes what is left, so the months add up to cost − residual value exactly.
 * 3. A month counts while the asset is in use on its last day: after a disposal nothing is depreciated, and the
 *    month of disposal counts only when the asset goes on that month's last day.
 * 4. Monthly: one booking at the end of each month. Yearly: the months of a calendar year summed, booked on
 *    31 December, or on the disposal date in the year of disposal.
 * 5. A disposal writes the asset off on its date: Inventaris is credited with the cost, the accumulated
 *    depreciation is debited, and the book value less the proceeds goes to the result on disposal (a loss is a
 *    debit, a gain a credit). The proceeds themselves come in through the user's own booking of the sale on a
 *    category that books on Inventaris (as the purchase did): the disposal debits Inventaris with them, so
 *    Inventaris ends at zero and every euro of the sale is in the books once.
 */
import { longMonthLabel, monthEnd } from "./periods";
import type { Cents } from "./money";

export const DEPRECIATION_FREQUENCIES = ["monthly", "yearly"] as const;
export type DepreciationFrequency = (typeof DEPRECIATION_FREQUENCIES)[number];

export type AssetTerms = {
  purchaseDate: string;
  costCents: Cents;
  residualValueCents: Cents;
  usefulLifeMonths: number;
  frequency: DepreciationFrequency;
  disposalDate: string | null;
  /** The proceeds of the sale excluding VAT; 0 (or null) when scrapped. */
  disposalAmountCents: Cents | null;
};

/** One booking of depreciation: the period's months summed, on the period's date. */
export type DepreciationPeriod = {
  date: string;
  /** "maart 2026" for a month, "2026" for a year. */
  label: string;
  months: number;
  amountCents: Cents;
};

/** The system accounts (chart.ts keys) the asset's entries book on. */
export type AssetAccount =
  "fixed_assets" | "accumulated_depreciation" | "depreciation" | "asset_disposal_result";

export type AssetLine = {
  account: AssetAccount;
  /** Debit positive, credit negative. */
  amountCents: Cents;
  kind: "depreciation" | "cost" | "accumulated" | "proceeds" | "result";
};

/** The lines of one date: a depreciation period, the disposal, or both when they fall on the same day. */
export type AssetEntry = { date: string; label: string | null; isDisposal: boolean; lines: AssetLine[] };

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthOfIndex = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
const lastDayOfIndex = (index: number) => monthEnd(`${monthOfIndex(index)}-01`);

/** What each month of the life takes, in order: the same amount, the last month the remainder. */
export function monthlyAmounts(
  terms: Pick<AssetTerms, "costCents" | "residualValueCents" | "usefulLifeMonths">,
) {
  const total = terms.costCents - terms.residualValueCents;
  const months = terms.usefulLifeMonths;
  if (total <= 0 || months < 1) return [];
  const each = Math.floor(total / months);
  const amounts = Array.from({ length: months }, () => each);
  amounts[months - 1] = total - each * (months - 1);
  return amounts;
}

/** The months that count (convention 3), each with its last day and amount. */
function countedMonths(terms: AssetTerms): Array<{ date: string; amountCents: Cents }> {
  const first = monthIndex(terms.purchaseDate);
  return monthlyAmounts(terms)
    .map((amountCents, offset) => ({ date: lastDayOfIndex(first + offset), amountCents }))
    .filter((month) => terms.disposalDate === null || month.date <= terms.disposalDate);
}

/** Every depreciation booking of the asset over its life (or until its disposal), with an amount. */
export function depreciationSchedule(terms: AssetTerms): DepreciationPeriod[] {
  const months = countedMonths(terms);
  if (terms.frequency === "monthly") {
    return months
      .filter((month) => month.amountCents !== 0)
      .map((month) => ({
        date: month.date,
        label: longMonthLabel(month.date.slice(0, 7)),
        months: 1,
        amountCents: month.amountCents,
      }));
  }
  const years = new Map<string, DepreciationPeriod>();
  for (const month of months) {
    const year = month.date.slice(0, 4);
    const date =
      terms.disposalDate !== null && terms.disposalDate.startsWith(year)
        ? terms.disposalDate
        : `${year}-12-31`;
    const period = years.get(year) ?? { date, label: year, months: 0, amountCents: 0 };
    period.months += 1;
    period.amountCents += month.amountCents;
    years.set(year, period);
  }
  return [...years.values()].filter((period) => period.amountCents !== 0);
}

/** The disposal's figures: the depreciation up to it, the book value and the result (positive: a loss). */
export function disposalFigures(terms: AssetTerms): {
  accumulatedCents: Cents;
  bookValueCents: Cents;
  proceedsCents: Cents;
  resultCents: Cents;
} | null {
  if (terms.disposalDate === null) return null;
  const accumulatedCents = depreciationSchedule(terms).reduce((sum, period) => sum + period.amountCents, 0);
  const bookValueCents = terms.costCents - accumulatedCents;
  const proceedsCents = terms.disposalAmountCents ?? 0;
  return { accumulatedCents, bookValueCents, proceedsCents, resultCents: bookValueCents - proceedsCents };
}

/**
 * The journal entries of the asset dated up to and including `until` (today: nothing is booked ahead), one per
 * date, each balanced: Afschrijvingskosten / Cumulatieve afschrijving per period, and the disposal.
 */
export function assetEntries(terms: AssetTerms, until: string): AssetEntry[] {
  const byDate = new Map<string, AssetEntry>();
  const entryOn = (date: string) => {
    const entry = byDate.get(date) ?? { date, label: null, isDisposal: false, lines: [] };
    byDate.set(date, entry);
    return entry;
  };
  for (const period of depreciationSchedule(terms)) {
    if (period.date > until) break;
    const entry = entryOn(period.date);
    entry.label = period.label;
    entry.lines.push(
      { account: "depreciation", amountCents: period.amountCents, kind: "depreciation" },
      { account: "accumulated_depreciation", amountCents: -period.amountCents, kind: "depreciation" },
    );
  }
  const disposal = disposalFigures(terms);
  if (disposal && terms.disposalDate! <= until) {
    const entry = entryOn(terms.disposalDate!);
    entry.isDisposal = true;
    const lines: AssetLine[] = [
      { account: "fixed_assets", amountCents: -terms.costCents, kind: "cost" },
      { account: "accumulated_depreciation", amountCents: disposal.accumulatedCents, kind: "accumulated" },
      { account: "fixed_assets", amountCents: disposal.proceedsCents, kind: "proceeds" },
      { account: "asset_disposal_result", amountCents: disposal.resultCents, kind: "result" },
    ];
    entry.lines.push(...lines.filter((line) => line.amountCents !== 0));
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export const ASSET_STATES = ["active", "depreciated", "disposed"] as const;
export type AssetState = (typeof ASSET_STATES)[number];

/** Where the asset stands on a day: what has been depreciated, its book value and its state. */
export function assetPosition(
  terms: AssetTerms,
  today: string,
): { depreciatedCents: Cents; bookValueCents: Cents; monthlyCents: Cents; state: AssetState } {
  const depreciatedCents = depreciationSchedule(terms)
    .filter((period) => period.date <= today)
    .reduce((sum, period) => sum + period.amountCents, 0);
  const monthlyCents = monthlyAmounts(terms)[0] ?? 0;
  if (terms.disposalDate !== null && terms.disposalDate <= today) {
    return { depreciatedCents, bookValueCents: 0, monthlyCents, state: "disposed" };
  }
  const bookValueCents = terms.costCents - depreciatedCents;
  const isDone = bookValueCents === terms.residualValueCents;
  return { depreciatedCents, bookValueCents, monthlyCents, state: isDone ? "depreciated" : "active" };
}
