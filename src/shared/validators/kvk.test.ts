import { describe, expect, it } from "vitest";
import { formatKvkNumber, isValidKvkNumber } from "./kvk";

describe("isValidKvkNumber", () => {
  it.each(["12345678", "1234 5678", "1234.5678", " 12345678 ", "00000001", "9876-5432"])(
    "accepts %j",
    (kvk) => {
      expect(isValidKvkNumber(kvk)).toBe(true);
    },
  );

  it.each([
    ["1234567", "7 digits"],
    ["123456789", "9 digits"],
    ["123456789012", "a 12-digit vestigingsnummer"],
    ["1234567a", "a letter"],
    ["KVK12345678", "a prefix"],
    ["", "empty"],
  ])("rejects %j (%s)", (kvk) => {
    expect(isValidKvkNumber(kvk)).toBe(false);
  });
});

describe("formatKvkNumber", () => {
  it.each([
    ["12345678", "1234 5678"],
    ["1234 5678", "1234 5678"],
    ["1234.5678", "1234 5678"],
    [" 12 34 56 78 ", "1234 5678"],
    [" 1234567 ", "1234567"],
  ])("%j -> %j", (input, expected) => {
    expect(formatKvkNumber(input)).toBe(expected);
  });

  it("is idempotent", () => {
    const once = formatKvkNumber("12345678");
    expect(formatKvkNumber(once)).toBe(once);
    expect(isValidKvkNumber(once)).toBe(true);
  });
});
