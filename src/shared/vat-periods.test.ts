import { describe, expect, it } from "vitest";
import { FIRST_VAT_YEAR, LAST_VAT_YEAR, vatPeriodsOfYear, type VatPeriodFrequency } from "./vat-periods";

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
