import { describe, expect, it } from "vitest";
import { periodRange } from "./periods";

describe("periodRange", () => {
  it.each([
    ["week", "2026-11-21", { from: "2026-11-16", to: "2026-11-22" }], // a Saturday
    ["week", "2026-11-16", { from: "2026-11-16", to: "2026-11-22" }], // a Monday
    ["week", "2026-11-22", { from: "2026-11-16", to: "2026-11-22" }], // a Sunday
    ["month", "2026-02-10", { from: "2026-02-01", to: "2026-02-28" }],
    ["month", "2026-12-31", { from: "2026-12-01", to: "2026-12-31" }],
    ["last-month", "2026-01-15", { from: "2025-12-01", to: "2025-12-31" }],
    ["last-month", "2024-03-01", { from: "2024-02-01", to: "2024-02-29" }],
    ["year", "2026-11-21", { from: "2026-01-01", to: "2026-12-31" }],
    ["all", "2026-11-21", {}],
  ] as const)("%s around %s", (period, today, range) => {
    expect(periodRange(period, today)).toEqual(range);
  });
});
