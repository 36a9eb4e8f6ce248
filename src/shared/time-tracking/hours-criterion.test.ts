import { describe, expect, it } from "vitest";
import { hoursCriterionProgress } from "./hours-criterion";

const hours = (value: number) => value * 60;

describe("urencriterium: 1,225 hours per calendar year, not pro-rated", () => {
  it("on 1 January nothing is expected yet beyond one day's share, and the whole year is left", () => {
    const progress = hoursCriterionProgress(0, "2026-01-01");
    expect(progress).toMatchObject({
      year: 2026,
      goalMinutes: 73_500,
      remainingMinutes: 73_500,
      isReached: false,
    });
    expect(progress.weeksLeft).toBeCloseTo(365 / 7, 2);
    expect(progress.minutesPerWeekNeeded).toBe(Math.ceil(73_500 / (365 / 7)));
    expect(progress.expectedMinutesByNow).toBe(Math.round(73_500 / 365));
    expect(progress.isOnTrack).toBe(false);
  });

  it("halfway through the year, 700 hours is on track and 500 is not", () => {
    expect(hoursCriterionProgress(hours(700), "2026-07-02").isOnTrack).toBe(true);
    const behind = hoursCriterionProgress(hours(500), "2026-07-02");
    expect(behind.isOnTrack).toBe(false);
    expect(behind.remainingMinutes).toBe(hours(725));
  });

  it("a 1,225-hour year is out of reach once it would take more than 60 hours a week, and in reach before", () => {
    expect(hoursCriterionProgress(0, "2026-11-23").isReachable).toBe(false);
    expect(hoursCriterionProgress(0, "2026-03-01").isReachable).toBe(true);
    // From 11 August 143 days are left: 1,225 hours is just under 60 a week; a day later just over.
    expect(hoursCriterionProgress(0, "2026-08-11").isReachable).toBe(true);
    expect(hoursCriterionProgress(0, "2026-08-12").isReachable).toBe(false);
    expect(hoursCriterionProgress(hours(1300), "2026-12-31").isReachable).toBe(true);
  });

  it("starting in November still needs all 1,225 hours: the pace per remaining week says so", () => {
    const progress = hoursCriterionProgress(hours(40), "2026-11-21");
    expect(progress.remainingMinutes).toBe(hours(1185));
    // 41 days left including today.
    expect(progress.weeksLeft).toBeCloseTo(41 / 7, 2);
    expect(progress.minutesPerWeekNeeded).toBe(Math.ceil(hours(1185) / (41 / 7)));
  });

  it("once reached, nothing more is needed", () => {
    const progress = hoursCriterionProgress(hours(1300), "2026-12-31");
    expect(progress).toMatchObject({
      remainingMinutes: 0,
      minutesPerWeekNeeded: 0,
      isReached: true,
      isOnTrack: true,
    });
    expect(progress.weeksLeft).toBeCloseTo(1 / 7, 2);
  });

  it("a leap year has 366 days", () => {
    expect(hoursCriterionProgress(0, "2028-12-31").expectedMinutesByNow).toBe(73_500);
    expect(hoursCriterionProgress(0, "2028-01-01").weeksLeft).toBeCloseTo(366 / 7, 2);
  });
});
