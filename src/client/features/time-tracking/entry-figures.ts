import { parseCents } from "@shared/money";
import type { TimeEntry } from "@shared/schemas/time-tracking";

/** The hours shown and what of them can be invoiced: non-billable time adds hours, never money. */
export function entryTotals(entries: readonly TimeEntry[]) {
  const billable = entries.filter((entry) => entry.isBillable);
  return {
    minutes: entries.reduce((sum, entry) => sum + entry.duration, 0),
    billableMinutes: billable.reduce((sum, entry) => sum + entry.duration, 0),
    billableCents: billable.reduce((sum, entry) => sum + parseCents(entry.amount)!, 0),
  };
}

/** Minutes between start and end that were not worked: the pauses of a timer, or a shorter duration by hand. */
export function pauseMinutes(entry: Pick<TimeEntry, "startTime" | "endTime" | "duration">): number {
  if (!entry.endTime) return 0;
  const span = Math.floor((Date.parse(entry.endTime) - Date.parse(entry.startTime)) / 60_000);
  return Math.max(span - entry.duration, 0);
}
