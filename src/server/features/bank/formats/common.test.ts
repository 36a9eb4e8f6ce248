import { describe, expect, it } from "vitest";
import {
  anyDateToIso,
  collapsedOrNull,
  collapseWhitespace,
  compactDateToIso,
  dayMonthYearToIso,
  dutchBankCode,
  endToEndIdOrNull,
  ibanOrNull,
  isIbanShaped,
  isoDateFromParts,
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

describe("parseAmountCents, plain notation (MT940, CAMT)", () => {
  it.each([
    ["1512,50", ",", 151250],
    ["000000001000,00", ",", 100000],
    ["9,", ",", 900],
    ["0,", ",", 0],
    ["1512,500", ",", 151250],
    ["12.500", ".", 1250],
    ["12.50", ".", 1250],
    ["12.", ".", 1200],
    ["12", ".", 1200],
    [" 7.1 ", ".", 710],
  ] as const)("%j with %j -> %i", (text, separator, cents) => {
    expect(parseAmountCents(text, separator, "plain")).toBe(cents);
  });

  it.each([
    ["1512,501", ","],
    ["12.5001", "."],
    ["-12.50", "."],
    ["+12.50", "."],
    ["12,50-", ","],
    ["1.234,56", ","],
    ["1,234.56", "."],
    ["1 234.56", "."],
    [",50", ","],
    ["", "."],
    ["1e3", "."],
  ] as const)("rejects %j with %j", (text, separator) => {
    expect(parseAmountCents(text, separator, "plain")).toBeNull();
  });

  it("leaves a third decimal, even a zero, to the plain notation: in grouped text it may group thousands", () => {
    expect(parseAmountCents("12,500", ",")).toBeNull();
    expect(parseAmountCents("1.000", ".")).toBeNull();
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

  it("builds a date from its parts", () => {
    expect(isoDateFromParts("2024", "1", "2")).toBe("2024-01-02");
    expect(isoDateFromParts("2024", "02", "29")).toBe("2024-02-29");
    expect(isoDateFromParts("2023", "02", "29")).toBeNull();
    expect(isoDateFromParts("2024", "13", "01")).toBeNull();
    expect(isoDateFromParts("2024", "00", "10")).toBeNull();
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

  it("takes an IBAN's shape from 15 characters (Norway's) to 34", () => {
    expect(isIbanShaped("NO9386011117947")).toBe(true);
    expect(isIbanShaped("MT84MALT011000012345MTLCAST001S")).toBe(true);
    expect(isIbanShaped("NL12ABCD1234")).toBe(false);
    expect(isIbanShaped("nl91abna0417164300")).toBe(false);
    expect(ibanOrNull("NL12ABCD1234")).toBeNull();
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

  it("reads fixed-width giro text loosely: any case, touching values, a full stop for a colon", () => {
    const text = splitLabelledText(
      "GIRO 428428 Naam: NETFLIX B.V.Machtiging: DD-1 iban : NL91ABNA0417164300 BETALINGSKENM. 5012 3456 rest",
      ["Naam", "Machtiging", "IBAN", "Betalingskenm.", "Betalingskenm"],
      { loose: true },
    );
    expect(text.before).toBe("GIRO 428428");
    expect(text.parts).toEqual([
      { label: "Naam", value: "NETFLIX B.V." },
      { label: "Machtiging", value: "DD-1" },
      { label: "IBAN", value: "NL91ABNA0417164300" },
      { label: "Betalingskenm.", value: "5012 3456 rest" },
    ]);
    // Without the full stop the label still needs its colon.
    expect(splitLabelledText("BETALINGSKENM 5012", ["Betalingskenm"], { loose: true }).parts).toEqual([]);
    expect(splitLabelledText("Betalingskenm: 5012", ["Betalingskenm"], { loose: true }).parts).toEqual([
      { label: "Betalingskenm", value: "5012" },
    ]);
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

  it("reads NONREF in any case as no end-to-end id too, and collapses whitespace", () => {
    expect(endToEndIdOrNull("nonref")).toBeNull();
    expect(endToEndIdOrNull("NotProvided")).toBeNull();
    expect(endToEndIdOrNull(null)).toBeNull();
    expect(endToEndIdOrNull(" E2E  1 ")).toBe("E2E 1");
  });

  it("answers null for text that is only whitespace", () => {
    expect(collapsedOrNull(" Jan \n Jansen ")).toBe("Jan Jansen");
    expect(collapsedOrNull(" \t ")).toBeNull();
    expect(collapsedOrNull(undefined)).toBeNull();
  });

  it("signs an unsigned amount without producing -0", () => {
    expect(withSign(1250, -1)).toBe(-1250);
    expect(withSign(-1250, 1)).toBe(1250);
    expect(Object.is(withSign(0, -1), 0)).toBe(true);
  });
});
