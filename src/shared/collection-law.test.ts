import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import {
  collectionCosts,
  daysBetweenInclusive,
  MAX_COLLECTION_COSTS_CENTS,
  MIN_COLLECTION_COSTS_CENTS,
  statutoryInterest,
  statutoryRateOn,
  STATUTORY_INTEREST_RATES,
  veertiendagenDeadline,
} from "./collection-law";

describe("the collection costs of the Besluit (Stb. 2012, 141)", () => {
  it.each([
    // 15% of € 200 is € 30: the minimum of € 40 applies.
    [20_000, 4_000],
    // 15% of € 266,67 = € 40,0005 -> € 40,00; just above it the percentage takes over.
    [26_700, 4_005],
    [100_000, 15_000],
    // The whole first band: 15% of € 2.500.
    [250_000, 37_500],
    // € 375 + 10% of € 500.
    [300_000, 42_500],
    // € 375 + € 250 + 5% of € 5.000.
    [1_000_000, 87_500],
    // € 875 + 1% of € 190.000.
    [20_000_000, 277_500],
    // € 2.775 + 0,5% of € 800.000 reaches the maximum exactly.
    [100_000_000, 677_500],
    [500_000_000, 677_500],
    // Rounded half up per band: 15% of € 0,01 on top of a round amount.
    [123_457, 18_519],
    [0, 0],
  ])("%i cents open -> %i cents", (principal, costs) => {
    expect(collectionCosts(principal)).toBe(costs);
  });

  it("never falls below € 40 or rises above € 6.775, and never drops as the principal grows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (a, extra) => {
          const costs = collectionCosts(a);
          expect(costs).toBeGreaterThanOrEqual(MIN_COLLECTION_COSTS_CENTS);
          expect(costs).toBeLessThanOrEqual(MAX_COLLECTION_COSTS_CENTS);
          expect(collectionCosts(a + extra)).toBeGreaterThanOrEqual(costs);
        },
      ),
    );
  });

  it("is 15% of a principal between € 266,67 and € 2.500 (rounded half up)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 26_667, max: 250_000 }), (principal) => {
        expect(collectionCosts(principal)).toBe(Math.floor((principal * 15 + 50) / 100));
      }),
    );
  });
});

describe("the statutory interest per day", () => {
  it("has its rates in date order, each from a real date", () => {
    for (const rates of Object.values(STATUTORY_INTEREST_RATES)) {
      const dates = rates.map((rate) => rate.from);
      expect([...dates].sort()).toEqual(dates);
    }
    expect(statutoryRateOn("commercial", "2024-06-30")).toBe(1250);
    expect(statutoryRateOn("commercial", "2024-07-01")).toBe(1225);
    expect(statutoryRateOn("consumer", "2025-03-01")).toBe(600);
  });

  it.each([
    // € 1.000 open for 60 days in 2025 at 11,15%: 100000 × 0,1115 × 60 / 365 = 1832,88 cents.
    ["commercial", 100_000, "2025-03-01", "2025-04-29", 1_833],
    // The same at the consumer rate of 6%: 986,30 cents.
    ["consumer", 100_000, "2025-03-01", "2025-04-29", 986],
    // Across the rate change and a leap year's end: 30 days at 12,25%/366 (1004,10) + 30 days at 11,15%/365 (916,44).
    ["commercial", 100_000, "2024-12-02", "2025-01-30", 1_921],
    // One day.
    ["commercial", 100_000, "2025-03-01", "2025-03-01", 31],
    // Nothing when the period has not begun.
    ["commercial", 100_000, "2025-03-02", "2025-03-01", 0],
  ] as const)("%s: %i cents from %s to %s -> %i cents", (kind, open, from, to, cents) => {
    expect(statutoryInterest(open, from, to, kind).cents).toBe(cents);
  });

  it("adds each year's interest to the principal (art. 6:119 lid 2 BW)", () => {
    // € 10.000, consumer, 1-7-2023 to 30-6-2025. Year 1: 184 days at 6%/365 + 182 days at 7%/366 = € 650,55.
    // Year 2 over € 10.650,55: 184 days at 7%/366 + 181 days at 6%/365 = € 691,70.
    const { cents, periods } = statutoryInterest(1_000_000, "2023-07-01", "2025-06-30", "consumer");
    expect(cents).toBe(65_055 + 69_170);
    expect(
      periods.map((period) => [period.from, period.to, period.basisPoints, period.principalCents]),
    ).toEqual([
      ["2023-07-01", "2023-12-31", 600, 1_000_000],
      ["2024-01-01", "2024-06-30", 700, 1_000_000],
      ["2024-07-01", "2024-12-31", 700, 1_065_055],
      ["2025-01-01", "2025-06-30", 600, 1_065_055],
    ]);
  });

  it("within one year grows with every day and is proportional to the open amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 363 }),
        fc.constantFrom("commercial" as const, "consumer" as const),
        fc.date({ min: new Date("2016-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }),
        (open, days, kind, start) => {
          const from = start.toISOString().slice(0, 10);
          const shorter = statutoryInterest(open, from, addDays(from, days), kind).cents;
          const longer = statutoryInterest(open, from, addDays(from, days + 1), kind).cents;
          expect(longer).toBeGreaterThanOrEqual(shorter);
          // Twice the amount: twice the exact interest, so the rounded figure differs by at most a cent.
          const doubled = statutoryInterest(open * 2, from, addDays(from, days), kind).cents;
          expect(Math.abs(doubled - 2 * shorter)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("over a year at one rate is the yearly rate of the principal", () => {
    // 2016-01-01..2016-12-31: 366 days of 1/366 at 8%.
    expect(statutoryInterest(1_000_000, "2016-01-01", "2016-12-31", "commercial").cents).toBe(80_000);
    expect(daysBetweenInclusive("2016-01-01", "2016-12-31")).toBe(366);
  });
});

describe("the veertiendagenbrief (art. 6:96 lid 6 BW)", () => {
  it("gives 14 days from the day after receipt, receipt the day after sending", () => {
    // Sent 1 March, received 2 March, the 14 days run 3 up to and including 16 March.
    expect(veertiendagenDeadline("2026-03-01")).toBe("2026-03-16");
  });
});
