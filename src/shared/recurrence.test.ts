import { describe, expect, it } from "vitest";
import { occurrenceDate, occurrencesBetween } from "./recurrence";

describe("occurrenceDate", () => {
  it.each([
    // Month ends are computed from the start date, not the previous occurrence.
    ["2027-01-31", "monthly", 1, "2027-02-28"],
    ["2027-01-31", "monthly", 2, "2027-03-31"],
    ["2027-01-31", "monthly", 3, "2027-04-30"],
    ["2028-01-31", "monthly", 1, "2028-02-29"], // leap year
    ["2028-01-31", "monthly", 2, "2028-03-31"],
    ["2026-01-30", "monthly", 1, "2026-02-28"],
    ["2026-01-30", "monthly", 2, "2026-03-30"],
    ["2026-11-15", "monthly", 2, "2027-01-15"], // over the year end
    ["2026-12-31", "monthly", 2, "2027-02-28"],
    ["2026-03-15", "monthly", 0, "2026-03-15"],
    ["2028-02-29", "yearly", 1, "2029-02-28"],
    ["2028-02-29", "yearly", 4, "2032-02-29"],
    ["2026-06-30", "yearly", 1, "2027-06-30"],
    ["2026-12-28", "weekly", 1, "2027-01-04"],
    ["2028-02-22", "weekly", 1, "2028-02-29"],
    ["2026-03-25", "weekly", 1, "2026-04-01"], // across the DST change
    ["2026-11-30", "quarterly", 1, "2027-02-28"], // a quarter on from a month end
    ["2026-11-30", "quarterly", 2, "2027-05-30"],
    ["2027-01-01", "quarterly", 3, "2027-10-01"],
  ] as const)("%s %s #%i -> %s", (start, interval, k, expected) => {
    expect(occurrenceDate(start, interval, k)).toBe(expected);
  });
});

describe("occurrencesBetween", () => {
  it("lists a monthly month-end schedule through a leap February", () => {
    expect(
      occurrencesBetween({
        start: "2028-01-31",
        interval: "monthly",
        endDate: null,
        after: "2028-01-31",
        until: "2028-06-15",
      }),
    ).toEqual(["2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"]);
  });

  it("stops at the end date (inclusive)", () => {
    expect(
      occurrencesBetween({
        start: "2026-01-05",
        interval: "weekly",
        endDate: "2026-01-26",
        after: "2026-01-05",
        until: "2026-12-31",
      }),
    ).toEqual(["2026-01-12", "2026-01-19", "2026-01-26"]);
  });

  it("continues after a given date without repeating earlier occurrences", () => {
    expect(
      occurrencesBetween({
        start: "2020-01-31",
        interval: "monthly",
        endDate: null,
        after: "2026-02-28",
        until: "2026-05-01",
      }),
    ).toEqual(["2026-03-31", "2026-04-30"]);
  });

  it("never yields the template's own date and nothing before `until` is missed for yearly leap days", () => {
    expect(
      occurrencesBetween({
        start: "2024-02-29",
        interval: "yearly",
        endDate: null,
        after: "2024-02-29",
        until: "2029-01-01",
      }),
    ).toEqual(["2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"]);
  });

  it("yields nothing when the end date is before the next occurrence", () => {
    expect(
      occurrencesBetween({
        start: "2026-01-01",
        interval: "monthly",
        endDate: "2026-01-15",
        after: "2026-01-01",
        until: "2026-12-31",
      }),
    ).toEqual([]);
  });
});
