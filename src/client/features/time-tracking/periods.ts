import { addDays, addMonths } from "@shared/dates";
import { monthEnd, monthStart } from "@shared/periods";

/** The period filter of the entries table, in calendar days of Amsterdam. */
export const PERIODS = {
  week: "Deze week",
  month: "Deze maand",
  "last-month": "Vorige maand",
  year: "Dit jaar",
  all: "Alles",
} as const;
export type Period = keyof typeof PERIODS;

/** The first and last day of a period around `today` ("YYYY-MM-DD"); weeks start on Monday. */
export function periodRange(period: Period, today: string): { from?: string; to?: string } {
  const year = today.slice(0, 4);
  switch (period) {
    case "week": {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case "month":
      return { from: monthStart(today), to: monthEnd(today) };
    case "last-month": {
      const from = addMonths(monthStart(today), -1);
      return { from, to: monthEnd(from) };
    }
    case "year":
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case "all":
      return {};
  }
}
