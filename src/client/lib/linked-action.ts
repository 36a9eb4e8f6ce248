import { useEffect, useEffectEvent } from "react";
import { useSearchParams } from "wouter";
import { APP_ACTION_PARAM, RECORD_PARAM, type AppAction } from "@shared/routes";

/**
 * Links that ask a screen to do something on arrival (shared/routes.ts): `?actie=` starts its main action,
 * `?open=<id>` opens one record. The screen handles the request once and takes it out of the address at once
 * (replacing the history entry), so Back or a reload shows the screen without doing it again.
 */
function useLinkedRequest(
  param: string,
  matches: (value: string) => boolean,
  handle: (value: string) => void,
) {
  const [params, setParams] = useSearchParams();
  const value = params.get(param);
  const requested = value !== null && matches(value) ? value : null;
  const onRequest = useEffectEvent(handle);
  useEffect(() => {
    if (requested === null) return;
    onRequest(requested);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [param, requested, setParams]);
}

/** Starts `start` when the screen was opened with ?actie=`action` (appActionPath). */
export function useLinkedAction(action: AppAction, start: () => void): void {
  useLinkedRequest(APP_ACTION_PARAM, (value) => value === action, start);
}

/** Opens the record named by ?open=<id> (recordPath). */
export function useLinkedRecord(open: (id: string) => void): void {
  useLinkedRequest(RECORD_PARAM, (value) => value !== "", open);
}
