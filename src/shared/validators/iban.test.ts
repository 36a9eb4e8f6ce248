import { describe, expect, it } from "vitest";
import { compactIban, formatIban, IBAN_LENGTHS, isValidIban } from "./iban";

// Registry examples and known-good Dutch IBANs from docs/domain.md §3.
const VALID = [
  "NL91ABNA0417164300",
  "NL02ABNA0123456789",
  "NL20INGB0001234567",
  "NL44RABO0123456789",
  "NL86INGB0002445588",
  "BE68539007547034",
  "DE89370400440532013000",
  "FR1420041010050500013M02606",
  "GB29NWBK60161331926819",
  "ES9121000418450200051332",
  "IT60X0542811101000000123456",
];

describe("isValidIban", () => {
  it.each(VALID)("accepts %s", (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each([
    ["nl91abna0417164300", "lower case"],
    ["NL91 ABNA 0417 1643 00", "groups of four"],
    [" NL91ABNA0417164300 ", "surrounding blanks"],
    ["nl91-abna-0417-1643-00", "hyphens"],
    ["LU280019400644750000", "a country outside the spec's table, checked against the registry"],
  ])("accepts %j (%s)", (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each([
    // Sample-file IBANs that have the right shape but fail the mod-97 checksum (domain.md §3).
    ["NL71RABO0123456789", "checksum"],
    ["NL50RABO0123456789", "checksum"],
    ["NL00RABO1234567890", "checksum"],
    ["NL91ABNA0417164301", "one digit mistyped"],
    ["NL91ABNA041716430", "NL is 18 characters, not 17"],
    ["NL91ABNA04171643000", "NL is 18 characters, not 19"],
    ["NL9112340417164300", "NL bank code must be letters"],
    ["NL91AB1A0417164300", "NL bank code must be letters"],
    ["BE6853900754703", "BE is 16 characters"],
    ["DE8937040044053201300", "DE is 22 characters"],
    ["FR1420041010050500013M0260", "FR is 27 characters"],
    ["GB29NWBK6016133192681", "GB is 22 characters"],
    ["ES912100041845020005133", "ES is 24 characters"],
    ["IT60X054281110100000012345", "IT is 27 characters"],
    ["1291ABNA0417164300", "starts with digits"],
    ["NLAAABNA0417164300", "check digits are letters"],
    ["XX91ABNA0417164300", "no such country"],
    ["NL91ABNA04171643#0", "a symbol"],
    ["", "empty"],
  ])("rejects %j (%s)", (iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it("knows the lengths of spec §9", () => {
    expect(IBAN_LENGTHS).toEqual({ NL: 18, BE: 16, DE: 22, FR: 27, GB: 22, ES: 24, IT: 27 });
  });
});

describe("formatIban", () => {
  it.each([
    ["NL91ABNA0417164300", "NL91 ABNA 0417 1643 00"],
    ["nl91abna0417164300", "NL91 ABNA 0417 1643 00"],
    ["NL91 ABNA 0417 1643 00", "NL91 ABNA 0417 1643 00"],
    ["NL91ABNA 04171643 00", "NL91 ABNA 0417 1643 00"],
    ["BE68539007547034", "BE68 5390 0754 7034"],
    ["FR1420041010050500013M02606", "FR14 2004 1010 0505 0001 3M02 606"],
    [" kapot ", "kapot"],
  ])("%j -> %j", (input, expected) => {
    expect(formatIban(input)).toBe(expected);
  });

  it("is idempotent and keeps the IBAN valid", () => {
    for (const iban of VALID) {
      const once = formatIban(iban);
      expect(formatIban(once)).toBe(once);
      expect(compactIban(once)).toBe(iban);
      expect(isValidIban(once)).toBe(true);
    }
  });
});
