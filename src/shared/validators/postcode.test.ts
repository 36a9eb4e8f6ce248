import { describe, expect, it } from "vitest";
import { formatPostcode, isValidPostcode } from "./postcode";

describe("isValidPostcode", () => {
  it.each(["1234 AB", "1234AB", "1234ab", "1234 ab", " 1015 CJ ", "9999 ZZ", "1000 AA"])(
    "accepts %j",
    (postcode) => {
      expect(isValidPostcode(postcode)).toBe(true);
    },
  );

  it.each([
    ["0123 AB", "starts with 0"],
    ["123 AB", "3 digits"],
    ["12345 AB", "5 digits"],
    ["1234 A", "one letter"],
    ["1234 ABC", "three letters"],
    ["1234  AB", "two spaces"],
    ["1234-AB", "a hyphen"],
    ["AB 1234", "letters first"],
    ["1234 SA", "SA is never issued"],
    ["1234 SD", "SD is never issued"],
    ["1234 SS", "SS is never issued"],
    ["", "empty"],
  ])("rejects %j (%s)", (postcode) => {
    expect(isValidPostcode(postcode)).toBe(false);
  });
});

describe("formatPostcode", () => {
  it.each([
    ["1234ab", "1234 AB"],
    ["1234 ab", "1234 AB"],
    ["1234AB", "1234 AB"],
    [" 1015cj ", "1015 CJ"],
    ["1234 AB", "1234 AB"],
    [" 12345 ", "12345"],
  ])("%j -> %j", (input, expected) => {
    expect(formatPostcode(input)).toBe(expected);
  });

  it("is idempotent", () => {
    const once = formatPostcode("1015cj");
    expect(formatPostcode(once)).toBe(once);
  });
});
