import { afterEach, describe, expect, it, vi } from "vitest";
import { CONSENT_STORAGE_KEYS, DEFAULT_CONSENT, findCookieDescriptor } from "@shared/consent";
import {
  deleteCookie,
  findUnconsentedCookies,
  removeCategoryCookies,
  removeUnconsentedCookies,
  setCookie,
} from "./cookies";
import { FakeCookieJar, FakeStorage } from "./fakes.test-utils";

const ANALYTICS_ONLY = { ...DEFAULT_CONSENT, analytics: true };

afterEach(() => vi.restoreAllMocks());

describe("setCookie (spec §5 Cookies)", () => {
  it.each([
    ["a cookie outside the inventory", "tracker_id", ANALYTICS_ONLY, "not_in_inventory"],
    ["an analytics cookie without analytics consent", "_ga", DEFAULT_CONSENT, "no_consent"],
    ["a marketing cookie with only analytics consent", "_fbp", ANALYTICS_ONLY, "no_consent"],
    ["a localStorage key", CONSENT_STORAGE_KEYS.record, ANALYTICS_ONLY, "not_a_cookie"],
  ])("refuses %s", (_label, name, consent, reason) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const jar = new FakeCookieJar();
    expect(setCookie(name, "1", { jar, storage: new FakeStorage(), consent })).toEqual({
      isSet: false,
      reason,
    });
    expect(jar.writes).toEqual([]);
    if (reason !== "not_a_cookie") expect(warn).toHaveBeenCalled();
  });

  it("sets an allowed cookie with the inventory's path, lifetime, SameSite and Secure", () => {
    const jar = new FakeCookieJar();
    expect(
      setCookie("balans_preferences", "thema=licht", {
        jar,
        storage: new FakeStorage(),
        consent: { ...DEFAULT_CONSENT, functional: true },
      }),
    ).toEqual({ isSet: true });
    expect(jar.writes).toEqual([
      "balans_preferences=thema%3Dlicht; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    ]);
  });

  it("matches prefixed inventory names such as _ga_*", () => {
    expect(findCookieDescriptor("_ga_ABC123")?.category).toBe("analytics");
    expect(findCookieDescriptor("_gax")).toBeUndefined();
  });

  it("reads the stored consent when none is passed", () => {
    const storage = new FakeStorage();
    const jar = new FakeCookieJar();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(setCookie("_gid", "1", { jar, storage }).isSet).toBe(false);
    storage.setItem(
      CONSENT_STORAGE_KEYS.record,
      JSON.stringify({
        status: ANALYTICS_ONLY,
        timestamp: "2026-11-21T10:00:00.000Z",
        version: "1.0.0",
        method: "settings",
        userAgent: "test",
      }),
    );
    expect(setCookie("_gid", "1", { jar, storage }).isSet).toBe(true);
  });
});

describe("removing cookies", () => {
  it("never deletes an essential cookie", () => {
    const jar = new FakeCookieJar();
    jar.set("balans_session=abc");
    expect(deleteCookie("balans_session", jar, "balans.nl")).toBe(false);
    expect(jar.get()).toBe("balans_session=abc");
  });

  it("deletes on the host and its parent domains, where third-party scripts put theirs", () => {
    const jar = new FakeCookieJar();
    jar.set("_ga=GA1");
    deleteCookie("_ga", jar, "app.balans.nl");
    const domains = jar.writes.slice(1).map((write) => write.match(/Domain=([^;]+)/)?.[1] ?? "(host)");
    expect(domains).toEqual(["(host)", "app.balans.nl", ".app.balans.nl", "balans.nl", ".balans.nl"]);
    expect(jar.get()).toBe("");
  });

  it("flags and removes what the consent does not allow, including cookies no policy lists", () => {
    const jar = new FakeCookieJar();
    for (const cookie of ["balans_session=1", "_ga=1", "_ga_XYZ=1", "_fbp=1", "onbekend=1"]) jar.set(cookie);
    expect(findUnconsentedCookies(jar, ANALYTICS_ONLY)).toEqual(["_fbp", "onbekend"]);
    expect(removeUnconsentedCookies(jar, DEFAULT_CONSENT, "localhost")).toEqual([
      "_ga",
      "_ga_XYZ",
      "_fbp",
      "onbekend",
    ]);
    expect(jar.get()).toBe("balans_session=1");
  });

  it("removes the cookies of the given categories only", () => {
    const jar = new FakeCookieJar();
    for (const cookie of ["balans_preferences=1", "_gid=1", "_gcl_au=1"]) jar.set(cookie);
    expect(removeCategoryCookies(jar, ["analytics", "marketing"], "localhost")).toEqual(["_gid", "_gcl_au"]);
    expect(jar.get()).toBe("balans_preferences=1");
  });
});
