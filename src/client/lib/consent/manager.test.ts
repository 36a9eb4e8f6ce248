import { describe, expect, it, vi } from "vitest";
import { ALL_CONSENT, CONSENT_STORAGE_KEYS, DEFAULT_CONSENT } from "@shared/consent";
import type { ConsentAnswer, ConsentInput } from "@shared/schemas/consent";
import { FakeCookieJar, FakeStorage } from "./fakes.test-utils";
import { CONSENT_RESET_EVENT, CONSENT_UPDATE_EVENT, createConsentManager, type ConsentApi } from "./manager";
import { googleConsentMode, type ConsentModeTarget, type TrackingProvider } from "./providers";

const SESSION_ID = "3f2b8c1e-7d4a-4e5b-9c6d-1a2b3c4d5e6f";
const ENABLED_ANALYTICS: TrackingProvider = {
  id: "google-analytics",
  name: "Google Analytics",
  category: "analytics",
  isEnabled: true,
  trackingId: "G-TEST",
  scriptUrl: "https://example.test/gtag.js",
};

function setup(options: { api?: Partial<ConsentApi>; providers?: TrackingProvider[] } = {}) {
  const storage = new FakeStorage();
  const cookies = new FakeCookieJar();
  const events = new EventTarget();
  const consentModes: ConsentModeTarget = {};
  const saved: ConsentInput[] = [];
  const loadScript = vi.fn();
  const log = vi.fn();
  let clock = Date.parse("2026-11-21T10:00:00Z");
  const manager = createConsentManager({
    storage,
    cookies,
    events,
    consentModes,
    api: {
      load: options.api?.load ?? (async () => null),
      save:
        options.api?.save ??
        (async (payload) => {
          saved.push(payload);
        }),
    },
    now: () => new Date((clock += 1000)),
    userAgent: "Vitest",
    hostname: "localhost",
    pageUrl: () => "http://localhost/",
    randomId: () => SESSION_ID,
    loadScript,
    log,
    providers: options.providers ?? [],
  });
  return { manager, storage, cookies, events, consentModes, saved, loadScript, log };
}

