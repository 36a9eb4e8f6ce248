/**
 * The figures of the aangifte inkomstenbelasting for a sole proprietor (eenmanszaak): from the year's profit
 * to the belastbare winst uit onderneming, through the ondernemersaftrek and the MKB-winstvrijstelling.
 * Money in cents; percentages in hundredths of a percent (12,70% -> 1270), as `percentOf` takes them.
 */
import { formatAmount } from "./format";
import { percentOf, type Cents } from "./money";

export interface IncomeTaxRates {
  year: number;
  /** Zelfstandigenaftrek, when the urencriterium is met (Wet IB 2001 art. 3.76). */
  selfEmployedDeductionCents: Cents;
  /** Startersaftrek, on top of the zelfstandigenaftrek (art. 3.76 lid 4). */
  starterDeductionCents: Cents;
  /** MKB-winstvrijstelling, of the profit after the ondernemersaftrek (art. 3.79a). */
  smeExemptionRate: number;
}

/**
 * Source: Belastingdienst, "Zelfstandigenaftrek", "Startersaftrek" and "Mkb-winstvrijstelling" per year
 * (domain.md §8 has the same zelfstandigenaftrek). Oldest first; add a year once the Belastingdienst
 * publishes it.
 */
export const INCOME_TAX_RATES: readonly IncomeTaxRates[] = [
  { year: 2024, selfEmployedDeductionCents: 375_000, starterDeductionCents: 212_300, smeExemptionRate: 1331 },
  { year: 2025, selfEmployedDeductionCents: 247_000, starterDeductionCents: 212_300, smeExemptionRate: 1270 },
  { year: 2026, selfEmployedDeductionCents: 120_000, starterDeductionCents: 212_300, smeExemptionRate: 1270 },
];

/** The year's amounts, or those of the nearest year in the table (the screen says which year that is). */
export function incomeTaxRatesFor(year: number): IncomeTaxRates {
  const first = INCOME_TAX_RATES[0]!;
  const last = INCOME_TAX_RATES.at(-1)!;
  if (year <= first.year) return first;
  if (year >= last.year) return last;
  return INCOME_TAX_RATES.find((rates) => rates.year === year)!;
}

/** 1270 -> "12,70%". */
export const formatTaxRate = (rateHundredths: number) => `${formatAmount(rateHundredths)}%`;

export interface IncomeTaxInput {
  year: number;
  /** Winst uit onderneming: revenue minus costs of the year from the books. */
  profitCents: Cents;
  isHoursCriterionMet: boolean;
  /** The user's own answer: Balans does not know the years before the administration. */
  isStarter: boolean;
}

export interface IncomeTaxFigures {
  rates: IncomeTaxRates;
  profitCents: Cents;
  /** The zelfstandigenaftrek deducted this year. */
  selfEmployedDeductionCents: Cents;
  /** The part of the zelfstandigenaftrek the profit could not take: it may be set off in the next 9 years. */
  selfEmployedCarryForwardCents: Cents;
  starterDeductionCents: Cents;
  /** Ondernemersaftrek: zelfstandigenaftrek plus startersaftrek. */
  entrepreneurDeductionCents: Cents;
  profitAfterDeductionCents: Cents;
  smeExemptionCents: Cents;
  /** Belastbare winst uit onderneming; negative is a loss. */
  taxableProfitCents: Cents;
}

export function computeIncomeTax(input: IncomeTaxInput): IncomeTaxFigures {
  const rates = incomeTaxRatesFor(input.year);
  const fullSelfEmployed = input.isHoursCriterionMet ? rates.selfEmployedDeductionCents : 0;
  const isStarterApplied = input.isHoursCriterionMet && input.isStarter;
  // Art. 3.76 lid 3: the zelfstandigenaftrek takes the profit at most down to zero, except for a starter.
  const selfEmployed = isStarterApplied
    ? fullSelfEmployed
    : Math.min(fullSelfEmployed, Math.max(0, input.profitCents));
  const starter = isStarterApplied ? rates.starterDeductionCents : 0;
  const entrepreneurDeduction = selfEmployed + starter;
  const profitAfterDeduction = input.profitCents - entrepreneurDeduction;
  // A loss is lowered by the exemption as well, so the same percentage applies to either sign.
  const smeExemption = percentOf(profitAfterDeduction, rates.smeExemptionRate);
  return {
    rates,
    profitCents: input.profitCents,
    selfEmployedDeductionCents: selfEmployed,
    selfEmployedCarryForwardCents: fullSelfEmployed - selfEmployed,
    starterDeductionCents: starter,
    entrepreneurDeductionCents: entrepreneurDeduction,
    profitAfterDeductionCents: profitAfterDeduction,
    smeExemptionCents: smeExemption,
    taxableProfitCents: profitAfterDeduction - smeExemption,
  };
}
