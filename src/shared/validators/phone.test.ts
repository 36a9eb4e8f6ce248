import { describe, expect, it } from "vitest";
import { formatPhoneNumber } from "./phone";

describe("formatPhoneNumber", () => {
  it.each([
    ["06-12345678", "NL", "+31 6 12345678"],
    ["0612345678", "NL", "+31 6 12345678"],
    ["06 1234 5678", "NL", "+31 6 12345678"],
    ["020 123 4567", "NL", "+31 20 123 4567"],
    ["020-1234567", "NL", "+31 20 123 4567"],
    ["010-1234567", "NL", "+31 10 123 4567"],
    ["0031 20 123 4567", "NL", "+31 20 123 4567"],
    ["+31 (0)20 1234567", "NL", "+31 20 123 4567"],
    ["+31612345678", "NL", "+31 6 12345678"],
    ["085 1234567", "NL", "+31 85 123 4567"],
    ["+32 2 123 45 67", "NL", "+32 2 123 45 67"],
    ["02 123 45 67", "BE", "+32 2 123 45 67"],
    ["030 1234567", "DE", "+49 30 1234567"],
    ["+44 20 7946 0958", "NL", "+44 20 7946 0958"],
  ])("%j (%s) -> %j", (input, country, expected) => {
    expect(formatPhoneNumber(input, country)).toBe(expected);
  });

  it.each([["12"], ["bel receptie"], ["  toestel 12  "]])("keeps %j as typed (trimmed)", (input) => {
    expect(formatPhoneNumber(input)).toBe(input.trim());
  });

  it("is idempotent", () => {
    for (const input of ["06-12345678", "020 123 4567", "+32 2 123 45 67", "bel receptie"]) {
      const once = formatPhoneNumber(input);
      expect(formatPhoneNumber(once)).toBe(once);
    }
  });
});
