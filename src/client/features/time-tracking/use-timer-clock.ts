import { useEffect, useState } from "react";
import type { Timer } from "@shared/schemas/time-tracking";
import { TIMER_TICK_MS } from "@shared/time-tracking/duration";

/**
 * The worked time to show, counted on every second (spec §9) from the server's figure. The browser's clock only
 * measures how long ago that figure arrived, so a wrong clock on this device does not change the timer.
 */
export function useWorkedMilliseconds(timer: Timer | undefined, receivedAt: number): number {
  const isRunning = timer?.state === "running";
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return;
    const interval = setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => clearInterval(interval);
  }, [isRunning, receivedAt]);
  if (!timer || timer.state === "stopped") return 0;
  if (!isRunning) return timer.workedMilliseconds;
  return timer.workedMilliseconds + Math.max(0, now - receivedAt);
}

/** The server's clock right now, estimated from the timer's answer. */
export function estimatedServerNow(timer: Timer, receivedAt: number): Date {
  return new Date(Date.parse(timer.serverTime) + (Date.now() - receivedAt));
}
