import { describe, expect, it } from "vitest";
import { computeVat, parseVatRate, splitVatIncluded } from "./vat";

describe("computeVat", () => {
  it.each([
    // amount (cents), rate (hundredths), vat, total
    [10000, 2100, 2100, 12100],
    [10000, 900, 900, 10900],
    [10000, 0, 0, 10000],
    [1, 2100, 0, 1], // 0.21 cent rounds down
    [3, 2100, 1, 4], // 0.63 cent rounds up
    [50, 900, 5, 55], // 4.5 cent: half up
    [250, 2100, 53, 303], // 52.5 cent: half up
    [1999, 2100, 420, 2419], // 419.79
    [0, 2100, 0, 0],
    [123456789, 2100, 25925926, 149382715], // 25925925.69
    [10000, 10000, 10000, 20000], // 100 %
    [10000, 950, 950, 10950], // a non-standard rate with decimals
    [99999999999, 2100, 21000000000, 120999999999], // the largest 12,2 amount stays exact
  ])("%i cents at %i/100 %% -> VAT %i, total %i", (amount, rate, vat, total) => {
    expect(computeVat(amount, rate)).toEqual({ amount, vatAmount: vat, amountIncludingVat: total });
  });
});

describe("parseVatRate", () => {
  it.each([
    ["21", 2100],
    ["21.00", 2100],
    [9, 900],
    ["0", 0],
    ["100", 10000],
    ["5.5", 550],
  ])("%j -> %i", (input, hundredths) => {
    expect(parseVatRate(input)).toBe(hundredths);
  });

  it.each([["-1"], ["100.01"], ["101"], ["abc"], [""], ["21.005"], [Number.NaN]])("rejects %j", (input) => {
    expect(parseVatRate(input)).toBeNull();
  });
});

describe("splitVatIncluded", () => {
  it("takes the VAT out of an amount paid", () => {
    expect(splitVatIncluded(12100, 2100)).toEqual({
      amount: 10000,
      vatAmount: 2100,
      amountIncludingVat: 12100,
    });
    expect(splitVatIncluded(10900, 900)).toEqual({
      amount: 10000,
      vatAmount: 900,
      amountIncludingVat: 10900,
    });
    expect(splitVatIncluded(500, 0)).toEqual({ amount: 500, vatAmount: 0, amountIncludingVat: 500 });
    // 9,99 incl. 21%: 1,7338… → 1,73
    expect(splitVatIncluded(999, 2100)).toEqual({ amount: 826, vatAmount: 173, amountIncludingVat: 999 });
  });

  it("always adds up", () => {
    for (let cents = 1; cents < 5000; cents += 7) {
      for (const rate of [0, 900, 2100]) {
        const split = splitVatIncluded(cents, rate);
        expect(split.amount + split.vatAmount).toBe(cents);
      }
    }
  });
});
