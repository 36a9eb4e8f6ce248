import { describe, expect, it } from "vitest";
import type { TimeEntry } from "@shared/schemas/time-tracking";
import { entryTotals, pauseMinutes } from "./entry-figures";

const entry = (overrides: Partial<TimeEntry>): TimeEntry => ({
  id: "e",
  projectId: null,
  clientId: null,
  description: null,
  startTime: "2026-11-02T08:00:00.000Z",
  endTime: "2026-11-02T09:00:00.000Z",
  duration: 60,
  hourlyRate: "90.00",
  amount: "90.00",
  isBillable: true,
  isInvoiced: false,
  createdAt: "2026-11-02T09:00:00.000Z",
  updatedAt: "2026-11-02T09:00:00.000Z",
  ...overrides,
});

describe("entryTotals", () => {
  it("counts every hour but only the billable ones' money", () => {
    expect(
      entryTotals([
        entry({ duration: 90, amount: "135.00" }),
        entry({ duration: 45, amount: "67.50", isBillable: false }),
        entry({ duration: 30, amount: "45.00", isInvoiced: true }),
      ]),
    ).toEqual({ minutes: 165, billableMinutes: 120, billableCents: 18_000 });
  });

  it("is zero for no entries", () => {
    expect(entryTotals([])).toEqual({ minutes: 0, billableMinutes: 0, billableCents: 0 });
  });
});

describe("pauseMinutes", () => {
  it("is the time between start and end that was not worked", () => {
    expect(pauseMinutes(entry({ endTime: "2026-11-02T09:15:00.000Z", duration: 60 }))).toBe(15);
  });

  it("is zero without a pause, without an end, or when more was worked than the span (never negative)", () => {
    expect(pauseMinutes(entry({}))).toBe(0);
    expect(pauseMinutes(entry({ endTime: null }))).toBe(0);
    expect(pauseMinutes(entry({ duration: 75 }))).toBe(0);
  });

  it("ignores the seconds a timer's start and end carry", () => {
    expect(
      pauseMinutes(
        entry({ startTime: "2026-11-02T08:00:30.000Z", endTime: "2026-11-02T08:03:40.000Z", duration: 3 }),
      ),
    ).toBe(0);
  });
});
