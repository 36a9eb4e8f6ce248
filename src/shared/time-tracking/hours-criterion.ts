/**
 * The urencriterium (domain.md §8): at least 1,225 hours in the business per calendar year, not pro-rated for a
 * mid-year start. Every hour booked counts, billable or not: client work, travel, administration, acquisition,
 * marketing, study for the business, upkeep of office and IT.
 */
import { daysBetween } from "../dates";

export const HOURS_CRITERION = 1225;
export const HOURS_CRITERION_MINUTES = HOURS_CRITERION * 60;
/**
 * More hours a week than anyone keeps up (ten hours a day, six days a week): a goal that needs a faster pace is
 * out of reach this year, and the card says so instead of asking for it (the criterion is not pro-rated).
 */
export const MAX_SUSTAINABLE_HOURS_PER_WEEK = 60;

export interface HoursCriterionProgress {
  year: number;
  bookedMinutes: number;
  goalMinutes: number;
  remainingMinutes: number;
  /** Weeks left in the year, today included (fractional: 10 days = 1.43 weeks). */
  weeksLeft: number;
  /** The pace needed from today to reach the goal by 31 December; 0 once it is reached. */
  minutesPerWeekNeeded: number;
  /** What an even pace over the year would have booked by the end of today. */
  expectedMinutesByNow: number;
  isOnTrack: boolean;
  isReached: boolean;
  /** Whether the rest can still be booked this year at a pace a person keeps up (MAX_SUSTAINABLE_HOURS_PER_WEEK). */
  isReachable: boolean;
}

/** Progress on the year of `today` ("YYYY-MM-DD", the business date) with the minutes booked in that year. */
export function hoursCriterionProgress(bookedMinutes: number, today: string): HoursCriterionProgress {
  const year = Number(today.slice(0, 4));
  const firstDay = `${year}-01-01`;
  const daysInYear = daysBetween(firstDay, `${year}-12-31`) + 1;
  const daysDone = daysBetween(firstDay, today) + 1;
  const daysLeft = daysInYear - daysDone + 1;
  const remainingMinutes = Math.max(0, HOURS_CRITERION_MINUTES - bookedMinutes);
  const weeksLeft = daysLeft / 7;
  const expectedMinutesByNow = Math.round((HOURS_CRITERION_MINUTES * daysDone) / daysInYear);
  const minutesPerWeekNeeded = remainingMinutes === 0 ? 0 : Math.ceil(remainingMinutes / weeksLeft);
  return {
    year,
    bookedMinutes,
    goalMinutes: HOURS_CRITERION_MINUTES,
    remainingMinutes,
    weeksLeft: Math.round(weeksLeft * 100) / 100,
    minutesPerWeekNeeded,
    expectedMinutesByNow,
    isOnTrack: bookedMinutes >= expectedMinutesByNow,
    isReached: remainingMinutes === 0,
    isReachable: minutesPerWeekNeeded <= MAX_SUSTAINABLE_HOURS_PER_WEEK * 60,
  };
}
