import { describe, expect, it } from "vitest";
import {
  changePercent,
  dashboardRange,
  monthsOf,
  presetRange,
  previousQuarterOf,
  quarterOf,
  rangeLabel,
} from "./periods";

describe("quarterOf", () => {
  it.each([
    ["2026-01-01", "Q1 2026", "2026-01-01", "2026-03-31"],
    ["2026-05-31", "Q2 2026", "2026-04-01", "2026-06-30"],
    ["2026-09-30", "Q3 2026", "2026-07-01", "2026-09-30"],
    ["2026-11-21", "Q4 2026", "2026-10-01", "2026-12-31"],
  ])("%s lies in %s", (day, label, from, to) => {
    expect(quarterOf(day)).toMatchObject({ label, from, to });
  });

  it("goes back a year from the first quarter", () => {
    expect(previousQuarterOf("2026-02-10").label).toBe("Q4 2025");
  });
});

describe("dashboardRange", () => {
  it.each([
    ["6months", "2026-11-21", "2026-06-01", "2026-11-30", 6],
    ["6months", "2026-03-05", "2025-10-01", "2026-03-31", 6],
    ["quarter", "2026-11-21", "2026-10-01", "2026-12-31", 3],
    ["year", "2024-02-29", "2024-01-01", "2024-12-31", 12],
  ] as const)("%s on %s is %s..%s (%i months)", (period, today, from, to, months) => {
    const range = dashboardRange(period, today);
    expect(range).toEqual({ from, to });
    expect(monthsOf(range)).toHaveLength(months);
  });
});

describe("presetRange and rangeLabel", () => {
  it.each([
    ["thisMonth", "2026-11-21", "2026-11-01", "2026-11-30", "november 2026"],
    ["lastMonth", "2026-01-15", "2025-12-01", "2025-12-31", "december 2025"],
    ["lastMonth", "2024-03-31", "2024-02-01", "2024-02-29", "februari 2024"],
    ["thisQuarter", "2026-08-01", "2026-07-01", "2026-09-30", "Q3 2026"],
    ["thisYear", "2026-08-01", "2026-01-01", "2026-12-31", "2026"],
  ] as const)("%s on %s", (preset, today, from, to, label) => {
    const range = presetRange(preset, today);
    expect(range).toEqual({ from, to });
    expect(rangeLabel(range)).toBe(label);
  });

  it("labels any other range by its days", () => {
    expect(rangeLabel({ from: "2026-03-01", to: "2026-04-15" })).toBe("1 maart 2026 t/m 15 april 2026");
  });
});

describe("changePercent", () => {
  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [22_287, 48_400, -54],
    [100, -50, 300],
    [100, 0, null],
    [0, 0, null],
  ])("%i against %i is %s%", (current, previous, expected) => {
    expect(changePercent(current, previous)).toBe(expected);
  });
});
