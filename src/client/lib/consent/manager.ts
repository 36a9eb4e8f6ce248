/**
 * The consent state machine of spec §4, without React and without a real browser (everything it touches is
 * passed in), so it is unit-tested in node.
 * 1. start(): read the stored consent (invalid data removed); without one, ask the server for this session id.
 *    Only then is consent "loaded", and the banner may show (spec §2.7).
 * 2. update(): replaces the whole status, stores record + history, updates the providers' consent modes,
 *    removes cookies no longer allowed, loads enabled providers that went off→on, sends a consent-update event
 *    and saves to the server (a failure is only logged, spec §8).
 * 3. reset(): clears local consent, history and banner flag, deletes analytics and marketing cookies, records the
 *    withdrawal on the server, forgets the session id and sends a consent-reset event; the banner shows again.
 * 4. consent-update and consent-reset events from elsewhere on the page are applied too.
 */
import {
  ALL_CONSENT,
  CONSENT_POLICY_VERSION,
  DEFAULT_CONSENT,
  type ConsentMethod,
  type ConsentStatus,
  type CookieCategory,
} from "@shared/consent";
import type { ConsentAnswer, ConsentInput } from "@shared/schemas/consent";
import { removeCategoryCookies, removeUnconsentedCookies, type CookieJar } from "./cookies";
import {
  applyConsentModes,
  providersToLoad,
  TRACKING_PROVIDERS,
  type ConsentModeTarget,
  type TrackingProvider,
} from "./providers";
import {
  clearConsentRecords,
  ensureSessionId,
  forgetSessionId,
  hasBannerBeenShown,
  readConsentHistory,
  readConsentRecord,
  readSessionId,
  writeConsentRecord,
  type ConsentHistoryEntry,
  type ConsentStorage,
  type LocalConsentRecord,
} from "./records";

export const CONSENT_UPDATE_EVENT = "consent-update";
export const CONSENT_RESET_EVENT = "consent-reset";

export type ConsentUpdateDetail = { consent: ConsentStatus; method?: ConsentMethod };

export type ConsentState = {
  isLoaded: boolean;
  status: ConsentStatus;
  record: LocalConsentRecord | null;
  history: ConsentHistoryEntry[];
  /** Spec §2.7: loaded, and neither a banner-shown flag nor a stored consent. */
  isBannerVisible: boolean;
  sessionId: string | null;
};

/** The state before consent is read: also what prerendered pages are rendered with (no banner yet). */
export const INITIAL_CONSENT_STATE: ConsentState = {
  isLoaded: false,
  status: DEFAULT_CONSENT,
  record: null,
  history: [],
  isBannerVisible: false,
  sessionId: null,
};

export type ConsentApi = {
  load(sessionId: string): Promise<ConsentAnswer | null>;
  save(payload: ConsentInput): Promise<void>;
};

export type ConsentEnvironment = {
  storage: ConsentStorage;
  cookies: CookieJar;
  /** Where consent-update and consent-reset are dispatched and listened for (the window). */
  events: EventTarget;
  consentModes: ConsentModeTarget;
  api: ConsentApi;
  now: () => Date;
  userAgent: string;
  hostname: string;
  pageUrl: () => string;
  randomId: () => string;
  loadScript: (provider: TrackingProvider) => void;
  log: (message: string, error?: unknown) => void;
  providers?: readonly TrackingProvider[];
};

export type ConsentManager = ReturnType<typeof createConsentManager>;

