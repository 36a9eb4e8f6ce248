import { describe, expect, it } from "vitest";
import { businessMoment } from "../dates";
import {
  entryAmountCents,
  formatClock,
  formatDuration,
  minutesBetween,
  needsStopConfirmation,
  stopConfirmationReasons,
  wholeMinutes,
  workedMilliseconds,
  type TimerTimes,
} from "./duration";

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function timer(startedAt: string, pausedMilliseconds = 0, pausedAt: string | null = null): TimerTimes {
  return { startedAt: at(startedAt), pausedAt: pausedAt ? at(pausedAt) : null, pausedMilliseconds };
}

describe("worked time of a timer", () => {
  it.each([
    ["running, no pauses", timer("2026-11-21T08:00:00Z"), "2026-11-21T09:30:00Z", 90 * MINUTE],
    [
      "ended pauses are left out",
      timer("2026-11-21T08:00:00Z", 20 * MINUTE),
      "2026-11-21T09:30:00Z",
      70 * MINUTE,
    ],
    [
      "a pause going on stops the clock at its start",
      timer("2026-11-21T08:00:00Z", 0, "2026-11-21T08:45:00Z"),
      "2026-11-21T11:00:00Z",
      45 * MINUTE,
    ],
    [
      "ended pauses and a pause going on",
      timer("2026-11-21T08:00:00Z", 10 * MINUTE, "2026-11-21T09:00:00Z"),
      "2026-11-21T12:00:00Z",
      50 * MINUTE,
    ],
    [
      "a clock that went backwards never gives less than nothing",
      timer("2026-11-21T08:00:00Z"),
      "2026-11-21T07:59:00Z",
      0,
    ],
  ])("%s", (_case, times, now, expected) => {
    expect(workedMilliseconds(times, at(now))).toBe(expected);
  });
});

describe("whole minutes (spec §9)", () => {
  it.each([
    [0, 0],
    [59_999, 0],
    [60_000, 1],
    [119_999, 1],
    [90 * MINUTE + 59_000, 90],
    [-5_000, 0],
  ])("%i ms -> %i minutes", (milliseconds, minutes) => {
    expect(wholeMinutes(milliseconds)).toBe(minutes);
  });
});

describe("daylight-saving changes in Europe/Amsterdam", () => {
  it("29 March 2026: 01:30 to 03:30 on the wall clock is one hour of work", () => {
    const start = businessMoment("2026-03-29", "01:30");
    const end = businessMoment("2026-03-29", "03:30");
    expect(minutesBetween(start, end)).toBe(60);
    expect(workedMilliseconds({ startedAt: start, pausedAt: null, pausedMilliseconds: 0 }, end)).toBe(HOUR);
  });

  it("25 October 2026: 01:30 to 03:30 on the wall clock is three hours of work", () => {
    const start = businessMoment("2026-10-25", "01:30");
    const end = businessMoment("2026-10-25", "03:30");
    expect(minutesBetween(start, end)).toBe(180);
  });

  it("a timer running through the change counts real time, with its pause left out", () => {
    const startedAt = businessMoment("2026-10-25", "00:00");
    const now = businessMoment("2026-10-25", "04:00"); // five real hours later
    expect(
      wholeMinutes(workedMilliseconds({ startedAt, pausedAt: null, pausedMilliseconds: 30 * MINUTE }, now)),
    ).toBe(270);
  });

  it("reads wall-clock times around the changes", () => {
    expect(businessMoment("2026-03-29", "01:59").toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(businessMoment("2026-03-29", "03:00").toISOString()).toBe("2026-03-29T01:00:00.000Z");
    // 02:30 does not exist that night; it is read as 03:30 summer time.
    expect(businessMoment("2026-03-29", "02:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 25 October; the first one (summer time) is meant.
    expect(businessMoment("2026-10-25", "02:30").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(businessMoment("2026-10-25", "03:00").toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });
});

describe("stopping asks for confirmation over midnight or after 12 hours", () => {
  it.each([
    ["same day, 8 hours", timer("2026-11-21T07:00:00Z"), "2026-11-21T15:00:00Z", false, false],
    // 23:30 -> 00:30 in Amsterdam (UTC+1): another calendar day.
    ["over midnight in Amsterdam", timer("2026-11-21T22:30:00Z"), "2026-11-21T23:30:00Z", true, false],
    // 22:30 UTC -> 23:59 UTC in summer is 00:30 -> 01:59 the next day in Amsterdam: the same day there.
    [
      "midnight in UTC is not midnight in Amsterdam",
      timer("2026-07-01T22:30:00Z"),
      "2026-07-01T23:59:00Z",
      false,
      false,
    ],
    ["just over 12 hours of work", timer("2026-11-21T05:00:00Z"), "2026-11-21T17:00:01Z", false, true],
    [
      "12 hours with a pause is less than 12 hours of work",
      timer("2026-11-21T05:00:00Z", HOUR),
      "2026-11-21T17:30:00Z",
      false,
      false,
    ],
    [
      "stopped while paused: the day of the pause counts",
      timer("2026-11-21T20:00:00Z", 0, "2026-11-21T22:00:00Z"),
      "2026-11-22T08:00:00Z",
      false,
      false,
    ],
  ])("%s", (_case, times, now, overMidnight, overLongTime) => {
    expect(stopConfirmationReasons(times, at(now))).toEqual({ overMidnight, overLongTime });
    expect(needsStopConfirmation(times, at(now))).toBe(overMidnight || overLongTime);
  });
});

describe("display", () => {
  it.each([
    [0, "00:00:00"],
    [999, "00:00:00"],
    [61_000, "00:01:01"],
    [3_723_000, "01:02:03"],
    [100 * HOUR, "100:00:00"],
  ])("formatClock(%i) = %s", (milliseconds, text) => {
    expect(formatClock(milliseconds)).toBe(text);
  });

  it.each([
    [0, "0u 0m"],
    [5, "0u 5m"],
    [60, "1u 0m"],
    [95, "1u 35m"],
    [1500, "25u 0m"],
  ])("formatDuration(%i) = %s (spec §2.14: Xu Ym)", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });
});

describe("amount of an entry", () => {
  it.each([
    [60, 8500, 8500],
    [90, 8500, 12750],
    [1, 8500, 142], // 141.67 -> 142
    [1, 3000, 50],
    [7, 1, 0], // 0.1167 cents
    [30, 1, 1], // 0.5 cent rounds half up
    [45, null, 0],
  ])("%i minutes at %s cents/hour = %i cents", (minutes, rate, cents) => {
    expect(entryAmountCents(minutes, rate)).toBe(cents);
  });
});
