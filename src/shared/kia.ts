/**
 * Kleinschaligheidsinvesteringsaftrek (KIA, Wet IB 2001 art. 3.41): an extra deduction from the profit for the
 * year's investments in business assets of at least € 450 each, by the table of the year.
 * Money in cents; percentages in hundredths of a percent (28% -> 2800), as `percentOf` takes them.
 */
import { percentOf, type Cents } from "./money";

export interface KiaTable {
  year: number;
  /** An asset counts from this amount (excluding VAT). */
  minimumAssetCents: Cents;
  /** No deduction up to and including this total. */
  thresholdCents: Cents;
  /** Up to and including this total: the rate of the total. */
  rateUpToCents: Cents;
  rate: number;
  /** Above `rateUpToCents`: this fixed amount… */
  fixedCents: Cents;
  /** …less `phaseOutRate` of what the total exceeds this amount by… */
  phaseOutFromCents: Cents;
  phaseOutRate: number;
  /** …and nothing above this total. */
  ceilingCents: Cents;
}

/**
 * Source: Belastingdienst, "Kleinschaligheidsinvesteringsaftrek (KIA)", the table "Bedrag aan investeringen /
 * Kleinschaligheidsinvesteringsaftrek" of each year (as published for 2024, 2025 and 2026). The fixed amount is
 * 28% of the end of the first bracket; it runs out at the ceiling. Oldest first; add a year once published.
 * Some sites give € 392.230 as the 2026 ceiling: that is 2025's.
 */
export const KIA_TABLES: readonly KiaTable[] = [
  {
    year: 2024,
    minimumAssetCents: 45_000,
    thresholdCents: 280_000,
    rateUpToCents: 6_976_500,
    rate: 2800,
    fixedCents: 1_953_500,
    phaseOutFromCents: 12_919_400,
    phaseOutRate: 756,
    ceilingCents: 38_758_000,
  },
  {
    year: 2025,
    minimumAssetCents: 45_000,
    thresholdCents: 290_000,
    rateUpToCents: 7_060_200,
    rate: 2800,
    fixedCents: 1_976_900,
    phaseOutFromCents: 13_074_400,
    phaseOutRate: 756,
    ceilingCents: 39_223_000,
  },
  {
    year: 2026,
    minimumAssetCents: 45_000,
    thresholdCents: 290_000,
    rateUpToCents: 7_168_300,
    rate: 2800,
    fixedCents: 2_007_200,
    phaseOutFromCents: 13_274_600,
    phaseOutRate: 756,
    ceilingCents: 39_823_600,
  },
];

/** The year's table, or the nearest year's (the screen says which year's amounts it uses). */
export function kiaTableFor(year: number): KiaTable {
  const first = KIA_TABLES[0]!;
  const last = KIA_TABLES.at(-1)!;
  if (year <= first.year) return first;
  if (year >= last.year) return last;
  return KIA_TABLES.find((table) => table.year === year)!;
}

/** The deduction for a year's total of qualifying investments. */
export function kiaDeduction(totalCents: Cents, table: KiaTable): Cents {
  if (totalCents <= table.thresholdCents || totalCents > table.ceilingCents) return 0;
  if (totalCents <= table.rateUpToCents) return percentOf(totalCents, table.rate);
  if (totalCents <= table.phaseOutFromCents) return table.fixedCents;
  return Math.max(0, table.fixedCents - percentOf(totalCents - table.phaseOutFromCents, table.phaseOutRate));
}

export interface KiaSummary {
  year: number;
  table: KiaTable;
  /** The assets bought in the year that count (at least the minimum each). */
  qualifyingCount: number;
  qualifyingTotalCents: Cents;
  /** The total lies in the table's range: there is a deduction. */
  isApplicable: boolean;
  deductionCents: Cents;
}

/** The KIA of a year from the register: the assets bought in it of at least the minimum each. */
export function kiaForYear(
  assets: ReadonlyArray<{ purchaseDate: string; costCents: Cents }>,
  year: number,
): KiaSummary {
  const table = kiaTableFor(year);
  const qualifying = assets.filter(
    (asset) => asset.purchaseDate.startsWith(`${year}-`) && asset.costCents >= table.minimumAssetCents,
  );
  const qualifyingTotalCents = qualifying.reduce((sum, asset) => sum + asset.costCents, 0);
  const deductionCents = kiaDeduction(qualifyingTotalCents, table);
  return {
    year,
    table,
    qualifyingCount: qualifying.length,
    qualifyingTotalCents,
    isApplicable: qualifyingTotalCents > table.thresholdCents && qualifyingTotalCents <= table.ceilingCents,
    deductionCents,
  };
}
