/**
 * The one consent manager of this browser tab, wired to the real window: localStorage, document.cookie, the
 * server's /api/consent and <script> tags for enabled providers. `useConsent()` gives React the current state.
 */
import { useSyncExternalStore } from "react";
import type { ConsentAnswer, ConsentInput } from "@shared/schemas/consent";
import { ApiError, apiRequest } from "@client/lib/api";
import { documentCookieJar } from "./cookies";
import {
  createConsentManager,
  INITIAL_CONSENT_STATE,
  type ConsentManager,
  type ConsentState,
} from "./manager";
import type { ConsentModeTarget } from "./providers";

let manager: ConsentManager | undefined;

export function getConsentManager(): ConsentManager {
  manager ??= createConsentManager({
    storage: window.localStorage,
    cookies: documentCookieJar(document),
    events: window,
    consentModes: window as unknown as ConsentModeTarget,
    api: {
      async load(sessionId) {
        try {
          return await apiRequest<ConsentAnswer>(
            "GET",
            `/api/consent?sessionId=${encodeURIComponent(sessionId)}`,
          );
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      save: (payload: ConsentInput) => apiRequest<void>("POST", "/api/consent", payload),
    },
    now: () => new Date(),
    userAgent: navigator.userAgent,
    hostname: window.location.hostname,
    // The page, without query or fragment: enough as proof, nothing a search term could leak.
    pageUrl: () => `${window.location.origin}${window.location.pathname}`,
    randomId: () => crypto.randomUUID(),
    loadScript(provider) {
      const script = document.createElement("script");
      script.async = true;
      script.src = provider.scriptUrl;
      script.dataset.provider = provider.id;
      document.head.appendChild(script);
    },
    // Spec §8: consent load or save failures are only logged.
    log: (message, error) => console.warn(message, error),
  });
  return manager;
}

const noSubscription = () => () => {};
const initialState = () => INITIAL_CONSENT_STATE;

/** The consent state; while prerendering (no window) the state before consent is read. */
export function useConsent(): ConsentState {
  const current = typeof window === "undefined" ? null : getConsentManager();
  const getState = current?.getState ?? initialState;
  return useSyncExternalStore(current?.subscribe ?? noSubscription, getState, getState);
}
