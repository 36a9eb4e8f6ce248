import { describe, expect, it } from "vitest";
import { hoursToLines, hundredthsOfHours, type BillableEntryInput } from "./hours";
import { computeTotals } from "./math";

describe("hundredthsOfHours", () => {
  it.each([
    [60, 100],
    [90, 150],
    [50, 83], // 0.8333
    [20, 33], // 0.3333
    [10, 17], // 0.1667
    [1, 2], // 0.0167
    [0, 0],
    [1225 * 60, 122500],
  ])("%i minutes = %i hundredths of an hour", (minutes, expected) => {
    expect(hundredthsOfHours(minutes)).toBe(expected);
  });
});

const ENTRIES: BillableEntryInput[] = [
  {
    id: "a",
    date: "2026-11-02",
    projectId: "p1",
    projectName: "Website",
    description: "Ontwerp",
    minutes: 90,
    rateCents: 8500,
  },
  {
    id: "b",
    date: "2026-11-05",
    projectId: "p1",
    projectName: "Website",
    description: "Bouw",
    minutes: 120,
    rateCents: 8500,
  },
  {
    id: "c",
    date: "2026-11-03",
    projectId: "p2",
    projectName: "Logo",
    description: null,
    minutes: 50,
    rateCents: 6000,
  },
  {
    id: "d",
    date: "2026-11-06",
    projectId: "p1",
    projectName: "Website",
    description: "Spoed",
    minutes: 60,
    rateCents: 12000,
  },
];

describe("hoursToLines", () => {
  it("makes one line per entry: date, project and description, hours × rate", () => {
    expect(hoursToLines(ENTRIES.slice(0, 3), "entry", "21")).toEqual([
      {
        description: "02-11-2026 Website: Ontwerp",
        quantityHundredths: 150,
        unitPriceCents: 8500,
        vatCategory: "21",
        timeEntryId: "a",
      },
      {
        description: "05-11-2026 Website: Bouw",
        quantityHundredths: 200,
        unitPriceCents: 8500,
        vatCategory: "21",
        timeEntryId: "b",
      },
      {
        description: "03-11-2026 Logo",
        quantityHundredths: 83,
        unitPriceCents: 6000,
        vatCategory: "21",
        timeEntryId: "c",
      },
    ]);
  });

  it("makes one line per project and rate, with the number of entries and the period", () => {
    const lines = hoursToLines(ENTRIES, "project", "exempt");
    expect(lines).toEqual([
      {
        description: "Website: 2 registraties, 02-11-2026 t/m 05-11-2026",
        quantityHundredths: 350,
        unitPriceCents: 8500,
        vatCategory: "exempt",
        timeEntryId: null,
      },
      {
        description: "Logo: 1 registratie, 03-11-2026",
        quantityHundredths: 83,
        unitPriceCents: 6000,
        vatCategory: "exempt",
        timeEntryId: "c",
      },
      {
        description: "Website: 1 registratie, 06-11-2026",
        quantityHundredths: 100,
        unitPriceCents: 12000,
        vatCategory: "exempt",
        timeEntryId: "d",
      },
    ]);
    // 3.5 × 85 + 0.83 × 60 + 1 × 120 = 297.50 + 49.80 + 120.00
    expect(computeTotals(lines).subtotal).toBe(29750 + 4980 + 12000);
  });
});
