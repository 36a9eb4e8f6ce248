import { describe, expect, it } from "vitest";
import {
  computeLine,
  computeTotals,
  defaultVatCategory,
  lineAmount,
  negateLines,
  parseQuantity,
  type LineInput,
} from "./math";

describe("lineAmount (quantity in hundredths × unit price in cents)", () => {
  it.each([
    [100, 8500, 8500], // 1 × 85.00
    [150, 8500, 12750], // 1.5 × 85.00
    [125, 333, 416], // 1.25 × 3.33 = 4.1625 -> 4.16
    [50, 1, 1], // 0.5 × 0.01 = 0.005 -> 0.01 (half up)
    [50, 3, 2], // 0.5 × 0.03 = 0.015 -> 0.02
    [-50, 1, -1], // negated lines round to the exact negative
    [0, 9999, 0],
    [100_000_000, 12345, 12_345_000_000], // 1,000,000 × 123.45, exactly
  ])("%i × %i = %i", (quantity, price, expected) => {
    expect(lineAmount(quantity, price)).toBe(expected);
  });
});

describe("computeTotals", () => {
  it("computes VAT per rate over the sum of that rate's lines, rounded half up", () => {
    // Per line 0.21 × 0.10 = 0.021 -> 0.02 three times would be 0.06; per rate 0.21 × 0.30 = 0.063 -> 0.06.
    // Per line 0.21 × 0.05 = 0.0105 -> 0.01 twice = 0.02; per rate 0.21 × 0.10 = 0.021 -> 0.02.
    const lines: LineInput[] = [
      { quantityHundredths: 100, unitPriceCents: 250, vatCategory: "21" }, // 2.50 -> 0.525
      { quantityHundredths: 100, unitPriceCents: 250, vatCategory: "21" }, // per line 0.53 + 0.53 = 1.06
      { quantityHundredths: 100, unitPriceCents: 1050, vatCategory: "9" }, // 10.50 × 9% = 0.945 -> 0.95
      { quantityHundredths: 200, unitPriceCents: 1000, vatCategory: "reverse_charge" },
    ];
    expect(computeTotals(lines)).toEqual({
      subtotal: 500 + 1050 + 2000,
      taxAmount: 105 + 95, // per rate: 5.00 × 21% = 1.05 (not 1.06)
      total: 3550 + 200,
      breakdown: [
        { vatCategory: "21", base: 500, vat: 105 },
        { vatCategory: "9", base: 1050, vat: 95 },
        { vatCategory: "reverse_charge", base: 2000, vat: 0 },
      ],
    });
  });

  it("rounds a half cent up, per rate", () => {
    // 0.50 × 21% = 0.105 -> 0.11; 0.50 × 9% = 0.045 -> 0.05
    const totals = computeTotals([
      { quantityHundredths: 100, unitPriceCents: 50, vatCategory: "21" },
      { quantityHundredths: 100, unitPriceCents: 50, vatCategory: "9" },
    ]);
    expect(totals.taxAmount).toBe(11 + 5);
    expect(totals.total).toBe(116);
  });

  it("is zero for no lines", () => {
    expect(computeTotals([])).toEqual({ subtotal: 0, taxAmount: 0, total: 0, breakdown: [] });
  });

  it("makes a credit note the exact negative of the original", () => {
    const lines: LineInput[] = [
      { quantityHundredths: 150, unitPriceCents: 8333, vatCategory: "21" },
      { quantityHundredths: 100, unitPriceCents: 1050, vatCategory: "9" },
      { quantityHundredths: 100, unitPriceCents: 4000, vatCategory: "exempt" },
    ];
    const original = computeTotals(lines);
    const credit = computeTotals(negateLines(lines));
    expect(credit.subtotal).toBe(-original.subtotal);
    expect(credit.taxAmount).toBe(-original.taxAmount);
    expect(credit.total).toBe(-original.total);
    expect(credit.breakdown.map((row) => row.vat)).toEqual(original.breakdown.map((row) => -row.vat || 0));
  });
});

describe("computeLine", () => {
  it("gives the line's amount, its own VAT and the sum", () => {
    expect(computeLine({ quantityHundredths: 300, unitPriceCents: 1999, vatCategory: "21" })).toEqual({
      amount: 5997,
      vatAmount: 1259, // 59.97 × 21% = 12.5937
      totalAmount: 7256,
    });
  });
});

describe("parseQuantity", () => {
  it.each([
    ["1", 100],
    ["1.5", 150],
    ["1,25", 125],
    [2.75, 275],
    [" 3 ", 300],
    ["-1", -100],
    ["1.234", null],
    ["abc", null],
    ["", null],
  ])("%j -> %j", (input, expected) => expect(parseQuantity(input)).toBe(expected));
});

describe("defaultVatCategory: what a new line starts with", () => {
  const seller = { korStartDate: null, korEndDate: null };
  it.each([
    [undefined, "21"],
    [{ country: "NL", taxNumber: "NL000099998B57" }, "21"],
    [{ country: "BE", taxNumber: "BE0403019261" }, "reverse_charge"],
    [{ country: "DE", taxNumber: null }, "21"],
    [{ country: "GB", taxNumber: "GB123456789" }, "0"],
  ] as const)("for %j: %s", (client, category) => {
    expect(defaultVatCategory(seller, client, "2026-10-01")).toBe(category);
  });

  it("is exempt under the KOR on the issue date, whoever the client", () => {
    const kor = { korStartDate: "2026-10-01", korEndDate: null };
    const client = { country: "BE", taxNumber: "BE0403019261" };
    expect(defaultVatCategory(kor, client, "2026-10-01")).toBe("exempt");
    expect(defaultVatCategory(kor, client, "2026-09-30")).toBe("reverse_charge");
  });
});
