import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while rendering on the server and while hydrating a prerendered page, true afterwards: for parts that
 * depend on the browser (the URL's query string), so hydration matches the prerendered HTML.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
