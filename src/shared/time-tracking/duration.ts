/**
 * The arithmetic of the Uren screen, shared by the server (which decides) and the browser (which shows).
 * Durations are measured on the absolute time line (milliseconds since the epoch), so the clock changes in
 * Europe/Amsterdam never add or remove an hour of work; only "which calendar day" looks at the wall clock.
 */
import { businessDate } from "../dates";
import type { Cents } from "../money";

/** Spec §9: the timer ticks every second; durations are saved in whole minutes. */
export const TIMER_TICK_MS = 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A timer that ran longer than this asks for confirmation before it is saved (issue 5). */
export const LONG_TIMER_HOURS = 12;

/** The parts of a running or paused timer that its worked time depends on. */
export interface TimerTimes {
  startedAt: Date;
  /** Set while paused. */
  pausedAt: Date | null;
  /** The pauses that have already ended, in total. */
  pausedMilliseconds: number;
}

/** Where the worked time of a timer ends when it is stopped at `now`: a paused timer stopped working at its pause. */
export function timerEnd(timer: TimerTimes, now: Date): Date {
  return timer.pausedAt ?? now;
}

/** Worked time: from the start to now (or to the pause that is going on), minus the pauses. Never negative. */
export function workedMilliseconds(timer: TimerTimes, now: Date): number {
  const end = timerEnd(timer, now).getTime();
  return Math.max(0, end - timer.startedAt.getTime() - timer.pausedMilliseconds);
}

/** Spec §9: whole minutes, counted down — a minute is booked once it has been worked. */
export function wholeMinutes(milliseconds: number): number {
  return Math.floor(Math.max(0, milliseconds) / MINUTE_MS);
}

/** Whole minutes between two moments (an entry's start and end). */
export function minutesBetween(start: Date, end: Date): number {
  return wholeMinutes(end.getTime() - start.getTime());
}

/** Why stopping this timer needs a confirmation, if it does: it ran over midnight, or longer than 12 hours. */
export function stopConfirmationReasons(
  timer: TimerTimes,
  now: Date,
): { overMidnight: boolean; overLongTime: boolean } {
  const end = timerEnd(timer, now);
  return {
    overMidnight: businessDate(timer.startedAt) !== businessDate(end),
    overLongTime: workedMilliseconds(timer, now) > LONG_TIMER_HOURS * HOUR_MS,
  };
}

export function needsStopConfirmation(timer: TimerTimes, now: Date): boolean {
  const reasons = stopConfirmationReasons(timer, now);
  return reasons.overMidnight || reasons.overLongTime;
}

/** The timer display: "01:05:09". Hours keep counting past 99. */
export function formatClock(milliseconds: number): string {
  const totalSeconds = Math.floor(Math.max(0, milliseconds) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, "0")).join(":");
}

/** Spec §2.14: a duration as "Xu Ym" — 95 -> "1u 35m", 5 -> "0u 5m". */
export function formatDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}u ${minutes % 60}m`;
}

/** The amount of an entry: minutes × hourly rate / 60, in cents, rounded half up. */
export function entryAmountCents(minutes: number, hourlyRateCents: Cents | null): Cents {
  if (hourlyRateCents === null) return 0;
  return Math.floor((minutes * hourlyRateCents * 2 + 60) / 120);
}
