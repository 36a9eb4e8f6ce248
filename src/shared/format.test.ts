import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatDate,
  formatEuro,
  formatFixed,
  formatHours,
  formatLongDate,
  formatNumber,
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

  it.each([
    [1234, undefined, "1.234"],
    [1234.5678, undefined, "1.234,568"],
    [12.5, 0, "13"],
    [12.25, 1, "12,3"],
    [2.1, 2, "2,1"],
    [-0.5, 1, "-0,5"],
  ])("formatNumber(%d, %s) = %s, no trailing zeros", (value, maxDecimals, text) => {
    expect(formatNumber(value, maxDecimals)).toBe(text);
    if (maxDecimals === undefined) expect(formatNumber(value)).toBe(value.toLocaleString("nl-NL"));
  });

  it.each([
    [1.5, 2, "1,50"],
    [1234, 2, "1.234,00"],
    [0.125, 1, "0,1"],
    [7, 0, "7"],
  ])("formatFixed(%d, %i) = %s, exactly that many decimals", (value, decimals, text) => {
    expect(formatFixed(value, decimals)).toBe(text);
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
