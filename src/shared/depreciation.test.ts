import { describe, expect, it } from "vitest";
import {
  assetEntries,
  assetPosition,
  depreciationSchedule,
  disposalFigures,
  monthlyAmounts,
  type AssetTerms,
} from "./depreciation";

/** € 1.200 over 36 months, bought on 15 March 2026: € 33,33 a month, the last month € 33,45. */
const laptop: AssetTerms = {
  purchaseDate: "2026-03-15",
  costCents: 120_000,
  residualValueCents: 0,
  usefulLifeMonths: 36,
  frequency: "monthly",
  disposalDate: null,
  disposalAmountCents: null,
};

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);
const lineSum = (entry: { lines: ReadonlyArray<{ amountCents: number }> }) =>
  sum(entry.lines.map((line) => line.amountCents));

describe("monthly depreciation", () => {
  it("books € 33,33 at the end of each month from the month of purchase, the remainder in the last", () => {
    const schedule = depreciationSchedule(laptop);
    expect(schedule).toHaveLength(36);
    expect(schedule[0]).toEqual({ date: "2026-03-31", label: "maart 2026", months: 1, amountCents: 3333 });
    expect(schedule[1]).toMatchObject({ date: "2026-04-30", amountCents: 3333 });
    expect(schedule.slice(0, 35).every((period) => period.amountCents === 3333)).toBe(true);
    // 1.200,00 − 35 × 33,33 = 33,45.
    expect(schedule[35]).toEqual({
      date: "2029-02-28",
      label: "februari 2029",
      months: 1,
      amountCents: 3345,
    });
    expect(sum(schedule.map((period) => period.amountCents))).toBe(120_000);
  });

  it.each([
    [1_000, 0, 600],
    [99_999, 1, 37],
    [150_000, 30_000, 48],
    [1, 0, 12],
    [12_345_678, 345_678, 599],
  ])("adds up to cost − residual exactly (%i, %i, %i months)", (costCents, residualValueCents, months) => {
    const amounts = monthlyAmounts({ costCents, residualValueCents, usefulLifeMonths: months });
    expect(amounts).toHaveLength(months);
    expect(sum(amounts)).toBe(costCents - residualValueCents);
    // The same amount every month, the last one taking the (larger) remainder.
    expect(new Set(amounts.slice(0, -1)).size).toBeLessThanOrEqual(1);
    expect(amounts.at(-1)!).toBeGreaterThanOrEqual(amounts[0]!);
  });

  it("depreciates down to the residual value and then stops", () => {
    const desk: AssetTerms = {
      ...laptop,
      purchaseDate: "2026-01-10",
      costCents: 150_000,
      residualValueCents: 30_000,
      usefulLifeMonths: 48,
    };
    const schedule = depreciationSchedule(desk);
    expect(schedule.every((period) => period.amountCents === 2500)).toBe(true);
    expect(schedule.at(-1)!.date).toBe("2029-12-31");
    expect(assetPosition(desk, "2027-06-30")).toEqual({
      depreciatedCents: 45_000,
      bookValueCents: 105_000,
      monthlyCents: 2500,
      state: "active",
    });
    expect(assetPosition(desk, "2031-01-01")).toMatchObject({
      depreciatedCents: 120_000,
      bookValueCents: 30_000,
      state: "depreciated",
    });
  });

  it("books nothing ahead of the day: the entries up to today", () => {
    const entries = assetEntries(laptop, "2026-05-15");
    expect(entries.map((entry) => entry.date)).toEqual(["2026-03-31", "2026-04-30"]);
    expect(entries[0]!.lines).toEqual([
      { account: "depreciation", amountCents: 3333, kind: "depreciation" },
      { account: "accumulated_depreciation", amountCents: -3333, kind: "depreciation" },
    ]);
    expect(assetEntries(laptop, "2026-03-30")).toEqual([]);
  });
});

