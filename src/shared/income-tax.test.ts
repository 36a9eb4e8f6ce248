import { describe, expect, it } from "vitest";
import { computeIncomeTax, formatTaxRate, incomeTaxRatesFor } from "./income-tax";

describe("incomeTaxRatesFor: the year's amounts, else the nearest known year's", () => {
  it.each([
    [2020, 2024, 375_000, 1331],
    [2024, 2024, 375_000, 1331],
    [2025, 2025, 247_000, 1270],
    [2026, 2026, 120_000, 1270],
    [2031, 2026, 120_000, 1270],
  ])("%i uses %i", (year, ratesYear, selfEmployed, rate) => {
    expect(incomeTaxRatesFor(year)).toEqual({
      year: ratesYear,
      selfEmployedDeductionCents: selfEmployed,
      starterDeductionCents: 212_300,
      smeExemptionRate: rate,
    });
  });

  it("writes the rate as people read it", () => {
    expect(formatTaxRate(1331)).toBe("13,31%");
    expect(formatTaxRate(1270)).toBe("12,70%");
  });
});

describe("computeIncomeTax (2026: zelfstandigenaftrek € 1.200, startersaftrek € 2.123, MKB 12,70%)", () => {
  // [profit, urencriterium met, starter] -> [zelfstandigenaftrek, carried forward, startersaftrek, MKB, belastbaar]
  it.each([
    [4_000_000, true, false, [120_000, 0, 0, 492_760, 3_387_240]],
    [4_000_000, true, true, [120_000, 0, 212_300, 465_798, 3_201_902]],
    [4_000_000, false, true, [0, 0, 0, 508_000, 3_492_000]],
    [80_000, true, false, [80_000, 40_000, 0, 0, 0]],
    [80_000, true, true, [120_000, 0, 212_300, -32_042, -220_258]],
    [-50_000, true, false, [0, 120_000, 0, -6_350, -43_650]],
    [0, false, false, [0, 0, 0, 0, 0]],
  ] as const)("profit %i, met %s, starter %s", (profit, isMet, isStarter, expected) => {
    const figures = computeIncomeTax({
      year: 2026,
      profitCents: profit,
      isHoursCriterionMet: isMet,
      isStarter,
    });
    expect([
      figures.selfEmployedDeductionCents,
      figures.selfEmployedCarryForwardCents,
      figures.starterDeductionCents,
      figures.smeExemptionCents,
      figures.taxableProfitCents,
    ]).toEqual(expected);
    expect(figures.entrepreneurDeductionCents).toBe(expected[0] + expected[2]);
  });
});
