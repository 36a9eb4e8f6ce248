import { describe, expect, it } from "vitest";
import { chargesVatUnderKor, korAppliesOn, korCovers, korOverlaps, NO_KOR } from "./kor";

const fromOctober = { korStartDate: "2026-10-01", korEndDate: null };
const oneQuarter = { korStartDate: "2026-10-01", korEndDate: "2026-12-31" };

describe("the KOR over time", () => {
  it.each([
    [NO_KOR, "2026-10-01", false],
    [fromOctober, "2026-09-30", false],
    [fromOctober, "2026-10-01", true],
    [fromOctober, "2099-01-01", true],
    [oneQuarter, "2026-12-31", true],
    [oneQuarter, "2027-01-01", false],
  ])("%o applies on %s: %s", (kor, date, applies) => {
    expect(korAppliesOn(kor, date)).toBe(applies);
  });

  it.each([
    [fromOctober, "2026-10-01", "2026-12-31", true, true],
    [fromOctober, "2026-07-01", "2026-09-30", false, false],
    [fromOctober, "2026-01-01", "2026-12-31", false, true],
    [oneQuarter, "2027-01-01", "2027-03-31", false, false],
    [oneQuarter, "2026-12-01", "2027-01-31", false, true],
    [NO_KOR, "2026-10-01", "2026-12-31", false, false],
  ])("%o over %s – %s: covers %s, overlaps %s", (kor, from, to, covers, overlaps) => {
    expect(korCovers(kor, from, to)).toBe(covers);
    expect(korOverlaps(kor, from, to)).toBe(overlaps);
  });

  it.each([
    [{ type: "income", date: "2026-10-01", vatRateHundredths: 2100 }, true],
    [{ type: "income", date: "2026-10-01", vatRateHundredths: 0 }, false],
    [{ type: "income", date: "2026-09-30", vatRateHundredths: 2100 }, false],
    [{ type: "expense", date: "2026-10-01", vatRateHundredths: 2100 }, false],
  ])("%o charges VAT under the KOR: %s", (booking, charges) => {
    expect(chargesVatUnderKor(fromOctober, booking)).toBe(charges);
  });
});
