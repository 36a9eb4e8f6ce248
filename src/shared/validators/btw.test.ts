import { describe, expect, it } from "vitest";
import {
  compactVatNumber,
  formatVatNumber,
  isValidVatNumber,
  passesBsnElevenProof,
  passesMod97_10,
  passesSpecElevenProof,
  VAT_NUMBER_MESSAGE,
  vatNumberMessage,
  vatNumberShape,
} from "./btw";

// Test numbers constructed from the algorithms in docs/domain.md §2 (which check each one passes is noted).
describe("isValidVatNumber", () => {
  it.each([
    ["NL123456789B01", "spec 11-proof: 9·1+8·2+…+1·9 = 165 = 15·11"],
    ["NL004495445B01", "BSN/RSIN elfproef: 9·0+…+2·4 − 5 = 132 = 12·11"],
    ["NL123456782B01", "BSN/RSIN elfproef"],
    ["NL000099998B57", "mod 97-10: 23210000999981157 mod 97 = 1"],
    ["NL867654321B57", "mod 97-10 only"],
    ["NL193847562B47", "mod 97-10 only"],
    ["NL555123456B69", "spec 11-proof and mod 97-10"],
  ])("accepts %s (%s)", (number) => {
    expect(isValidVatNumber(number)).toBe(true);
  });

  it.each([
    ["nl123456789b01", "lower case"],
    ["NL 123 456 789 B01", "spaces"],
    ["NL 123.456.789.B01", "the stored format"],
    ["NL123.456.789.B01", "dots"],
    ["123456789B01", "no country prefix"],
    ["  nl 123.456.789.b01  ", "surrounding blanks"],
    ["NL-123456789-B01", "hyphens"],
    ["nl000099998b57", "a btw-id in lower case"],
  ])("accepts %j (%s)", (number) => {
    expect(isValidVatNumber(number)).toBe(true);
  });

  it.each([
    ["NL123456788B01", "fails both 11-proofs and mod 97-10"],
    ["NL867654321B58", "btw-id with a wrong check pair"],
    ["NL999999999B01", "fails every check"],
    ["NL000000000B01", "all zeros would pass any 11-proof but is never issued"],
    ["NL123456789B00", "suffix B00 is never issued"],
    ["NL12345678B01", "8 digits"],
    ["NL1234567890B01", "10 digits"],
    ["NL123456789C01", "C instead of B"],
    ["NL123456789B1", "one-digit suffix"],
    ["BE0123456789", "a Belgian number"],
    ["DE123456789B01", "wrong country"],
    ["NL12345678AB01", "a letter among the digits"],
    ["", "empty"],
  ])("rejects %j (%s)", (number) => {
    expect(isValidVatNumber(number)).toBe(false);
  });
});

describe("the three checks", () => {
  it.each([
    ["123456789", true, false],
    ["004495445", false, true],
    ["123456788", false, false],
    ["555123456", true, false],
  ])("%s: spec 11-proof %s, BSN elfproef %s", (digits, spec, bsn) => {
    expect(passesSpecElevenProof(digits)).toBe(spec);
    expect(passesBsnElevenProof(digits)).toBe(bsn);
  });

  it.each([
    ["NL000099998B57", true],
    ["NL000099998B58", false],
    ["NL123456789B01", false],
  ])("mod 97-10 of %s is %s", (number, expected) => {
    expect(passesMod97_10(number)).toBe(expected);
  });
});

describe("compactVatNumber", () => {
  it.each([
    ["nl 123.456.789.b01", "NL123456789B01"],
    ["123456789B01", "NL123456789B01"],
    ["NL 123 456 789 B 01", "NL123456789B01"],
    ["geen nummer", "GEENNUMMER"],
  ])("%j -> %j", (input, expected) => {
    expect(compactVatNumber(input)).toBe(expected);
  });
});

describe("formatVatNumber", () => {
  it.each([
    ["NL123456789B01", "NL 123.456.789.B01"],
    ["nl123456789b01", "NL 123.456.789.B01"],
    ["123456789B01", "NL 123.456.789.B01"],
    ["NL 123 456 789 B01", "NL 123.456.789.B01"],
    ["NL 123.456.789.B01", "NL 123.456.789.B01"],
    ["nl000099998b57", "NL 000.099.998.B57"],
    [" onleesbaar ", "onleesbaar"],
  ])("%j -> %j", (input, expected) => {
    expect(formatVatNumber(input)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const input of ["nl 123456789 b01", "004495445B01", "NL000099998B57"]) {
      const once = formatVatNumber(input);
      expect(formatVatNumber(once)).toBe(once);
      expect(isValidVatNumber(once)).toBe(true);
    }
  });
});

// A foreign client's number follows its own country's rules (numbers from python-stdnum's documentation).
describe("foreign VAT numbers", () => {
  it.each([
    ["BE", "BE0403019261", "BE0403019261"],
    ["BE", "be 0403.019.261", "BE0403019261"],
    ["BE", "0403019261", "BE0403019261"],
    ["DE", "DE136695976", "DE136695976"],
    ["DE", "de 136 695 976", "DE136695976"],
    ["FR", "FR 61 954 506 077", "FR61954506077"],
    ["GB", "GB 980 7806 84", "GB980780684"],
    ["ES", "ES B-58378431", "ESB58378431"],
    ["IT", "IT 00743110157", "IT00743110157"],
  ])("%s accepts %j and stores it as %j", (country, input, stored) => {
    expect(isValidVatNumber(input, country)).toBe(true);
    expect(formatVatNumber(input, country)).toBe(stored);
    expect(formatVatNumber(stored, country)).toBe(stored);
    expect(isValidVatNumber(stored, country)).toBe(true);
  });

  it.each([
    ["BE", "BE0403019262", "a wrong check pair"],
    ["BE", "DE136695976", "a German number"],
    ["BE", "NL123456789B01", "a Dutch number"],
    ["DE", "DE136695977", "a wrong check digit"],
    ["FR", "FR 62 954 506 077", "a wrong key"],
    ["IT", "IT00743110158", "a wrong check digit"],
    ["NL", "BE0403019261", "a Belgian number for a Dutch client"],
  ])("%s rejects %j (%s)", (country, input) => {
    expect(isValidVatNumber(input, country)).toBe(false);
    expect(formatVatNumber(input, country)).toBe(input);
  });

  it("names the country and its format in the message, and hints at that format", () => {
    expect(vatNumberMessage("BE")).toBe("Ongeldig BTW-nummer voor België. Formaat: BE0123456789");
    expect(vatNumberMessage("NL")).toBe(VAT_NUMBER_MESSAGE);
    expect(vatNumberMessage(undefined)).toBe(VAT_NUMBER_MESSAGE);
    expect(vatNumberShape("DE")).toBe("DE123456789");
    expect(vatNumberShape("NL")).toBe("NL123456789B01");
  });
});