export function createConsentManager(env: ConsentEnvironment) {
  const providers = env.providers ?? TRACKING_PROVIDERS;
  const listeners = new Set<() => void>();
  const loadedProviders = new Set<string>();
  let isStarted = false;
  /** The signed-in user this tab last saved the consent for (syncUser). */
  let syncedUserId: string | null = null;
  let state: ConsentState = INITIAL_CONSENT_STATE;

  function setState(next: Partial<ConsentState>) {
    state = { ...state, ...next };
    state.isBannerVisible = state.isLoaded && state.record === null && !hasBannerBeenShown(env.storage);
    for (const listener of listeners) listener();
  }

  /** Consent modes and cookies follow the status; scripts load for categories that went off→on. */
  function applyStatus(previous: ConsentStatus, next: ConsentStatus, kind: "default" | "update") {
    applyConsentModes(env.consentModes, next, kind, providers);
    removeUnconsentedCookies(env.cookies, next, env.hostname);
    for (const provider of providersToLoad(previous, next, providers)) {
      if (loadedProviders.has(provider.id)) continue;
      loadedProviders.add(provider.id);
      env.loadScript(provider);
    }
  }

  function storeRecord(status: ConsentStatus, method: ConsentMethod, timestamp: string): LocalConsentRecord {
    const record: LocalConsentRecord = {
      status,
      timestamp,
      version: CONSENT_POLICY_VERSION,
      method,
      userAgent: env.userAgent,
    };
    const history = writeConsentRecord(env.storage, record);
    setState({ record, history, status });
    return record;
  }

  async function save(sessionId: string, status: ConsentStatus, method: ConsentMethod) {
    try {
      await env.api.save({
        sessionId,
        userId: syncedUserId,
        ...status,
        consentMethod: method,
        policyVersion: CONSENT_POLICY_VERSION,
        pageUrl: env.pageUrl(),
      });
    } catch (error) {
      env.log("Toestemming opslaan op de server mislukt; de lokale keuze geldt.", error);
    }
  }

  const onUpdateEvent = (event: Event) => {
    const detail = (event as CustomEvent<ConsentUpdateDetail | undefined>).detail;
    if (!detail?.consent || sameStatus(detail.consent, state.status)) return;
    void update(detail.consent, detail.method ?? "settings", { isFromEvent: true });
  };
  const onResetEvent = () => {
    if (state.record === null && sameStatus(state.status, DEFAULT_CONSENT)) return;
    void reset({ isFromEvent: true });
  };

  /** Reads the stored consent, or the server's for this session id; then consent is loaded. */
  async function start(): Promise<void> {
    if (isStarted) return;
    isStarted = true;
    env.events.addEventListener(CONSENT_UPDATE_EVENT, onUpdateEvent);
    env.events.addEventListener(CONSENT_RESET_EVENT, onResetEvent);

    const record = readConsentRecord(env.storage);
    const history = readConsentHistory(env.storage);
    const sessionId = readSessionId(env.storage);
    if (record) {
      setState({ isLoaded: true, record, history, status: record.status, sessionId });
      applyStatus(DEFAULT_CONSENT, record.status, "default");
      return;
    }
    applyStatus(DEFAULT_CONSENT, DEFAULT_CONSENT, "default");
    if (sessionId) {
      try {
        const answer = await env.api.load(sessionId);
        if (answer && answer.policyVersion === CONSENT_POLICY_VERSION) {
          const status = toStatus(answer);
          storeRecord(status, answer.consentMethod, answer.consentGivenAt);
          applyStatus(DEFAULT_CONSENT, status, "update");
        }
      } catch (error) {
        env.log("Toestemming laden van de server mislukt; de lokale gegevens gelden.", error);
      }
    }
    setState({ isLoaded: true, history: readConsentHistory(env.storage), sessionId });
  }

  /** Spec §4: an update replaces the whole status (essential is always true). */
  async function update(
    status: ConsentStatus,
    method: ConsentMethod,
    options: { isFromEvent?: boolean } = {},
  ): Promise<void> {
    const next = normalise(status);
    const previous = state.status;
    const sessionId = ensureSessionId(env.storage, env.randomId);
    setState({ sessionId });
    storeRecord(next, method, env.now().toISOString());
    applyStatus(previous, next, "update");
    if (!options.isFromEvent) {
      env.events.dispatchEvent(
        new CustomEvent<ConsentUpdateDetail>(CONSENT_UPDATE_EVENT, { detail: { consent: next, method } }),
      );
    }
    await save(sessionId, next, method);
  }

  /**
   * Spec §4 Reset. The server keeps the old record as proof, marked withdrawn; the session id is forgotten so
   * the next choice starts a new record.
   */
  async function reset(options: { isFromEvent?: boolean } = {}): Promise<void> {
    const hadChoice = state.record !== null;
    const sessionId = readSessionId(env.storage);
    clearConsentRecords(env.storage);
    forgetSessionId(env.storage);
    removeCategoryCookies(env.cookies, ["analytics", "marketing"], env.hostname);
    const previous = state.status;
    setState({ status: DEFAULT_CONSENT, record: null, history: [], sessionId: null, isLoaded: true });
    applyStatus(previous, DEFAULT_CONSENT, "update");
    if (!options.isFromEvent) env.events.dispatchEvent(new CustomEvent(CONSENT_RESET_EVENT));
    if (sessionId && hadChoice) await save(sessionId, DEFAULT_CONSENT, "settings");
  }

  return {
    start,
    update,
    reset,
    acceptAll: () => update(ALL_CONSENT, "banner"),
    rejectAll: () => update(DEFAULT_CONSENT, "banner"),
    /** Spec §4: a per-category change (method settings); essential cannot be switched off. */
    setCategory(category: CookieCategory, isAllowed: boolean): Promise<void> {
      if (category === "essential") return Promise.resolve();
      return update({ ...state.status, [category]: isAllowed }, "settings");
    },
    /**
     * Once per signed-in user and tab, sends the current choice again so the server attaches it to the user
     * (the choice was usually made before signing in). The server records no change, only the link.
     */
    async syncUser(userId: string): Promise<void> {
      if (syncedUserId === userId) return;
      syncedUserId = userId;
      const sessionId = readSessionId(env.storage);
      if (!state.record || !sessionId) return;
      await save(sessionId, state.status, state.record.method);
    },
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      env.events.removeEventListener(CONSENT_UPDATE_EVENT, onUpdateEvent);
      env.events.removeEventListener(CONSENT_RESET_EVENT, onResetEvent);
      isStarted = false;
    },
  };
}

function normalise(status: Partial<ConsentStatus>): ConsentStatus {
  return {
    essential: true,
    functional: status.functional === true,
    analytics: status.analytics === true,
    marketing: status.marketing === true,
  };
}

function toStatus(answer: ConsentAnswer): ConsentStatus {
  return normalise(answer as Partial<ConsentStatus>);
}

function sameStatus(a: Partial<ConsentStatus>, b: ConsentStatus): boolean {
  return a.functional === b.functional && a.analytics === b.analytics && a.marketing === b.marketing;
}
