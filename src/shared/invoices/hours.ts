/**
 * 'Uren factureren': billable time entries become invoice lines, hours × rate, one line per entry or one per
 * project (and rate). Hours are written with two decimals (50 minutes = 0.83 h), rounded half up, and the line
 * amount is quantity × unit price as printed, so the invoice adds up the way the client checks it.
 */
import { formatDate } from "../format";
import type { Cents } from "../money";
import type { VatCategory } from "./math";

export const HOURS_GROUPINGS = ["project", "entry"] as const;
export type HoursGrouping = (typeof HOURS_GROUPINGS)[number];

export type BillableEntryInput = {
  id: string;
  /** The calendar day (Amsterdam) the entry started. */
  date: string;
  projectId: string | null;
  projectName: string | null;
  description: string | null;
  minutes: number;
  rateCents: Cents;
};

export type HoursLine = {
  description: string;
  quantityHundredths: number;
  unitPriceCents: Cents;
  vatCategory: VatCategory;
  /** Set when the line bills exactly one entry. */
  timeEntryId: string | null;
};

/** 60 minutes -> 100, 50 -> 83, 20 -> 33, 10 -> 17 (half up, in integers). */
export function hundredthsOfHours(minutes: number): number {
  return Math.floor((minutes * 10 + 3) / 6);
}

const NO_PROJECT = "Overige werkzaamheden";

export function hoursToLines(
  entries: readonly BillableEntryInput[],
  grouping: HoursGrouping,
  vatCategory: VatCategory,
): HoursLine[] {
  if (grouping === "entry") {
    return entries.map((entry) => ({
      description: `${formatDate(entry.date)} ${entry.projectName ?? NO_PROJECT}${entry.description ? `: ${entry.description}` : ""}`,
      quantityHundredths: hundredthsOfHours(entry.minutes),
      unitPriceCents: entry.rateCents,
      vatCategory,
      timeEntryId: entry.id,
    }));
  }
  const groups = new Map<string, BillableEntryInput[]>();
  for (const entry of entries) {
    const key = `${entry.projectId ?? ""}|${entry.rateCents}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const dates = group.map((entry) => entry.date).sort();
    const minutes = group.reduce((sum, entry) => sum + entry.minutes, 0);
    const period =
      dates[0] === dates.at(-1)
        ? formatDate(dates[0]!)
        : `${formatDate(dates[0]!)} t/m ${formatDate(dates.at(-1)!)}`;
    const count = group.length === 1 ? "1 registratie" : `${group.length} registraties`;
    return {
      description: `${first.projectName ?? NO_PROJECT}: ${count}, ${period}`,
      quantityHundredths: hundredthsOfHours(minutes),
      unitPriceCents: first.rateCents,
      vatCategory,
      timeEntryId: group.length === 1 ? first.id : null,
    };
  });
}
