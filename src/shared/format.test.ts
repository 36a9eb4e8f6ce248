import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatDate,
  formatEuro,
  formatHours,
  formatLongDate,
  formatSignedEuro,
} from "./format";

// Intl puts a no-break space between the euro sign and the amount.
const normalise = (text: string) => text.replace(/\u00a0/g, " ");

describe("nl-NL formatting", () => {
  it.each([
    [123450, "€ 1.234,50"],
    [0, "€ 0,00"],
    [-1230, "€ -12,30"],
    [100000000, "€ 1.000.000,00"],
  ])("formatEuro(%i) = %s", (cents, text) => {
    expect(normalise(formatEuro(cents))).toBe(text);
  });

  it.each([
    [123450, "€ +1.234,50"],
    [0, "€ 0,00"],
    [-382, "€ -3,82"],
  ])("formatSignedEuro(%i) = %s, the minus where formatEuro puts it", (cents, text) => {
    expect(normalise(formatSignedEuro(cents))).toBe(text);
    if (cents < 0) expect(formatSignedEuro(cents)).toBe(formatEuro(cents));
  });

  it("formats amounts, hours and dates the Dutch way", () => {
    expect(formatAmount(123450)).toBe("1.234,50");
    expect(formatHours(12.25)).toBe("12,3");
    expect(formatHours(0)).toBe("0,0");
    expect(formatDate("2026-03-09")).toBe("09-03-2026");
    expect(formatDate("2026-03-09T23:30:00.000Z")).toBe("09-03-2026");
    expect(formatLongDate("2026-11-21")).toBe("21 november 2026");
  });
});
