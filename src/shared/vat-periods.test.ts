import { describe, expect, it } from "vitest";
import { NO_KOR } from "./kor";
import {
  FIRST_VAT_YEAR,
  LAST_VAT_YEAR,
  parseVatPeriod,
  vatPeriodsOfYear,
  vatPeriodState,
  type VatPeriodFrequency,
  type VatPeriodState,
} from "./vat-periods";

describe("VAT periods of a year", () => {
  it.each<[number, VatPeriodFrequency, string[]]>([
    [2026, "quarter", ["2026-Q1", "2026-Q2", "2026-Q3", "2026-Q4"]],
    [2026, "year", ["2026"]],
    [
      LAST_VAT_YEAR,
      "month",
      Array.from({ length: 12 }, (_, index) => `${LAST_VAT_YEAR}-${String(index + 1).padStart(2, "0")}`),
    ],
    // A report over the year 100 or 9998 touches years without VAT returns: no periods, not an error.
    [FIRST_VAT_YEAR - 1, "quarter", []],
    [100, "year", []],
    [LAST_VAT_YEAR + 1, "month", []],
  ])("%i by %s", (year, frequency, ids) => {
    expect(vatPeriodsOfYear(year, frequency).map((period) => period.id)).toEqual(ids);
  });
});

describe("the state of a period", () => {
  it.each<[string, string, boolean, string, VatPeriodState]>([
    ["2026-Q3", "2026-09-30", false, "2026-01-01", "open"],
    ["2026-Q3", "2026-10-31", false, "2026-01-01", "due"],
    ["2026-Q3", "2026-11-01", false, "2026-01-01", "late"],
    ["2026-Q3", "2026-11-01", true, "2026-01-01", "filed"],
    // Ended before the administration's start: not due here, however long ago; filed still wins.
    ["2026-Q3", "2026-11-20", false, "2026-11-01", "before_start"],
    ["2026-Q3", "2026-10-15", false, "2026-10-01", "before_start"],
    ["2026-Q3", "2026-11-20", true, "2026-11-01", "filed"],
    // A start inside the period leaves the period the administration's.
    ["2026-Q3", "2026-11-20", false, "2026-09-30", "late"],
    ["2026-08", "2026-11-20", false, "2026-09-01", "before_start"],
  ])("%s on %s (filed: %s, start %s) is %s", (id, today, isFiled, start, state) => {
    expect(vatPeriodState(parseVatPeriod(id)!, today, isFiled, start, NO_KOR)).toBe(state);
  });

  const fromOctober = { korStartDate: "2026-10-01", korEndDate: "2026-12-31" };
  it.each<[string, string, boolean, VatPeriodState]>([
    // Wholly inside the KOR: no return, however late; a filed one stays filed.
    ["2026-Q4", "2027-03-01", false, "kor"],
    ["2026-11", "2027-03-01", false, "kor"],
    ["2026-Q4", "2027-03-01", true, "filed"],
    // Before the start and after the end everything is as normal.
    ["2026-Q3", "2026-10-15", false, "due"],
    ["2027-Q1", "2027-04-15", false, "due"],
    // A year the KOR starts in is due for its days before the start.
    ["2026", "2027-03-01", false, "due"],
  ])("%s on %s (filed: %s) with the KOR in Q4 2026 is %s", (id, today, isFiled, state) => {
    expect(vatPeriodState(parseVatPeriod(id)!, today, isFiled, "2026-01-01", fromOctober)).toBe(state);
  });
});
