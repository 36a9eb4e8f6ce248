import { describe, expect, it } from "vitest";
import { KIA_TABLES, kiaDeduction, kiaForYear, kiaTableFor } from "./kia";

describe("every year's KIA table", () => {
  // The published ceiling is where the phase-out reaches nothing: a typo in any of the four amounts shows here.
  it.each(KIA_TABLES.map((table) => [table.year, table] as const))(
    "%i: the fixed amount is 28%% of the first bracket and runs out at the ceiling",
    (_year, table) => {
      expect(
        Math.abs(table.fixedCents - Math.round((table.rateUpToCents * table.rate) / 10_000)),
      ).toBeLessThan(100);
      const justBelow = kiaDeduction(table.ceilingCents, table);
      expect(justBelow).toBeGreaterThanOrEqual(0);
      expect(justBelow).toBeLessThan(2_000);
      expect(kiaDeduction(table.ceilingCents + 100, table)).toBe(0);
    },
  );
});

describe("the KIA table of 2026", () => {
  const table = kiaTableFor(2026);

  it.each([
    [290_000, 0],
    // 28% of € 2.901.
    [290_100, 81_228],
    [1_000_000, 280_000],
    // 28% of € 71.683 = € 20.071,24.
    [7_168_300, 2_007_124],
    [7_168_400, 2_007_200],
    [13_274_600, 2_007_200],
    // € 20.072 − 7,56% of (€ 200.000 − € 132.746) = € 20.072 − € 5.084,40.
    [20_000_000, 1_498_760],
    // At the ceiling almost nothing is left; above it nothing.
    [39_823_600, 96],
    [39_823_700, 0],
  ])("a total of %i cents gives %i cents", (totalCents, deductionCents) => {
    expect(kiaDeduction(totalCents, table)).toBe(deductionCents);
  });

  it("uses the nearest year's table outside 2024–2026", () => {
    expect(kiaTableFor(2027).year).toBe(2026);
    expect(kiaTableFor(2020).year).toBe(2024);
    expect(kiaTableFor(2025).ceilingCents).toBe(39_223_000);
  });
});

describe("the KIA of a year from the register", () => {
  const assets = [
    { purchaseDate: "2026-03-15", costCents: 150_000 },
    { purchaseDate: "2026-06-01", costCents: 160_000 },
    // Under € 450: does not count.
    { purchaseDate: "2026-07-01", costCents: 44_999 },
    // Another year.
    { purchaseDate: "2025-12-31", costCents: 300_000 },
  ];

  it("counts the year's assets of at least € 450 each", () => {
    expect(kiaForYear(assets, 2026)).toMatchObject({
      year: 2026,
      qualifyingCount: 2,
      qualifyingTotalCents: 310_000,
      isApplicable: true,
      deductionCents: 86_800,
    });
  });

  it("gives nothing up to € 2.900", () => {
    expect(kiaForYear(assets.slice(0, 1), 2026)).toMatchObject({
      qualifyingTotalCents: 150_000,
      isApplicable: false,
      deductionCents: 0,
    });
    expect(kiaForYear(assets, 2025)).toMatchObject({ qualifyingTotalCents: 300_000, isApplicable: true });
  });
});