describe("yearly depreciation", () => {
  it("sums the months of each calendar year, booked on 31 December", () => {
    const schedule = depreciationSchedule({ ...laptop, frequency: "yearly" });
    expect(schedule).toEqual([
      { date: "2026-12-31", label: "2026", months: 10, amountCents: 33_330 },
      { date: "2027-12-31", label: "2027", months: 12, amountCents: 39_996 },
      { date: "2028-12-31", label: "2028", months: 12, amountCents: 39_996 },
      // January 33,33 and February the remainder 33,45.
      { date: "2029-12-31", label: "2029", months: 2, amountCents: 6_678 },
    ]);
  });

  it("books the year of disposal on the disposal date, with the disposal", () => {
    const sold: AssetTerms = {
      ...laptop,
      frequency: "yearly",
      disposalDate: "2027-09-10",
      disposalAmountCents: 50_000,
    };
    expect(depreciationSchedule(sold)).toEqual([
      { date: "2026-12-31", label: "2026", months: 10, amountCents: 33_330 },
      // January to August: September had not ended when the laptop went.
      { date: "2027-09-10", label: "2027", months: 8, amountCents: 26_664 },
    ]);
    const entries = assetEntries(sold, "2030-01-01");
    expect(entries.map((entry) => entry.date)).toEqual(["2026-12-31", "2027-09-10"]);
    expect(entries[1]!.isDisposal).toBe(true);
    expect(entries.map(lineSum)).toEqual([0, 0]);
  });
});

describe("disposal", () => {
  it("halfway with proceeds: the book value less the proceeds is the result on 4810", () => {
    const sold: AssetTerms = { ...laptop, disposalDate: "2027-09-10", disposalAmountCents: 50_000 };
    // March 2026 up to August 2027: 18 months of € 33,33.
    expect(depreciationSchedule(sold)).toHaveLength(18);
    expect(disposalFigures(sold)).toEqual({
      accumulatedCents: 59_994,
      bookValueCents: 60_006,
      proceedsCents: 50_000,
      resultCents: 10_006,
    });
    const disposal = assetEntries(sold, "2027-09-10").at(-1)!;
    expect(disposal).toEqual({
      date: "2027-09-10",
      label: null,
      isDisposal: true,
      lines: [
        { account: "fixed_assets", amountCents: -120_000, kind: "cost" },
        { account: "accumulated_depreciation", amountCents: 59_994, kind: "accumulated" },
        { account: "fixed_assets", amountCents: 50_000, kind: "proceeds" },
        { account: "asset_disposal_result", amountCents: 10_006, kind: "result" },
      ],
    });
    expect(lineSum(disposal)).toBe(0);
    // Nothing after the disposal, and the disposal only once its day has come.
    expect(assetEntries(sold, "2027-09-09").some((entry) => entry.isDisposal)).toBe(false);
    expect(assetPosition(sold, "2028-01-01")).toMatchObject({
      depreciatedCents: 59_994,
      bookValueCents: 0,
      state: "disposed",
    });
  });

  it("a gain is a credit on 4810", () => {
    const sold: AssetTerms = { ...laptop, disposalDate: "2027-09-10", disposalAmountCents: 70_000 };
    expect(disposalFigures(sold)!.resultCents).toBe(-9_994);
  });

  it("on the last day of a month counts that month, in one entry with the disposal", () => {
    const sold: AssetTerms = { ...laptop, disposalDate: "2027-08-31", disposalAmountCents: 0 };
    const last = assetEntries(sold, "2027-12-31").at(-1)!;
    expect(last.date).toBe("2027-08-31");
    expect(last.label).toBe("augustus 2027");
    expect(last.lines.map((line) => line.kind)).toEqual([
      "depreciation",
      "depreciation",
      "cost",
      "accumulated",
      "result",
    ]);
    expect(lineSum(last)).toBe(0);
    expect(disposalFigures(sold)!.accumulatedCents).toBe(18 * 3333);
  });

  it("in the month of purchase writes the whole cost off", () => {
    const scrapped: AssetTerms = { ...laptop, disposalDate: "2026-03-20", disposalAmountCents: 0 };
    expect(depreciationSchedule(scrapped)).toEqual([]);
    expect(assetEntries(scrapped, "2026-12-31")).toEqual([
      {
        date: "2026-03-20",
        label: null,
        isDisposal: true,
        lines: [
          { account: "fixed_assets", amountCents: -120_000, kind: "cost" },
          { account: "asset_disposal_result", amountCents: 120_000, kind: "result" },
        ],
      },
    ]);
  });
});
