import { describe, expect, it } from "vitest";
import {
  anyDateToIso,
  collapseWhitespace,
  compactDateToIso,
  dayMonthYearToIso,
  dutchBankCode,
  endToEndIdOrNull,
  ibanOrNull,
  labelledValue,
  normaliseIban,
  parseAmountCents,
  parseAmountCentsEitherSeparator,
  splitLabelledText,
  structuredReference,
  withSign,
  yearMonthDayToIso,
} from "./common";

describe("parseAmountCents", () => {
  it.each([
    ["1,25", ",", 125],
    ["1.234,56", ",", 123456],
    ["+442,98", ",", 44298],
    ["-30,00", ",", -3000],
    ["2500", ",", 250000],
    ["827,7", ",", 82770],
    ["12,50-", ",", -1250],
    ["-0,00", ",", 0],
    ["1.234.567,89", ",", 123456789],
    ["122800.83", ".", 12280083],
    ["-200.00", ".", -20000],
    ["1,234.56", ".", 123456],
    [" 1 234,56 ", ",", 123456],
    // 0.1 + 0.2 style float errors cannot happen: the digits are read as text.
    ["0,29", ",", 29],
    ["1.005,57", ",", 100557],
  ] as const)("%j with %j -> %i", (text, separator, cents) => {
    expect(parseAmountCents(text, separator)).toBe(cents);
  });

  it.each([
    ["", ","],
    ["abc", ","],
    ["12,345", ","],
    ["12,3,4", ","],
    ["1.2.3", ","],
    ["1,50", "."],
    ["12.50", ","],
    ["--5", ","],
    ["1.23,45", ","],
  ] as const)("rejects %j with %j", (text, separator) => {
    expect(parseAmountCents(text, separator)).toBeNull();
  });
});

describe("parseAmountCentsEitherSeparator", () => {
  it.each([
    ["-1,234.56", -123456],
    ["-1.234,56", -123456],
    ["12.50", 1250],
    ["12,50", 1250],
    ["12,5", 1250],
    ["1.000", 100000],
    ["1,000", 100000],
    ["7", 700],
    ["0,00", 0],
  ])("%j -> %i", (text, cents) => {
    expect(parseAmountCentsEitherSeparator(text)).toBe(cents);
  });

  it.each([["12.5.0"], ["1,2,3"], ["1.234.5"], ["x"]])("rejects %j", (text) => {
    expect(parseAmountCentsEitherSeparator(text)).toBeNull();
  });
});

describe("dates", () => {
  it("reads each style and rejects days that do not exist", () => {
    expect(dayMonthYearToIso("31-01-2026")).toBe("2026-01-31");
    expect(dayMonthYearToIso("10/02/2026")).toBe("2026-02-10");
    expect(dayMonthYearToIso("1.2.2026")).toBe("2026-02-01");
    expect(dayMonthYearToIso("31-02-2026")).toBeNull();
    expect(dayMonthYearToIso("31-01/2026")).toBeNull();
    expect(compactDateToIso("20260131")).toBe("2026-01-31");
    expect(compactDateToIso("20260230")).toBeNull();
    expect(yearMonthDayToIso("2026-04-05")).toBe("2026-04-05");
    expect(yearMonthDayToIso("2026-04-31")).toBeNull();
    expect(anyDateToIso("20280229")).toBe("2028-02-29");
    expect(anyDateToIso("29-02-2028")).toBe("2028-02-29");
    expect(anyDateToIso("2028-02-29")).toBe("2028-02-29");
    expect(anyDateToIso("29-02-2027")).toBeNull();
    expect(anyDateToIso("")).toBeNull();
  });
});

describe("IBANs", () => {
  it("normalises without a checksum test and keeps only IBAN shapes as IBANs", () => {
    expect(normaliseIban(" nl91 abna 0417 1643 00 ")).toBe("NL91ABNA0417164300");
    expect(normaliseIban("   ")).toBeNull();
    // domain.md §3: sample files carry IBANs with a wrong checksum.
    expect(ibanOrNull("NL00RABO1234567890")).toBe("NL00RABO1234567890");
    expect(ibanOrNull("fr14 2004 1010 0505 0001 3m02 606")).toBe("FR1420041010050500013M02606");
    expect(ibanOrNull("123456789")).toBeNull();
    expect(ibanOrNull("")).toBeNull();
    expect(dutchBankCode("NL45ASNB0708219871")).toBe("ASNB");
    expect(dutchBankCode("DE89370400440532013000")).toBeNull();
    expect(dutchBankCode(null)).toBeNull();
  });
});

describe("text", () => {
  it("collapses whitespace of every kind", () => {
    expect(collapseWhitespace("  Factuur\t12\r\n  deel\u00a02 ")).toBe("Factuur 12 deel 2");
  });

  it("splits labelled notes, the value running to the next label", () => {
    const notes = splitLabelledText(
      "Vooraf Naam: Jan Jansen Omschrijving: Factuur 12: deel 2 IBAN: NL02ABNA0123456789 Value date: 10/02/2026",
      ["Naam", "Omschrijving", "IBAN", "Value date"],
    );
    expect(notes.before).toBe("Vooraf");
    expect(notes.parts).toEqual([
      { label: "Naam", value: "Jan Jansen" },
      { label: "Omschrijving", value: "Factuur 12: deel 2" },
      { label: "IBAN", value: "NL02ABNA0123456789" },
      { label: "Value date", value: "10/02/2026" },
    ]);
    expect(labelledValue(notes, "Name", "Naam")).toBe("Jan Jansen");
    expect(labelledValue(notes, "Kenmerk")).toBeNull();
    // A label inside a word or without a colon does not split.
    expect(splitLabelledText("Bijnaam: x, naam jan", ["Naam"]).parts).toEqual([]);
  });

  it("recognises only structured references", () => {
    expect(structuredReference("1234 5678 9012 3456")).toBe("1234567890123456");
    expect(structuredReference("rf18 5390 0754 7034")).toBe("RF18539007547034");
    expect(structuredReference("Factuur 2026-014")).toBeNull();
    expect(structuredReference("123456789012345")).toBeNull();
    expect(structuredReference(null)).toBeNull();
  });

  it("reads SEPA placeholders as no end-to-end id", () => {
    expect(endToEndIdOrNull("NOTPROVIDED")).toBeNull();
    expect(endToEndIdOrNull(" ")).toBeNull();
    expect(endToEndIdOrNull("E2E-1")).toBe("E2E-1");
  });

  it("signs an unsigned amount without producing -0", () => {
    expect(withSign(1250, -1)).toBe(-1250);
    expect(withSign(-1250, 1)).toBe(1250);
    expect(Object.is(withSign(0, -1), 0)).toBe(true);
  });
});
