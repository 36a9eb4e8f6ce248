import { describe, expect, it } from "vitest";
import { centsToDecimal, isAmbiguousAmount, parseAmount, parseCents, percentOf } from "./money";

describe("parseCents", () => {
  it.each([
    ["1234.50", 123450],
    ["1234.5", 123450],
    ["0.01", 1],
    ["-12.30", -1230],
    [" 7 ", 700],
    [12.3, 1230],
    [0.1, 10],
    [1234.56, 123456],
  ])("%j -> %i cents", (input, cents) => {
    expect(parseCents(input)).toBe(cents);
  });

  it.each([
    ["1.234"],
    ["12,50"],
    ["abc"],
    [""],
    ["1e3"],
    [Number.NaN],
    [Infinity],
    [1e21],
    ["99999999999999999"],
  ])("rejects %j", (input) => {
    expect(parseCents(input)).toBeNull();
  });
});

describe("centsToDecimal", () => {
  it.each([
    [123450, "1234.50"],
    [1, "0.01"],
    [0, "0.00"],
    [-1230, "-12.30"],
    [-5, "-0.05"],
  ])("%i -> %s", (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });
});

describe("percentOf (half up, away from zero)", () => {
  it.each([
    [10000, 2100, 2100], // 100.00 at 21%
    [1, 2100, 0], // 0.21 cent rounds down
    [3, 2100, 1], // 0.63 cent rounds up
    [250, 900, 23], // 2.50 at 9% = 0.225 -> 0.23
    [-250, 900, -23],
    [1999, 2100, 420], // 19.99 at 21% = 4.1979 -> 4.20
    [12345678901, 2100, 2592592569],
  ])("%i cents x %i/100 %% = %i", (cents, rate, expected) => {
    expect(percentOf(cents, rate)).toBe(expected);
  });
});

describe("parseAmount: what people and banks write", () => {
  it.each([
    ["1234.56", 123456],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["-12,50", -1250],
    ["€ 12,50", 1250],
    ["€12,50", 1250],
    ["-€ 12,50", -1250],
    ["€ -12,50", -1250],
    ["EUR 7,5", 750],
    ["+442,98", 44298],
    ["12,50-", -1250],
    ["0", 0],
    ["0,00", 0],
    ["1.234.567,89", 123456789],
    ["1.234.567", 123456700],
    ["12", 1200],
    [" 1 234,56 ", 123456],
    ["12.50", 1250],
    ["€ 1.234,56", 123456],
    ["1.000,50", 100050],
    [1234.5, 123450],
  ])("%j -> %i cents", (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each([[""], ["abc"], ["12,345"], ["1.2.3"], ["1,234,5"], ["12,50,00"], ["--5"], ["5€5"], ["1.23,45"]])(
    "rejects %j",
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );
});

describe("isAmbiguousAmount", () => {
  it.each([["1.000"], ["1,000"], ["-1.234"], ["€ 1.234"], ["999,999"]])("%j reads two ways", (text) => {
    expect(isAmbiguousAmount(text)).toBe(true);
    expect(parseAmount(text)).toBeNull();
  });

  it.each([["1.000,00"], ["1000"], ["12,50"], ["1.234.567"], ["12,3456"]])("%j does not", (text) => {
    expect(isAmbiguousAmount(text)).toBe(false);
  });
});
