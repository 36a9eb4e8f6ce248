import { describe, expect, it } from "vitest";
import { addDays, addMonths, addYears, businessDate, daysBetween, isIsoDate } from "./dates";

describe("calendar dates", () => {
  it.each([
    ["2026-01-31", 30, "2026-03-02"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-29", -1, "2026-03-28"],
  ])("addDays(%s, %i) = %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ["2026-01-31", 1, "2026-02-28"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-11-15", 3, "2027-02-15"],
    ["2026-01-15", -13, "2024-12-15"],
    ["2026-05-31", 0, "2026-05-31"],
  ])("addMonths(%s, %i) = %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it.each([
    ["2024-02-29", 1, "2025-02-28"],
    ["2024-02-29", 4, "2028-02-29"],
    ["2026-07-01", -2, "2024-07-01"],
  ])("addYears(%s, %i) = %s", (date, years, expected) => {
    expect(addYears(date, years)).toBe(expected);
  });

  it.each([
    ["2026-01-30", "2026-02-02", 3],
    ["2026-02-02", "2026-01-30", -3],
    ["2026-03-28", "2026-03-30", 2],
    ["2024-01-01", "2025-01-01", 366],
    ["2026-06-01", "2026-06-01", 0],
  ])("daysBetween(%s, %s) = %i", (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it("takes 'today' in Amsterdam, also around midnight and the clock changes", () => {
    expect(businessDate(new Date("2026-11-21T22:59:59Z"))).toBe("2026-11-21");
    expect(businessDate(new Date("2026-11-21T23:00:00Z"))).toBe("2026-11-22"); // CET, UTC+1
    expect(businessDate(new Date("2026-07-01T21:59:59Z"))).toBe("2026-07-01");
    expect(businessDate(new Date("2026-07-01T22:00:00Z"))).toBe("2026-07-02"); // CEST, UTC+2
  });

  it.each([
    ["2026-02-28", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-13-01", false],
    ["26-01-01", false],
    ["9998-12-31", true],
    // The day after has no YYYY-MM-DD: a period ending then cannot be computed or stored.
    ["9999-12-31", false],
  ])("isIsoDate(%s) = %s", (value, valid) => {
    expect(isIsoDate(value)).toBe(valid);
  });

  it.each([
    ["2026-11-21", 1, "2026-12-21"],
    ["2026-01-31", 1, "2026-02-28"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-03-31", -1, "2026-02-28"],
  ])("addMonths(%s, %i) = %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});
