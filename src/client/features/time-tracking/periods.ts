import { addDays } from "@shared/dates";

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
  const [year, month] = today.split("-").map(Number) as [number, number];
  const monthStart = (y: number, m: number) => `${y}-${String(m).padStart(2, "0")}-01`;
  switch (period) {
    case "week": {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
      const from = addDays(today, -weekday);
      return { from, to: addDays(from, 6) };
    }
    case "month": {
      const next = month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1);
      return { from: monthStart(year, month), to: addDays(next, -1) };
    }
    case "last-month": {
      const from = month === 1 ? monthStart(year - 1, 12) : monthStart(year, month - 1);
      return { from, to: addDays(monthStart(year, month), -1) };
    }
    case "year":
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case "all":
      return {};
  }
}
