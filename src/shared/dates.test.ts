import { describe, expect, it } from "vitest";
import { addDays, addMonths, businessDate, isIsoDate } from "./dates";

describe("calendar dates", () => {
  it.each([
    ["2026-01-31", 30, "2026-03-02"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-29", -1, "2026-03-28"],
  ])("addDays(%s, %i) = %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
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