describe("consent state machine (spec §4)", () => {
  it("a first visit is loaded at once with essential only, nothing stored, and the banner visible", async () => {
    const { manager, storage, saved } = setup();
    expect(manager.getState().isBannerVisible).toBe(false);
    await manager.start();
    expect(manager.getState()).toMatchObject({
      isLoaded: true,
      status: DEFAULT_CONSENT,
      isBannerVisible: true,
    });
    expect(storage.items.size).toBe(0);
    expect(saved).toEqual([]);
  });

  it("'accept all' sets all four (method banner), stores record, history and flag, and saves to the server", async () => {
    const { manager, storage, saved } = setup();
    await manager.start();
    await manager.acceptAll();
    const state = manager.getState();
    expect(state.status).toEqual(ALL_CONSENT);
    expect(state.isBannerVisible).toBe(false);
    expect(state.record).toEqual({
      status: ALL_CONSENT,
      timestamp: "2026-11-21T10:00:01.000Z",
      version: "1.0.0",
      method: "banner",
      userAgent: "Vitest",
    });
    expect(storage.getItem(CONSENT_STORAGE_KEYS.bannerShown)).toBe("true");
    expect(storage.getItem(CONSENT_STORAGE_KEYS.sessionId)).toBe(SESSION_ID);
    expect(saved).toEqual([
      {
        sessionId: SESSION_ID,
        userId: null,
        ...ALL_CONSENT,
        consentMethod: "banner",
        policyVersion: "1.0.0",
        pageUrl: "http://localhost/",
      },
    ]);
  });

  it("'reject all' is essential only (method banner) and survives a restart", async () => {
    const first = setup();
    await first.manager.start();
    await first.manager.rejectAll();
    expect(first.manager.getState().record?.method).toBe("banner");

    const again = createConsentManager({ ...envOf(first), providers: [] });
    await again.start();
    expect(again.getState()).toMatchObject({
      isLoaded: true,
      status: DEFAULT_CONSENT,
      isBannerVisible: false,
    });
  });

  it("a per-category change uses method settings; essential cannot be switched off", async () => {
    const { manager } = setup();
    await manager.start();
    await manager.setCategory("analytics", true);
    expect(manager.getState().status).toEqual({ ...DEFAULT_CONSENT, analytics: true });
    expect(manager.getState().record?.method).toBe("settings");
    await manager.setCategory("essential", false);
    expect(manager.getState().status.essential).toBe(true);
  });

  it("keeps at most 10 history entries", async () => {
    const { manager } = setup();
    await manager.start();
    for (let index = 0; index < 12; index++) await manager.setCategory("functional", index % 2 === 0);
    const history = manager.getState().history;
    expect(history).toHaveLength(10);
    expect(history.at(-1)!.timestamp).toBe("2026-11-21T10:00:12.000Z");
  });

  it("withdrawing a category deletes its cookies", async () => {
    const { manager, cookies } = setup();
    await manager.start();
    await manager.setCategory("analytics", true);
    cookies.set("_ga=GA1.1");
    cookies.set("_fbp=fb.1");
    cookies.set("balans_session=x");
    await manager.setCategory("analytics", false);
    expect(cookies.get()).toBe("balans_session=x");
  });

  it("loads an enabled provider's script only on an off→on change, once; disabled providers never", async () => {
    const disabled = { ...ENABLED_ANALYTICS, id: "other", isEnabled: false };
    const { manager, loadScript, consentModes } = setup({ providers: [ENABLED_ANALYTICS, disabled] });
    await manager.start();
    expect(consentModes.dataLayer).toEqual([
      ["consent", "default", { ...googleConsentMode(DEFAULT_CONSENT), wait_for_update: 500 }],
    ]);
    await manager.setCategory("marketing", true);
    expect(loadScript).not.toHaveBeenCalled();
    await manager.setCategory("analytics", true);
    await manager.setCategory("analytics", false);
    await manager.setCategory("analytics", true);
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript).toHaveBeenCalledWith(ENABLED_ANALYTICS);
    expect(consentModes.dataLayer!.at(-1)).toEqual([
      "consent",
      "update",
      googleConsentMode({ ...DEFAULT_CONSENT, analytics: true, marketing: true }),
    ]);
  });

  it("with every provider disabled nothing is put on the page", async () => {
    const { manager, consentModes, loadScript } = setup();
    await manager.start();
    await manager.acceptAll();
    expect(consentModes).toEqual({});
    expect(loadScript).not.toHaveBeenCalled();
  });

  it("reset clears local consent, history and flag, deletes analytics and marketing cookies, withdraws on the server, and the banner returns", async () => {
    const { manager, storage, cookies, saved, events } = setup();
    const resets = vi.fn();
    events.addEventListener(CONSENT_RESET_EVENT, resets);
    await manager.start();
    await manager.acceptAll();
    cookies.set("_ga=1");
    cookies.set("_gcl_au=1");
    cookies.set("balans_preferences=1");
    await manager.reset();
    expect(manager.getState()).toMatchObject({
      status: DEFAULT_CONSENT,
      record: null,
      history: [],
      isBannerVisible: true,
    });
    expect(storage.items.size).toBe(0);
    expect(cookies.get()).toBe("");
    expect(saved.at(-1)).toMatchObject({
      sessionId: SESSION_ID,
      ...DEFAULT_CONSENT,
      consentMethod: "settings",
    });
    expect(resets).toHaveBeenCalledTimes(1);
  });

  it("sends a consent-update event on a change and applies one sent by someone else", async () => {
    const { manager, events, saved } = setup();
    const updates: unknown[] = [];
    events.addEventListener(CONSENT_UPDATE_EVENT, (event) => updates.push((event as CustomEvent).detail));
    await manager.start();
    await manager.setCategory("functional", true);
    expect(updates).toEqual([{ consent: { ...DEFAULT_CONSENT, functional: true }, method: "settings" }]);

    events.dispatchEvent(new CustomEvent(CONSENT_UPDATE_EVENT, { detail: { consent: ALL_CONSENT } }));
    await vi.waitFor(() => expect(manager.getState().status).toEqual(ALL_CONSENT));
    expect(updates).toHaveLength(2); // the outside event itself, not an echo
    expect(saved).toHaveLength(2);
  });

  it("a consent-reset event from elsewhere returns to the defaults", async () => {
    const { manager, events } = setup();
    await manager.start();
    await manager.acceptAll();
    events.dispatchEvent(new CustomEvent(CONSENT_RESET_EVENT));
    await vi.waitFor(() => expect(manager.getState().status).toEqual(DEFAULT_CONSENT));
    expect(manager.getState().isBannerVisible).toBe(true);
  });

  it.each([
    ["not JSON", "{kapot"],
    [
      "essential false",
      JSON.stringify({
        status: { ...ALL_CONSENT, essential: false },
        timestamp: "2026-11-21T10:00:00.000Z",
        version: "1.0.0",
        method: "banner",
        userAgent: "x",
      }),
    ],
    [
      "another policy version",
      JSON.stringify({
        status: ALL_CONSENT,
        timestamp: "2026-11-21T10:00:00.000Z",
        version: "0.9.0",
        method: "banner",
        userAgent: "x",
      }),
    ],
    [
      "an unknown method",
      JSON.stringify({
        status: ALL_CONSENT,
        timestamp: "2026-11-21T10:00:00.000Z",
        version: "1.0.0",
        method: "popup",
        userAgent: "x",
      }),
    ],
  ])("removes invalid stored consent (%s) and asks again", async (_label, stored) => {
    const { manager, storage } = setup();
    storage.setItem(CONSENT_STORAGE_KEYS.record, stored);
    storage.setItem(CONSENT_STORAGE_KEYS.history, "niet-json");
    await manager.start();
    expect(storage.getItem(CONSENT_STORAGE_KEYS.record)).toBeNull();
    expect(storage.getItem(CONSENT_STORAGE_KEYS.history)).toBeNull();
    expect(manager.getState()).toMatchObject({ status: DEFAULT_CONSENT, isBannerVisible: true });
  });

  it("without a local record but with a session id, uses the server's consent", async () => {
    const answer: ConsentAnswer = {
      ...DEFAULT_CONSENT,
      analytics: true,
      consentGivenAt: "2026-11-20T09:00:00.000Z",
      consentWithdrawnAt: null,
      policyVersion: "1.0.0",
      consentMethod: "settings",
      userAgent: "x",
    };
    const load = vi.fn(async () => answer);
    const { manager, storage } = setup({ api: { load } });
    storage.setItem(CONSENT_STORAGE_KEYS.sessionId, SESSION_ID);
    await manager.start();
    expect(load).toHaveBeenCalledWith(SESSION_ID);
    expect(manager.getState()).toMatchObject({
      isLoaded: true,
      status: { ...DEFAULT_CONSENT, analytics: true },
      isBannerVisible: false,
    });
  });

  it("load and save failures are only logged; the local choice holds", async () => {
    const failing = {
      load: async () => {
        throw new Error("500: kapot");
      },
      save: async () => {
        throw new Error("500: kapot");
      },
    };
    const { manager, storage, log } = setup({ api: failing });
    storage.setItem(CONSENT_STORAGE_KEYS.sessionId, SESSION_ID);
    await manager.start();
    expect(manager.getState()).toMatchObject({ isLoaded: true, isBannerVisible: true });
    await manager.rejectAll();
    expect(manager.getState()).toMatchObject({ isBannerVisible: false, status: DEFAULT_CONSENT });
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe("signing in", () => {
  it("sends the current choice once per user, so the server attaches it to the user", async () => {
    const { manager, saved } = setup();
    await manager.start();
    await manager.syncUser("user-1");
    expect(saved).toEqual([]); // no choice yet: nothing to attach
    await manager.rejectAll();
    expect(saved.at(-1)).toMatchObject({ userId: "user-1", consentMethod: "banner" });
    await manager.syncUser("user-1");
    expect(saved).toHaveLength(1);
  });

  it("attaches an earlier choice when a user signs in later", async () => {
    const { manager, saved } = setup();
    await manager.start();
    await manager.acceptAll();
    await manager.syncUser("user-2");
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ userId: "user-2", ...ALL_CONSENT, consentMethod: "banner" });
  });
});

/** The same browser (storage and cookies) for a second manager: a reload. */
function envOf(previous: ReturnType<typeof setup>) {
  return {
    storage: previous.storage,
    cookies: previous.cookies,
    events: new EventTarget(),
    consentModes: {},
    api: { load: async () => null, save: async () => {} },
    now: () => new Date(),
    userAgent: "Vitest",
    hostname: "localhost",
    pageUrl: () => "http://localhost/",
    randomId: () => SESSION_ID,
    loadScript: () => {},
    log: () => {},
  };
}
